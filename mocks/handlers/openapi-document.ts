/**
 * GET /openapi.json: the contract (src/api/openapi.yaml, as generated into
 * src/api/openapi-document.gen.ts) as JSON, with `servers` pointing at this simulator.
 */
import type { HttpHandler } from 'msw';
import { openapiDocument } from '@/api/openapi-document.gen.ts';
import type { HandlerContext } from './route.ts';
import { json, route } from './route.ts';

export function openapiDocumentHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'get', '/openapi.json', () =>
      json({ ...openapiDocument, servers: [{ url: ctx.baseUrl }] }),
    ),
  ];
}
