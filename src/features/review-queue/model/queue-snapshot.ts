/**
 * The queue as the cache holds it: every revision read so far (entries, by revision id), where
 * they came from, how far the reading got, and what could not be read. Built from the stream of
 * pages by `reduceQueue`; patched in place of a refresh after this browser's own decisions.
 */
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';
import type { QueueEntry } from './queue-entry.ts';
import type { ProjectRef, QueueChunk, QueueProgress } from './queue-pagers.ts';

export type QueueSource = 'workspace' | 'projects';

export interface QueueSnapshot {
  entries: readonly QueueEntry[];
  /** The workspace-wide list, or every project's own list (the service lacks the former). */
  source: QueueSource | null;
  /** Every page was read. */
  complete: boolean;
  progress: QueueProgress | null;
  failed: ReadonlyArray<{ project: ProjectRef; error: unknown }>;
}

export type QueueEvent =
  { kind: 'source'; source: QueueSource } | { kind: 'page'; chunk: QueueChunk } | { kind: 'done' };

export const EMPTY_QUEUE: QueueSnapshot = {
  entries: [],
  source: null,
  complete: false,
  progress: null,
  failed: [],
};

/** Adds one step of the reading. A revision listed twice (pages shifted under us) counts once. */
export function reduceQueue(snapshot: QueueSnapshot, event: QueueEvent): QueueSnapshot {
  switch (event.kind) {
    case 'source':
      return { ...EMPTY_QUEUE, source: event.source };
    case 'done':
      return { ...snapshot, complete: true };
    case 'page': {
      const { chunk } = event;
      let entries = snapshot.entries;
      if (chunk.entries.length > 0) {
        const known = new Map(snapshot.entries.map((entry, index) => [entry.revision.id, index]));
        const next = [...snapshot.entries];
        for (const entry of chunk.entries) {
          const index = known.get(entry.revision.id);
          if (index === undefined) {
            known.set(entry.revision.id, next.length);
            next.push(entry);
          } else next[index] = entry;
        }
        entries = next;
      }
      return {
        ...snapshot,
        entries,
        progress: chunk.progress,
        failed: chunk.failed.length ? [...snapshot.failed, ...chunk.failed] : snapshot.failed,
      };
    }
  }
}

/** The snapshot with `revision` as the service now says it is (this browser's decision). */
export function withRevision(
  snapshot: QueueSnapshot,
  revision: FacelessPlanRevision,
): QueueSnapshot {
  let changed = false;
  const entries = snapshot.entries.map((entry) => {
    if (entry.revision.id !== revision.id) return entry;
    changed = true;
    return { ...entry, revision };
  });
  return changed ? { ...snapshot, entries } : snapshot;
}

/** What the queue shows, as one string: equal strings, nothing changed for the reviewer. */
export function fingerprintOf(snapshot: QueueSnapshot): string {
  return snapshot.entries
    .map((entry) => `${entry.revision.id}@${entry.revision.updated_at}/${entry.latestRevision}`)
    .sort()
    .join('|');
}

/**
 * How long the open queue waits before reading itself again (revisions created elsewhere send no
 * event): 15 s, doubling with each read that found nothing new, up to 2 minutes; four times as
 * long when each read costs a request per project (the per-project lists).
 */
export function pollingDelayMs(unchangedReads: number, source: QueueSource | null = null): number {
  const delay = Math.min(120_000, 15_000 * 2 ** Math.max(0, unchangedReads));
  return source === 'projects' ? delay * 4 : delay;
}
