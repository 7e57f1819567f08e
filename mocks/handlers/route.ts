/**
 * The one wrapper every simulator route goes through: fault injection, authentication (and the
 * read-only key's 403 on writes), the paid-plan check of operations marked
 * `x-requires-paid-plan`, JSON-object body parsing, validation of the request against the
 * contract's operation for this route (lib/contract-validator.ts: parameters, body, formats,
 * limits), and the conversion of thrown `ApiError`s into the error shape of the reference.
 *
 * Each route must be an operation of src/api/openapi.yaml (same method and path): `route()`
 * throws at start-up otherwise, so a handler cannot exist without its contract entry. Handlers
 * keep only behaviour (state, cross-field rules); what the yaml declares is checked here.
 */
import type { FrameRasterizer } from '../lib/frame-raster.ts';
import { http, type HttpHandler } from 'msw';
import type { operations } from '@/api/schema.gen.ts';
import type { Principal } from '../lib/auth.ts';
import { authenticate, requirePaidPlan } from '../lib/auth.ts';
import type { ContractOperation } from '../lib/contract-validator.ts';
import { contractValidator } from '../lib/contract-validator.ts';
import { ApiError, errorResponse } from '../lib/errors.ts';
import type { JsonObject } from '../lib/validate.ts';
import { parseJsonObject } from '../lib/validate.ts';
import type { Simulator } from '../simulator.ts';
import type { Workspace } from '../store/workspace.ts';

export interface HandlerContext {
  sim: Simulator;
  /** e.g. `http://127.0.0.1:1234/v1` or `/api/v1`; no trailing slash. */
  baseUrl: string;
  /**
   * Key assumed when a request carries no Authorization header (browser mock: the real client
   * talks to the BFF, which holds the key). Absent on the HTTP server: no header is 401.
   */
  /** Key assumed for requests without Authorization (browser mock); a getter follows logins. */
  defaultApiKey?: string | (() => string | undefined) | undefined;
  /** Draws preview frames as JPEG/PNG (Node servers); without it, or when it answers null, SVG. */
  rasterizeFrame?: FrameRasterizer | undefined;
}

export interface RouteRequest {
  sim: Simulator;
  baseUrl: string;
  principal: Principal;
  workspace: Workspace;
  /** Path parameters, checked against the contract (uuid ones lower-cased). */
  params: Record<string, string>;
  query: URLSearchParams;
  /**
   * Query parameters the contract declares, coerced to their declared types and checked, with
   * the declared defaults filled in (e.g. `limit` 20).
   */
  queryValues: Record<string, unknown>;
  /** Parsed JSON object body (`{}` for GET or an empty body). */
  body: JsonObject;
  request: Request;
}

export type RouteResult =
  Response | { status?: number; body: unknown; headers?: Record<string, string> };

/**
 * Kept so that route groups written before contract validation still compile: path parameters
 * are now checked against the contract (a uuid parameter is one whose schema is a Uuid).
 * @deprecated declare the parameter's schema in src/api/openapi.yaml instead.
 */
export interface RouteOptions {
  uuidParams?: readonly string[];
}

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete' | 'all';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Path below the base URL, e.g. `/projects/123/exports`. */
export function relativePath(url: string, baseUrl: string): string {
  const pathname = new URL(url).pathname;
  const basePath = new URL(baseUrl, 'http://placeholder.invalid').pathname.replace(/\/$/, '');
  return pathname.startsWith(basePath) ? pathname.slice(basePath.length) || '/' : pathname;
}

/** The contract operation for an msw route (`/projects/:projectId` → `/projects/{projectId}`). */
function contractOperation(method: Method, path: string): ContractOperation | null {
  if (method === 'all') return null;
  const template = path.replace(/:(\w+)/g, '{$1}');
  const operation = contractValidator().operation(method, template);
  if (!operation) {
    throw new Error(
      `Simulator route ${method.toUpperCase()} ${template} is not an operation of src/api/openapi.yaml: declare it there (then npm run gen:api).`,
    );
  }
  return operation;
}

export function route(
  ctx: HandlerContext,
  method: Method,
  path: string,
  handler: (req: RouteRequest) => RouteResult | Promise<RouteResult>,
  _options: RouteOptions = {},
): HttpHandler {
  const operation = contractOperation(method, path);
  return http[method](`${ctx.baseUrl}${path}`, async ({ request, params }) => {
    const { sim } = ctx;
    try {
      const fault = sim.faults.decide(relativePath(request.url, ctx.baseUrl));
      if (fault.latencyMs > 0) await wait(fault.latencyMs);
      if (fault.kind === 'rate_limited') {
        throw new ApiError(429, 'rate_limited', 'Rate limit reached; retry after a pause.', null, {
          'retry-after': String(fault.retryAfterSeconds),
        });
      }
      if (fault.kind === 'internal_error') {
        throw new ApiError(500, 'internal_error', 'Injected internal server error.', null);
      }
      if (fault.kind === 'not_found') {
        throw new ApiError(
          404,
          'not_found',
          `No route ${request.method} ${relativePath(request.url, ctx.baseUrl)}.`,
          'path',
        );
      }
      const authorization =
        request.headers.get('authorization') ??
        bearerOf(typeof ctx.defaultApiKey === 'function' ? ctx.defaultApiKey() : ctx.defaultApiKey);
      const principal = authenticate(authorization, request.method);
      const workspace = sim.store.workspace(principal.organizationId);
      const flatParams: Record<string, string> = {};
      for (const [key, value] of Object.entries(params)) {
        const text = Array.isArray(value) ? value.join('/') : value;
        if (typeof text === 'string') flatParams[key] = text; // msw already decoded it
      }
      if (operation?.requiresPaidPlan) requirePaidPlan(principal, `"${operation.summary}"`);
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
      const body = hasBody ? parseJsonObject(await request.text()) : {};
      const query = new URL(request.url).searchParams;
      const checked = operation?.validateRequest({
        params: flatParams,
        query,
        headers: request.headers,
        body: hasBody ? body : undefined,
      });
      const result = await handler({
        sim,
        baseUrl: ctx.baseUrl,
        principal,
        workspace,
        params: checked?.path ?? flatParams,
        query,
        queryValues: checked?.query ?? {},
        body,
        request,
      });
      if (result instanceof Response) return result;
      return json(result.body, result.status ?? 200, result.headers ?? {});
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error);
      console.error('[simulator] unexpected error', error);
      return errorResponse(
        new ApiError(500, 'internal_error', 'The simulator failed to handle this request.', null),
      );
    }
  });
}

/**
 * The query of a request as the contract checked it (declared types, defaults filled in), typed by
 * the operation: `queryOf(req, 'listClips').status`.
 */
export function queryOf<Id extends keyof operations>(
  req: RouteRequest,
  _operationId: Id,
): NonNullable<operations[Id]['parameters']['query']> {
  return req.queryValues as NonNullable<operations[Id]['parameters']['query']>;
}

/** Plain-value convenience for handlers: `ok(body)` → 200 JSON. */
export const ok = (body: unknown): RouteResult => ({ body });

function bearerOf(key: string | undefined): string | null {
  return key ? `Bearer ${key}` : null;
}
