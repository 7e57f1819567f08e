/**
 * The assumed rules of the three delete operations (asset batch delete, project batch delete,
 * folder empty), written once:
 *
 * - `ids`, `search` and `name_prefix` select the UNION of what each matches (search: case-insensitive
 *   substring of the name; name_prefix: case-insensitive prefix). At least one selector is
 *   required (400, param `ids`). Folder empty selects every asset of the folder instead.
 * - An id that does not exist is a `failed_items` entry `{ id, error: 'not_found: ...' }`, never a
 *   404; `success` is false when anything failed.
 * - Nothing is deleted unless `confirm_delete: true` and `dry_run` is not true: `dry_run` wins, and
 *   a request with neither flag answers as a dry run (`dry_run: true`).
 * - `impact` lists the projects linked to the selected items and counts the clips generated from
 *   them. Those are exactly the records the cascade flags act on: with `delete_linked_projects` /
 *   `delete_generated_clips` true they are deleted too (on confirm); with the flag false they stay
 *   and are left dangling. Either way they are affected, so the counts do not depend on the flags.
 */
import { invalid } from '../lib/errors.ts';
import type { JsonObject } from '../lib/validate.ts';
import type { Schema } from '../store/contract.ts';

export interface DeleteSelectors {
  ids: string[];
  search: string | null;
  namePrefix: string | null;
}

export interface DeleteFlags {
  reason: string;
  confirmDelete: boolean;
  dryRun: boolean;
  deleteGeneratedClips: boolean;
  deleteLinkedProjects: boolean;
}

export interface DeleteRequest extends DeleteSelectors, DeleteFlags {
  /** True when nothing will actually be deleted (explicit dry run, or no confirm_delete). */
  effectiveDryRun: boolean;
}

export function effectiveDryRun(flags: Pick<DeleteFlags, 'dryRun' | 'confirmDelete'>): boolean {
  return flags.dryRun || !flags.confirmDelete;
}

/** The flags of a delete body the contract already checked (FolderEmptyRequest, DeleteRequest). */
export function parseDeleteFlags(body: JsonObject): DeleteFlags {
  const request = body as Schema<'DeleteRequest'>;
  return {
    reason: request.reason,
    confirmDelete: request.confirm_delete ?? false,
    dryRun: request.dry_run ?? false,
    deleteGeneratedClips: request.delete_generated_clips ?? false,
    deleteLinkedProjects: request.delete_linked_projects ?? false,
  };
}

/**
 * Body of the two batch deletes (ids, search, name_prefix plus the flags), already checked against
 * the contract; what remains is the cross-field rule that at least one selector is given.
 */
export function parseBatchDeleteBody(body: JsonObject): DeleteRequest {
  const flags = parseDeleteFlags(body);
  const request = body as Schema<'DeleteRequest'>;
  const ids = request.ids ?? [];
  const search = request.search ?? null;
  const namePrefix = request.name_prefix ?? null;
  if (ids.length === 0 && search === null && namePrefix === null) {
    throw invalid('ids', 'Select something to delete: give ids, search or name_prefix.');
  }
  return { ...flags, ids, search, namePrefix, effectiveDryRun: effectiveDryRun(flags) };
}

export interface Named {
  id: string;
  name: string;
}

/**
 * Union selection, in a stable order: the given ids first (in request order, duplicates
 * dropped), then search / name_prefix matches in store order. Ids compare case-insensitively.
 */
export function selectUnion<T extends Named>(
  items: readonly T[],
  selectors: DeleteSelectors,
): { selected: T[]; missingIds: string[] } {
  const byId = new Map(items.map((item) => [item.id.toLowerCase(), item]));
  const chosen = new Set<string>();
  const selected: T[] = [];
  const missingIds: string[] = [];
  const seenIds = new Set<string>();
  for (const rawId of selectors.ids) {
    const id = rawId.toLowerCase();
    if (seenIds.has(id)) continue;
    seenIds.add(id);
    const item = byId.get(id);
    if (!item) {
      missingIds.push(rawId);
      continue;
    }
    chosen.add(id);
    selected.push(item);
  }
  const search = selectors.search?.toLowerCase() ?? null;
  const prefix = selectors.namePrefix?.toLowerCase() ?? null;
  if (search !== null || prefix !== null) {
    for (const item of items) {
      const key = item.id.toLowerCase();
      if (chosen.has(key)) continue;
      const name = item.name.toLowerCase();
      if (
        (search !== null && name.includes(search)) ||
        (prefix !== null && name.startsWith(prefix))
      ) {
        chosen.add(key);
        selected.push(item);
      }
    }
  }
  return { selected, missingIds };
}
