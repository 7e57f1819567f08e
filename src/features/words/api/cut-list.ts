/**
 * The project's cut list, kept by the BFF (`/bff/projects/{projectId}/cuts`): read as the model's
 * cut records, and kept in step with what each change did (entries gained and lost), shown at
 * once in the cache and sent after the change was applied, retried (recording and removing by id
 * are safe to repeat), in chunks a request body takes.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { bff, unwrap } from '@/api/client.ts';
import type { Cut, NewCut } from '@/api/bff-schema.gen.ts';
import { queryKeys } from '@/api/query-keys.ts';
import { withRetries } from '@/api/retry-policy.ts';
import type { CutRecord } from '../model/cut-record.ts';

/** A request takes at most this many (bff.yaml's NewCuts). */
const RECORD_CHUNK = 100;

export function toEntry(record: CutRecord): NewCut {
  const { targets } = record;
  return {
    id: record.id,
    revision: record.revision,
    text: record.text,
    seconds: record.seconds,
    start_seconds: record.start,
    end_seconds: record.end,
    at_seconds: record.at,
    before: record.before
      ? { word_id: record.before.wordId, seconds: record.before.seconds }
      : null,
    after: record.after ? { word_id: record.after.wordId, seconds: record.after.seconds } : null,
    parts: record.parts.map((part) => ({
      item: part.item,
      words: part.words,
      join_left: part.joinLeft,
      join_right: part.joinRight,
    })),
    targets: {
      layer_index: targets.layerIndex,
      removed: [...targets.removed],
      shorten: targets.shorten.map((pause) => ({ before: pause.before, after: pause.after })),
      pad_seconds: targets.padSeconds,
      clean_up: targets.cleanUp
        ? {
            threshold_seconds: targets.cleanUp.thresholdSeconds,
            target_seconds: targets.cleanUp.targetSeconds,
          }
        : null,
    },
  };
}

export function fromEntry(entry: NewCut | Cut): CutRecord {
  const { targets } = entry;
  return {
    id: entry.id,
    revision: entry.revision,
    text: entry.text,
    seconds: entry.seconds,
    start: entry.start_seconds,
    end: entry.end_seconds,
    at: entry.at_seconds,
    before: entry.before ? { wordId: entry.before.word_id, seconds: entry.before.seconds } : null,
    after: entry.after ? { wordId: entry.after.word_id, seconds: entry.after.seconds } : null,
    parts: entry.parts.map((part) => ({
      item: part.item,
      words: part.words,
      joinLeft: part.join_left,
      joinRight: part.join_right,
    })),
    targets: {
      layerIndex: targets.layer_index,
      removed: targets.removed,
      shorten: targets.shorten,
      padSeconds: targets.pad_seconds,
      ...(targets.clean_up
        ? {
            cleanUp: {
              thresholdSeconds: targets.clean_up.threshold_seconds,
              targetSeconds: targets.clean_up.target_seconds,
            },
          }
        : {}),
    },
  };
}

export const cutListQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.words.cuts(projectId),
    queryFn: async ({ signal }) => {
      const list = await unwrap(
        bff.GET('/bff/projects/{projectId}/cuts', { params: { path: { projectId } }, signal }),
      );
      return list.cuts.map(fromEntry);
    },
    staleTime: 30_000,
  });

/**
 * Shows what a change did to the cut list at once and sends it; answers when the BFF has it.
 * A failure is thrown after the retries (the cache is read again then).
 */
export async function syncCutList(
  queryClient: QueryClient,
  projectId: string,
  change: { adds: readonly CutRecord[]; removes: readonly string[] },
): Promise<void> {
  const key = queryKeys.words.cuts(projectId);
  const gone = new Set(change.removes);
  queryClient.setQueryData<CutRecord[]>(key, (list) => [
    ...(list ?? []).filter((record) => !gone.has(record.id)),
    ...change.adds.filter((record) => !(list ?? []).some((old) => old.id === record.id)),
  ]);
  try {
    for (let i = 0; i < change.adds.length; i += RECORD_CHUNK) {
      const cuts = change.adds.slice(i, i + RECORD_CHUNK).map(toEntry);
      await withRetries(() =>
        unwrap(
          bff.POST('/bff/projects/{projectId}/cuts', {
            params: { path: { projectId } },
            body: { cuts },
          }),
        ),
      );
    }
    if (change.removes.length > 0)
      await withRetries(() =>
        unwrap(
          bff.POST('/bff/projects/{projectId}/cuts/remove', {
            params: { path: { projectId } },
            body: { ids: [...change.removes] },
          }),
        ),
      );
  } catch (error) {
    void queryClient.invalidateQueries({ queryKey: key });
    throw error;
  }
}
