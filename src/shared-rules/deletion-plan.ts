/**
 * The one deletion flow, as pure logic: what is being deleted (a selection, a search / name
 * prefix, or a folder), the batches of at most 100 ids the service accepts, the reason rule, the
 * check that a confirm still deletes exactly what the dry run showed, and the merged result.
 */
import type { DeleteRequest, DeletionResult } from '@/api/schema.gen.ts';
import { NAME_FILTER_MAX } from './name-filter.ts';

/** The reference's limit on `ids` per delete request. */
export const MAX_IDS_PER_REQUEST = 100;
export const REASON_MIN = 3;
export const REASON_MAX = 500;

export type DeletableKind = 'assets' | 'projects';

export type DeletionTarget =
  | {
      kind: DeletableKind;
      mode: 'selection';
      ids: readonly string[];
      /** Names the caller knows (id → name). */
      names: Readonly<Record<string, string>>;
    }
  | { kind: DeletableKind; mode: 'filter'; search: string | null; namePrefix: string | null }
  | { kind: 'folder'; folderId: string; folderName: string };

export interface CascadeFlags {
  deleteGeneratedClips: boolean;
  deleteLinkedProjects: boolean;
}

export function chunk<T>(items: readonly T[], size = MAX_IDS_PER_REQUEST): T[][] {
  const batches: T[][] = [];
  for (let index = 0; index < items.length; index += size) {
    batches.push(items.slice(index, index + size));
  }
  return batches;
}

/** The reason the service requires (3 to 500 characters), checked as the user types. */
export function reasonProblem(
  reason: string,
  why = 'these items are being deleted',
): string | null {
  const length = reason.trim().length;
  if (length === 0) return `Say why ${why}; the audit log keeps it.`;
  if (length < REASON_MIN) return `Give a reason of at least ${REASON_MIN} characters.`;
  if (reason.length > REASON_MAX) {
    return `Keep the reason to ${REASON_MAX} characters (${reason.length} now).`;
  }
  return null;
}

/** A search or name-prefix filter: empty is "no filter"; otherwise 1 to 200 characters. */
export function nameFilterProblem(value: string, label: string): string | null {
  if (value.length > NAME_FILTER_MAX) {
    return `${label} can be at most ${NAME_FILTER_MAX} characters (${value.length} now).`;
  }
  if (value.length > 0 && value.trim().length === 0) return `${label} cannot be only spaces.`;
  return null;
}

/** The service's union rule, in words. */
export function describeFilter(
  kind: DeletableKind,
  search: string | null,
  namePrefix: string | null,
): string {
  const what = kind === 'assets' ? 'assets' : 'projects';
  const parts = [
    search ? `whose name contains “${search}”` : null,
    namePrefix ? `whose name starts with “${namePrefix}”` : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return `No ${what} (give a search or a name prefix).`;
  // Say what applies: one rule, or the two with how they combine.
  if (parts.length === 1)
    return `Every ${what.slice(0, -1)} ${parts[0]} (ignoring case) is selected.`;
  return `Every ${what.slice(0, -1)} ${parts.join(', or ')} (ignoring case): items matching either are selected.`;
}

/** The body of one dry run or confirm request of a batch delete. */
export function batchRequest(
  target: Exclude<DeletionTarget, { kind: 'folder' }>,
  batchIds: readonly string[] | null,
  reason: string,
  flags: CascadeFlags,
  confirm: boolean,
): DeleteRequest {
  const body: DeleteRequest = {
    reason,
    ...(confirm ? { confirm_delete: true, dry_run: false } : { dry_run: true }),
  };
  if (target.kind === 'assets') {
    body.delete_generated_clips = flags.deleteGeneratedClips;
    body.delete_linked_projects = flags.deleteLinkedProjects;
  } else {
    body.delete_generated_clips = flags.deleteGeneratedClips;
  }
  if (batchIds !== null) body.ids = [...batchIds];
  else if (target.mode === 'filter') {
    if (target.search) body.search = target.search;
    if (target.namePrefix) body.name_prefix = target.namePrefix;
  }
  return body;
}

/** What one dry run said, per batch, reduced to what a confirm must not change. */
export interface PlanSnapshot {
  selected: string[];
  missing: string[];
  linkedProjectIds: string[];
  generatedClipCount: number;
}

function isNotFound(item: { error: string }): boolean {
  return item.error.startsWith('not_found');
}

export function snapshotOf(results: readonly DeletionResult[]): PlanSnapshot {
  const selected = results.flatMap((result) => result.selected_ids);
  const missing = results.flatMap((result) =>
    result.failed_items.filter(isNotFound).map((item) => item.id),
  );
  const linked = results.flatMap(
    (result) => result.impact?.linked_projects?.map((project) => project.id ?? '') ?? [],
  );
  return {
    selected: [...new Set(selected)].sort(),
    missing: [...new Set(missing)].sort(),
    linkedProjectIds: [...new Set(linked)].filter(Boolean).sort(),
    generatedClipCount: results.reduce(
      (sum, result) => sum + (result.impact?.generated_clip_count ?? 0),
      0,
    ),
  };
}

export interface PlanChange {
  unchanged: boolean;
  added: string[];
  removed: string[];
  impactChanged: boolean;
}

/** Compares the dry run the user confirmed with the one taken just before deleting. */
export function comparePlans(shown: PlanSnapshot, now: PlanSnapshot): PlanChange {
  const before = new Set(shown.selected);
  const after = new Set(now.selected);
  const added = now.selected.filter((id) => !before.has(id));
  const removed = shown.selected.filter((id) => !after.has(id));
  const impactChanged =
    shown.generatedClipCount !== now.generatedClipCount ||
    shown.linkedProjectIds.join(',') !== now.linkedProjectIds.join(',');
  return {
    unchanged: added.length === 0 && removed.length === 0 && !impactChanged,
    added,
    removed,
    impactChanged,
  };
}

/** The ids a confirm deletes, batched: exactly what the dry run selected (never a filter again). */
export function confirmBatches(results: readonly DeletionResult[]): string[][] {
  return chunk(snapshotOf(results).selected);
}

export interface MergedResult {
  selected: number;
  deleted: number;
  failed: Array<{ id: string; error: string }>;
  deletedIds: string[];
  /** Each request's own counts, in order (a selection of more than 100 is several batches). */
  batches: Array<{ deleted: number; failed: number }>;
}

export function mergeResults(results: readonly DeletionResult[]): MergedResult {
  const failed = new Map<string, string>();
  for (const result of results) {
    for (const item of result.failed_items) failed.set(item.id, item.error);
  }
  const deletedIds = results.flatMap((result) => result.deleted_ids);
  return {
    selected: results.reduce((sum, result) => sum + result.selected_count, 0),
    deleted: results.reduce((sum, result) => sum + result.deleted_count, 0),
    failed: [...failed].map(([id, error]) => ({ id, error })),
    deletedIds,
    batches: results.map((result) => ({
      deleted: result.deleted_count,
      failed: result.failed_count,
    })),
  };
}

/** The typed confirmation: the number of items, digits only. */
export function confirmationMatches(typed: string, count: number): boolean {
  return typed.trim() === String(count);
}

/** Words for a failed item's error (`code: message`), so the user knows what to do. */
export function describeFailure(error: string): string {
  const match = /^([a-z_]+):\s*(.*)$/s.exec(error);
  if (!match) return error;
  const [, code, message] = match as unknown as [string, string, string];
  const lead: Record<string, string> = {
    not_found: 'Already gone',
    unavailable: 'Temporarily failed',
    busy: 'In use',
  };
  return `${lead[code] ?? code}: ${message}`;
}
