/**
 * GET /openapi.json: the contract (src/api/openapi.yaml) as JSON, with `servers` pointing at this
 * simulator. Node only (reads the file); the browser mock leaves this route out.
 */
import { readFile } from 'node:fs/promises';
import type { HttpHandler } from 'msw';
import { parse } from 'yaml';
import { notFound } from '../lib/errors.ts';
import type { HandlerContext } from './route.ts';
import { json, route } from './route.ts';

const CONTRACT_PATH = new URL('../../src/api/openapi.yaml', import.meta.url);

export function openapiDocumentHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'get', '/openapi.json', async () => {
      let text: string;
      try {
        text = await readFile(CONTRACT_PATH, 'utf8');
      } catch {
        throw notFound('openapi.json', 'The interface description is not available.');
      }
      const document = parse(text) as Record<string, unknown>;
      return json({ ...document, servers: [{ url: ctx.baseUrl }] });
    }),
  ];
}
