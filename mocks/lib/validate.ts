/**
 * A request body as JSON. Every other input rule (types, formats, limits) is the contract's,
 * checked by contract-validator.ts before a handler runs; handlers keep only behaviour.
 */
import { invalid } from './errors.ts';

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses a request body that must be a JSON object. An empty body counts as `{}`. */
export function parseJsonObject(text: string): JsonObject {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid('body', 'The request body is not valid JSON.');
  }
  if (!isJsonObject(value)) throw invalid('body', 'The request body must be a JSON object.');
  return value;
}
