/** Helpers shared by the route groups: pagination, project lookup, idempotent responses. */
import { checkIdempotencyKey } from '../lib/idempotency.ts';
import { notFound } from '../lib/errors.ts';
import { queryInteger } from '../lib/validate.ts';
import type { Bounds } from '../store/contract.ts';
import type { ProjectRecord } from '../store/workspace.ts';
import { findProject } from '../store/workspace.ts';
import type { RouteRequest } from './route.ts';

export const DEFAULT_LIMIT = 20;

export function pageParams(req: RouteRequest, maxLimit: number): { limit: number; offset: number } {
  return {
    limit: queryInteger(req.query, 'limit', { min: 1, max: maxLimit, fallback: DEFAULT_LIMIT }),
    offset: queryInteger(req.query, 'offset', { min: 0, fallback: 0 }),
  };
}

export function paginate<T>(
  items: readonly T[],
  page: { limit: number; offset: number },
): { page: T[]; bounds: Bounds } {
  const slice = items.slice(page.offset, page.offset + page.limit);
  return {
    page: slice,
    bounds: {
      limit: page.limit,
      offset: page.offset,
      total: items.length,
      returned: slice.length,
      has_more: page.offset + slice.length < items.length,
      truncated: false,
    },
  };
}

export function requireProject(req: RouteRequest, param = 'projectId'): ProjectRecord {
  const id = req.params[param] ?? '';
  const record = findProject(req.workspace, id);
  if (!record) throw notFound(param, `No project ${id} in this workspace.`);
  return record;
}

/**
 * Runs `produce` under the request's Idempotency-Key (if any). The input compared on reuse is the
 * path parameters plus the body.
 */
export async function idempotent(
  req: RouteRequest,
  operation: string,
  produce: () => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>,
): Promise<Response> {
  const key = checkIdempotencyKey(req.request.headers.get('idempotency-key'));
  const { response, replayed } = await req.sim.idempotency.run(
    {
      organizationId: req.principal.organizationId,
      operation,
      key,
      input: { params: req.params, body: req.body },
    },
    async () => {
      const result = await produce();
      return { status: result.status, body: JSON.stringify(result.body), headers: {} };
    },
  );
  return new Response(response.body, {
    status: response.status,
    headers: {
      'content-type': 'application/json',
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    },
  });
}
