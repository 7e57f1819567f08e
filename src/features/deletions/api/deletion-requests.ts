/**
 * The requests of the deletion flow: dry runs, confirms under an Idempotency-Key per batch (kept
 * across retries, so a retried or repeated confirm deletes once), and the names of what a dry run
 * selected.
 */
import {
  batchRequest,
  chunk,
  confirmBatches,
  type CascadeFlags,
  type DeletionTarget,
} from '@/shared-rules/deletion-plan.ts';
import { api, newIdempotencyKey, unwrap } from '@/api/client.ts';
import { withRetries } from '@/api/retry-policy.ts';
import type { DeletionResult } from '@/api/schema.gen.ts';

/**
 * The header naming the operation a call belongs to: the BFF's audit list shows one deletion (its
 * dry runs, re-check and batches) as one operation (bff.yaml `AuditEntry.operation_id`).
 */
export const OPERATION_HEADER = 'X-Cutroom-Operation';

function post(
  target: DeletionTarget,
  body:
    | ReturnType<typeof batchRequest>
    | { reason: string; dry_run?: boolean; confirm_delete?: boolean },
  key: string | null,
  operationId: string,
): Promise<DeletionResult> {
  const header = key === null ? {} : { 'Idempotency-Key': key };
  const headers = { [OPERATION_HEADER]: operationId };
  if (target.kind === 'folder') {
    return unwrap(
      api.POST('/workspace/media/folders/{folderId}/empty', {
        params: { path: { folderId: target.folderId }, header },
        body,
        headers,
      }),
    );
  }
  const path =
    target.kind === 'assets' ? '/workspace/media/assets/batch-delete' : '/projects/batch-delete';
  return unwrap(api.POST(path, { params: { header }, body, headers }));
}

export interface DryRun {
  target: DeletionTarget;
  reason: string;
  flags: CascadeFlags;
  results: DeletionResult[];
  /** One key per confirm batch, made with the dry run: a double click or a retry reuses them. */
  keys: string[];
  /** The operation its calls belong to (one per deletion, from the first dry run to the retry). */
  operationId: string;
}

/** The dry run of a target: one request per batch of 100 ids, or one by filter / folder. */
export async function runDryRun(
  target: DeletionTarget,
  reason: string,
  flags: CascadeFlags,
  operationId: string,
): Promise<DryRun> {
  reason = reason.trim();
  let results: DeletionResult[];
  if (target.kind === 'folder') {
    results = [await withRetries(() => post(target, { reason, dry_run: true }, null, operationId))];
  } else if (target.mode === 'selection') {
    results = [];
    for (const batch of chunk(target.ids)) {
      results.push(
        await withRetries(() =>
          post(target, batchRequest(target, batch, reason, flags, false), null, operationId),
        ),
      );
    }
  } else {
    results = [
      await withRetries(() =>
        post(target, batchRequest(target, null, reason, flags, false), null, operationId),
      ),
    ];
  }
  const batches = target.kind === 'folder' ? 1 : Math.max(1, confirmBatches(results).length);
  return {
    target,
    reason,
    flags,
    results,
    keys: Array.from({ length: batches }, () => newIdempotencyKey()),
    operationId,
  };
}

/**
 * Deletes what the dry run showed: the folder, or exactly the ids it selected (in batches of 100,
 * never the filter again), each batch under its own key.
 */
export async function runConfirm(
  plan: DryRun,
  onBatch: (done: number, total: number) => void,
): Promise<DeletionResult[]> {
  const { target, reason, flags, keys, operationId } = plan;
  if (target.kind === 'folder') {
    onBatch(0, 1);
    const result = await withRetries(() =>
      post(target, { reason, confirm_delete: true, dry_run: false }, keys[0] ?? null, operationId),
    );
    onBatch(1, 1);
    return [result];
  }
  const batches = confirmBatches(plan.results);
  const results: DeletionResult[] = [];
  for (const [index, batch] of batches.entries()) {
    onBatch(index, batches.length);
    const key = keys[index] ?? newIdempotencyKey();
    results.push(
      await withRetries(() =>
        post(target, batchRequest(target, batch, reason, flags, true), key, operationId),
      ),
    );
  }
  onBatch(batches.length, batches.length);
  return results;
}

/** Names of assets or projects by id, read page by page from their lists (at most `maxPages`). */
export async function lookUpNames(
  kind: 'assets' | 'projects',
  ids: readonly string[],
  scope: { folderId?: string | null; search?: string | null; namePrefix?: string | null },
  maxPages = 30,
): Promise<Record<string, string>> {
  const wanted = new Set(ids);
  const names: Record<string, string> = {};
  let found = 0;
  for (let page = 0; page < maxPages && found < wanted.size; page += 1) {
    if (kind === 'assets') {
      const limit = 100;
      const data = await unwrap(
        api.GET('/workspace/media/assets', {
          params: {
            query: {
              limit,
              offset: page * limit,
              ...(scope.folderId ? { folder_id: scope.folderId } : {}),
              // Names of a union are not a single filter's: only narrow for one filter.
              ...(scope.search && !scope.namePrefix ? { search: scope.search } : {}),
              ...(scope.namePrefix && !scope.search ? { name_prefix: scope.namePrefix } : {}),
            },
          },
        }),
      );
      for (const asset of data.assets) {
        if (wanted.has(asset.id) && !(asset.id in names)) {
          names[asset.id] = asset.name;
          found += 1;
        }
      }
      if (!data.bounds.has_more) break;
    } else {
      const limit = 50;
      const data = await unwrap(
        api.GET('/projects', { params: { query: { limit, offset: page * limit } } }),
      );
      for (const project of data.projects) {
        if (wanted.has(project.id) && !(project.id in names)) {
          names[project.id] = project.name;
          found += 1;
        }
      }
      if (!data.bounds.has_more) break;
    }
  }
  return names;
}
