/** Helpers shared by the route groups: pagination, project lookup, idempotent responses. */
import { checkIdempotencyKey } from '../lib/idempotency.ts';
import { notFound } from '../lib/errors.ts';
import type { ProjectRecord } from '../store/workspace.ts';
import { findProject } from '../store/workspace.ts';
import type { RouteRequest } from './route.ts';
import type { Bounds } from '@/api/schema.gen.ts';

/**
 * `limit` and `offset` of a list request, as the contract checked them and filled in their
 * declared defaults (the operation's `limit` bounds and default live in openapi.yaml).
 */
export function pageParams(
  req: RouteRequest,
  /** @deprecated ignored: the maximum is the contract's (kept so older callers compile). */
  _maxLimit?: number,
): { limit: number; offset: number } {
  const { limit, offset } = req.queryValues;
  if (typeof limit !== 'number' || typeof offset !== 'number') {
    throw new Error('pageParams: the operation declares no limit/offset query parameters.');
  }
  return { limit, offset };
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
