/**
 * GET /openapi.json: the contract (src/api/openapi.yaml) as JSON, with `servers` pointing at this
 * simulator. Node only (reads the file); the browser mock leaves this route out.
 */
import { readFile, stat } from 'node:fs/promises';
import type { HttpHandler } from 'msw';
import { parse } from 'yaml';
import { notFound } from '../lib/errors.ts';
import type { HandlerContext } from './route.ts';
import { json, route } from './route.ts';

const CONTRACT_PATH = new URL('../../src/api/openapi.yaml', import.meta.url);

let cache: { mtimeMs: number; document: Record<string, unknown> } | null = null;

/** Parses the yaml once per change of the file (parsing takes a few hundred ms). */
async function loadContract(): Promise<Record<string, unknown>> {
  const { mtimeMs } = await stat(CONTRACT_PATH);
  if (cache?.mtimeMs !== mtimeMs) {
    cache = {
      mtimeMs,
      document: parse(await readFile(CONTRACT_PATH, 'utf8')) as Record<string, unknown>,
    };
  }
  return cache.document;
}

export function openapiDocumentHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'get', '/openapi.json', async () => {
      let document: Record<string, unknown>;
      try {
        document = await loadContract();
      } catch {
        throw notFound('openapi.json', 'The interface description is not available.');
      }
      return json({ ...document, servers: [{ url: ctx.baseUrl }] });
    }),
  ];
}
