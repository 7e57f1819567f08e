/**
 * Authentication of the simulator: the demo keys of src/shared-rules/demo-workspaces.ts. Any other key (or
 * none) is 401 `unauthorized`.
 * - vcs_test_demo_paid: test environment, plan `pro`, organization `org_demo`.
 * - vcs_test_demo_free: test environment, plan `free`, organization `org_demo_free` (own workspace);
 *   paid-plan operations answer 403 `plan_required`.
 * - vcs_test_demo_readonly: organization `org_demo` (same data as paid); every POST / PATCH / PUT /
 *   DELETE answers 403 `insufficient_access`.
 */
import type { DemoIdentity } from '@/shared-rules/demo-workspaces.ts';
import { demoIdentity } from '@/shared-rules/demo-workspaces.ts';
import { ApiError } from './errors.ts';

export interface Principal extends DemoIdentity {
  apiKey: string;
}

export { DEMO_KEYS, DEMO_ORGS } from '@/shared-rules/demo-workspaces.ts';

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** Resolves the Authorization header; throws 401 / 403 as the reference requires. */
export function authenticate(authorization: string | null, method: string): Principal {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const apiKey = match?.[1];
  const known = apiKey === undefined ? undefined : demoIdentity(apiKey);
  if (!apiKey || !known) {
    throw new ApiError(
      401,
      'unauthorized',
      authorization
        ? 'The API key is not valid.'
        : 'Missing Authorization header (expected `Bearer <API_KEY>`).',
      'Authorization',
    );
  }
  const principal: Principal = { apiKey, ...known };
  if (principal.readOnly && WRITE_METHODS.has(method.toUpperCase())) {
    throw new ApiError(
      403,
      'insufficient_access',
      'This API key is read-only; write operations are not allowed.',
      'Authorization',
    );
  }
  return principal;
}

/** 403 `plan_required` for operations that need an active paid plan. */
export function requirePaidPlan(principal: Principal, operation: string): void {
  if (principal.plan === 'free') {
    throw new ApiError(
      403,
      'plan_required',
      `${operation} requires an active paid plan; the workspace is on the free plan.`,
      null,
    );
  }
}
