/**
 * Input checks shared by every handler. Each throws `invalid(param, message)` naming the offending
 * field exactly as the client sent it (`limit`, `reason`, `ids[3]`, `Idempotency-Key`, ...).
 */
import { invalid } from './errors.ts';
import { isUuid } from './uuid.ts';

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

export function requireUuid(value: unknown, param: string): string {
  if (!isUuid(value))
    throw invalid(param, `${param} must be a UUID (versions 1-8, variant 8/9/a/b).`);
  return value;
}

export function requireString(
  body: JsonObject,
  key: string,
  options: { min?: number; max?: number } = {},
): string {
  const value = body[key];
  if (value === undefined || value === null) throw invalid(key, `${key} is required.`);
  return checkString(value, key, options);
}

export function optionalString(
  body: JsonObject,
  key: string,
  options: { min?: number; max?: number } = {},
): string | null {
  const value = body[key];
  if (value === undefined || value === null) return null;
  return checkString(value, key, options);
}

function checkString(value: unknown, key: string, options: { min?: number; max?: number }): string {
  if (typeof value !== 'string') throw invalid(key, `${key} must be a string.`);
  const { min = 0, max = Number.POSITIVE_INFINITY } = options;
  if (value.length < min || value.length > max) {
    throw invalid(key, `${key} must be between ${min} and ${max} characters long.`);
  }
  return value;
}

export function optionalBoolean(body: JsonObject, key: string, fallback = false): boolean {
  const value = body[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw invalid(key, `${key} must be a boolean.`);
  return value;
}

export function optionalNumber(
  body: JsonObject,
  key: string,
  options: { min?: number; max?: number; integer?: boolean } = {},
): number | null {
  const value = body[key];
  if (value === undefined || value === null) return null;
  return checkNumber(value, key, options);
}

export function requireNumber(
  body: JsonObject,
  key: string,
  options: { min?: number; max?: number; integer?: boolean } = {},
): number {
  const value = body[key];
  if (value === undefined || value === null) throw invalid(key, `${key} is required.`);
  return checkNumber(value, key, options);
}

function checkNumber(
  value: unknown,
  key: string,
  options: { min?: number; max?: number; integer?: boolean },
): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw invalid(key, `${key} must be a number.`);
  }
  if (options.integer && !Number.isInteger(value)) throw invalid(key, `${key} must be an integer.`);
  if (options.min !== undefined && value < options.min) {
    throw invalid(key, `${key} must be >= ${options.min}.`);
  }
  if (options.max !== undefined && value > options.max) {
    throw invalid(key, `${key} must be <= ${options.max}.`);
  }
  return value;
}

/** An array of strings (default empty), at most `max` items, each checked by `item`. */
export function optionalStringArray(
  body: JsonObject,
  key: string,
  options: { max?: number; uuid?: boolean } = {},
): string[] {
  const value = body[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid(key, `${key} must be an array.`);
  if (options.max !== undefined && value.length > options.max) {
    throw invalid(key, `${key} must contain at most ${options.max} items.`);
  }
  return value.map((item: unknown, index) => {
    const param = `${key}[${index}]`;
    if (options.uuid) return requireUuid(item, param);
    if (typeof item !== 'string') throw invalid(param, `${param} must be a string.`);
    return item;
  });
}

/** Query-string integer (`limit`, `offset`): absent → fallback; otherwise an integer in range. */
export function queryInteger(
  params: URLSearchParams,
  key: string,
  options: { min: number; max?: number; fallback: number },
): number {
  const raw = params.get(key);
  if (raw === null) return options.fallback;
  const value = raw.trim() === '' ? Number.NaN : Number(raw);
  const { min, max } = options;
  const range = max === undefined ? `>= ${min}` : `between ${min} and ${max}`;
  if (!Number.isInteger(value) || value < min || (max !== undefined && value > max)) {
    throw invalid(key, `${key} must be an integer ${range}.`);
  }
  return value;
}

export function queryString(
  params: URLSearchParams,
  key: string,
  options: { min?: number; max?: number } = {},
): string | null {
  const raw = params.get(key);
  if (raw === null) return null;
  return checkString(raw, key, options);
}
