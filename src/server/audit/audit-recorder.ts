/**
 * The audit of destructive calls: every call of an operation the contract marks `x-destructive`
 * (the three deletes, upload abort, run cancel, …) that reaches the service becomes one entry —
 * time, organization, user, endpoint, reason, dry run or not, selected / deleted / failed counts,
 * never the key — written as a JSON log line and appended to the workspace's audit list.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuditEntry, AuditOutcome } from '../../api/bff-schema.gen.ts';
import { checkBffRequest } from '../app/bff-contract.ts';
import type { AllowList } from '../proxy/allow-list.ts';
import { BffError } from '../app/errors.ts';
import { admitSession, withDatabase } from '../app/route-guards.ts';
import type { TokenBuckets } from '../shared-state/shared-state.ts';
import type { ProxyExchange } from '../proxy/proxy.ts';
import type { SessionManager } from '../session/session.ts';
import { auditCsvHeader, auditCsvRow, CSV_BOM } from './audit-csv.ts';
import { decodeCursor } from './audit-paging.ts';
import type { AuditFilters, AuditStore } from './audit-store.ts';

export const AUDIT_ROUTE = '/bff/audit';

/** The client's name for the operation a call belongs to (bff.yaml AuditEntry.operation_id). */
export const OPERATION_HEADER = 'x-cutroom-operation';
const OPERATION_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/** The operation id a request carries, when it is well formed. */
export function operationIdOf(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && OPERATION_ID.test(value) ? value : null;
}

const requestFields = z
  .object({
    reason: z.string().optional(),
    dry_run: z.boolean().optional(),
    confirm_delete: z.boolean().optional(),
  })
  .passthrough();

const resultFields = z
  .object({
    dry_run: z.boolean().optional(),
    selected_count: z.number().optional(),
    deleted_count: z.number().optional(),
    failed_count: z.number().optional(),
  })
  .passthrough();

function parseJson<T>(schema: z.ZodType<T>, body: Buffer | undefined): T | undefined {
  if (body === undefined || body.length === 0) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(body.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** What became of a call: refused or failed, a dry run, done for some items only, or done. */
export function callOutcome(
  status: number,
  dryRun: boolean | null,
  failedCount: number | null,
): AuditOutcome {
  if (status < 200 || status >= 300) return 'failed';
  if (dryRun === true) return 'dry_run';
  return failedCount !== null && failedCount > 0 ? 'partial' : 'succeeded';
}

/** The entry for one exchange (pure: the caller supplies id and time). */
export function auditEntry(
  exchange: Pick<
    ProxyExchange,
    'method' | 'template' | 'status' | 'requestBody' | 'responseBody' | 'replayed'
  > & {
    path: string;
    organizationId: string;
    userId: string;
    operationId?: string | null;
    /** The contract's operation (its `operationId` names the action, its summary says it). */
    contractOperation?: { operationId?: string; summary?: string } | undefined;
  },
  id: string,
  time: string,
): AuditEntry {
  const sent = parseJson(requestFields, exchange.requestBody);
  const answered =
    exchange.status >= 200 && exchange.status < 300
      ? parseJson(resultFields, exchange.responseBody)
      : undefined;
  // The answer says whether it was a dry run; otherwise the request's flags do (the contract's
  // rule: nothing is deleted without confirm_delete, and dry_run wins).
  const dryRun =
    answered?.dry_run ??
    (sent && ('dry_run' in sent || 'confirm_delete' in sent)
      ? sent.dry_run === true || sent.confirm_delete !== true
      : null);
  return {
    id,
    time,
    organization_id: exchange.organizationId,
    user_id: exchange.userId,
    method: exchange.method,
    endpoint: exchange.template,
    path: exchange.path,
    status: exchange.status,
    reason: sent?.reason ?? null,
    dry_run: dryRun,
    selected_count: answered?.selected_count ?? null,
    deleted_count: answered?.deleted_count ?? null,
    failed_count: answered?.failed_count ?? null,
    replayed: exchange.replayed,
    operation_id: exchange.operationId ?? null,
    action: exchange.contractOperation?.operationId ?? `${exchange.method} ${exchange.template}`,
    action_label: exchange.contractOperation?.summary ?? `${exchange.method} ${exchange.template}`,
    outcome: callOutcome(exchange.status, dryRun, answered?.failed_count ?? null),
    user_name: null,
    project_id: null,
    revision_id: null,
    subject_id: null,
    summary: null,
  };
}

export interface AuditRecorderOptions {
  allowList: AllowList;
  store: AuditStore;
  /** Where the JSON line goes (the BFF's logger, at info whatever LOG_LEVEL, unless silent). */
  log: FastifyBaseLogger;
  now?: () => number;
}

/** The proxy hook: records destructive exchanges, ignores everything else. */
export function auditRecorder(
  options: AuditRecorderOptions,
): (exchange: ProxyExchange) => Promise<void> | undefined {
  const now = options.now ?? Date.now;
  const record = async (exchange: ProxyExchange): Promise<void> => {
    const identity = exchange.session.identity;
    const entry = auditEntry(
      {
        ...exchange,
        path: exchange.request.url.replace(/^\/api\/v1/, '').split('?', 1)[0] ?? '',
        organizationId: identity.organization_id,
        userId: identity.user_id,
        operationId: operationIdOf(exchange.request.headers[OPERATION_HEADER]),
        contractOperation: options.allowList.describe(exchange.method, exchange.template),
      },
      randomUUID(),
      new Date(now()).toISOString(),
    );
    options.log.info({ audit: entry }, 'audit: destructive call');
    // A replay changed nothing: it is logged, but the list keeps the call that did the work.
    if (!entry.replayed) await options.store.append(entry);
  };
  // Not destructive (nearly every call): decided at once, no promise.
  return (exchange) =>
    options.allowList.isDestructive(exchange.method, exchange.template)
      ? record(exchange)
      : undefined;
}

/** The filters of a checked audit query (bff.yaml `AuditFrom` … `AuditOutcome`). */
function filtersOf(query: {
  from?: string;
  to?: string;
  user_id?: string[];
  action?: string[];
  outcome?: string[];
}): AuditFilters {
  return {
    from: query.from,
    to: query.to,
    userIds: query.user_id,
    actions: query.action,
    outcomes: query.outcome,
  };
}

const day = (iso: string | undefined, fallback: string): string =>
  iso === undefined ? fallback : iso.slice(0, 10);

/**
 * `GET /bff/audit` (a page of operations), `GET /bff/audit/export` (CSV) and
 * `GET /bff/audit/facets`, for the signed-in workspace.
 */
export function registerAuditRoute(
  app: FastifyInstance,
  options: { sessions: SessionManager; store: AuditStore; limiter: TokenBuckets },
): void {
  const signedIn = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = options.sessions.read(request);
    if (!session) throw new BffError(401, 'unauthenticated', 'Not signed in.');
    await admitSession(options.limiter, session.id);
    reply.header('cache-control', 'no-store');
    return session;
  };

  app.get(AUDIT_ROUTE, async (request, reply) => {
    const session = await signedIn(request, reply);
    // Parameters as bff.yaml declares them (listAuditEntries); 400 naming the field.
    const { query } = checkBffRequest('listAuditEntries', request);
    const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (query.cursor !== undefined && cursor === undefined) {
      throw new BffError(
        400,
        'invalid_request',
        'This page cursor is not one the audit trail gave: start again from the first page.',
        { param: 'cursor' },
      );
    }
    return withDatabase(() =>
      options.store.list(session.identity.organization_id, {
        limit: query.limit ?? 20,
        offset: query.offset ?? 0,
        cursor,
        ...filtersOf(query),
      }),
    );
  });

  app.get(`${AUDIT_ROUTE}/facets`, async (request, reply) => {
    const session = await signedIn(request, reply);
    return withDatabase(() => options.store.facets(session.identity.organization_id));
  });

  app.get(`${AUDIT_ROUTE}/export`, async (request, reply) => {
    const session = await signedIn(request, reply);
    const { query } = checkBffRequest('exportAuditEntries', request);
    const filters = filtersOf(query);
    const entries = options.store.entries(session.identity.organization_id, filters);
    const batches = entries[Symbol.asyncIterator]();
    // The first batch before the answer starts: an unreachable database is still a 503.
    const first = await withDatabase(() => batches.next());
    const today = new Date().toISOString().slice(0, 10);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="cutroom-audit-${day(query.from, 'start')}-${day(query.to, today)}.csv"`,
      );
    async function* lines(): AsyncGenerator<string> {
      yield CSV_BOM + auditCsvHeader();
      let next = first;
      while (!next.done) {
        yield next.value.map(auditCsvRow).join('');
        next = await batches.next();
      }
    }
    return reply.send(Readable.from(lines()));
  });
}
