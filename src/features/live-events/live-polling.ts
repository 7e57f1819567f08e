/**
 * What a tab polls while the live stream is down (apart from the event map, which loads with the
 * first event: a screen with no news to apply needs none of it).
 */
import type { QueryKey } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys.ts';

/** The query families that live events keep fresh; polled when the stream is down. */
export const liveQueryRoots: QueryKey[] = [
  queryKeys.jobs.all,
  queryKeys.exports.all,
  queryKeys.plans.all,
  queryKeys.media.all,
  queryKeys.clips.all,
  queryKeys.reviewQueue,
  queryKeys.planNotes.all,
  queryKeys.reviewStates.all,
];

/** Polling back-off while the event stream is down: 5 s, 10 s, 20 s, then every 30 s. */
export function pollingIntervalMs(attempt: number): number {
  return Math.min(30_000, 5_000 * 2 ** Math.max(0, attempt));
}
