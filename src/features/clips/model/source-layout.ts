/**
 * The source view: clips grouped by the source they were cut from, each source a bar of its
 * duration with its clips at their windows (overlapping windows stacked in lanes), listed in the
 * order they occur or by score.
 */
import { appliedSuggestion } from './clip-problems.ts';
import type { Clip } from '@/api/schema.gen.ts';

export type SourceSort = 'position' | 'score';

export interface SourceGroup {
  key: string;
  kind: 'asset' | 'video' | 'unknown';
  assetId: string;
  videoUrl: string;
  /** Seconds: the source's canonical duration, or the furthest clip end when that is missing. */
  duration: number;
  clips: Clip[];
}

export function sourceKey(clip: Clip): string {
  const source = clip.source;
  if (source?.asset_id) return `asset:${source.asset_id}`;
  if (source?.youtube_url) return `video:${source.youtube_url}`;
  return 'unknown';
}

/** Has the clip a window on its source yet (selection applied)? */
export function hasWindow(clip: Clip): boolean {
  const window = clip.clip_window;
  return (window?.end_seconds ?? 0) > (window?.start_seconds ?? 0);
}

/** Groups clips by source, in the order each source first appears. */
export function groupBySource(clips: readonly Clip[]): SourceGroup[] {
  const groups = new Map<string, SourceGroup>();
  for (const clip of clips) {
    const key = sourceKey(clip);
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        kind: key.startsWith('asset:') ? 'asset' : key.startsWith('video:') ? 'video' : 'unknown',
        assetId: clip.source?.asset_id ?? '',
        videoUrl: clip.source?.youtube_url ?? '',
        duration: 0,
        clips: [],
      };
      groups.set(key, group);
    }
    group.clips.push(clip);
    group.duration = Math.max(
      group.duration,
      clip.source?.canonical_duration_seconds ?? 0,
      clip.clip_window?.end_seconds ?? 0,
    );
  }
  return [...groups.values()];
}

/** The score the clip was chosen by (its applied suggestion's), or null. */
export function clipScore(clip: Clip): number | null {
  const score = appliedSuggestion(clip)?.score;
  return typeof score === 'number' && Number.isFinite(score) ? score : null;
}

const start = (clip: Clip): number =>
  hasWindow(clip) ? (clip.clip_window?.start_seconds ?? 0) : Number.POSITIVE_INFINITY;

/** By position in the source (clips without a window last), or by score (best first). */
export function sortClips(clips: readonly Clip[], sort: SourceSort): Clip[] {
  const byPosition = (a: Clip, b: Clip) =>
    start(a) - start(b) ||
    (a.clip_window?.end_seconds ?? 0) - (b.clip_window?.end_seconds ?? 0) ||
    a.clip_id.localeCompare(b.clip_id);
  if (sort === 'position') return [...clips].sort(byPosition);
  return [...clips].sort((a, b) => {
    const sa = clipScore(a);
    const sb = clipScore(b);
    if (sa === null || sb === null) return sa === sb ? byPosition(a, b) : sa === null ? 1 : -1;
    return sb - sa || byPosition(a, b);
  });
}

/**
 * Lanes for overlapping windows: each clip goes in the first lane whose last clip ended before
 * it starts (greedy interval partitioning, minimal lanes). Clips without a window get none.
 */
export function packLanes(clips: readonly Clip[]): { lanes: Map<string, number>; count: number } {
  const lanes = new Map<string, number>();
  const ends: number[] = [];
  for (const clip of sortClips(clips.filter(hasWindow), 'position')) {
    const from = clip.clip_window?.start_seconds ?? 0;
    let lane = ends.findIndex((end) => end <= from);
    if (lane === -1) {
      lane = ends.length;
      ends.push(0);
    }
    ends[lane] = clip.clip_window?.end_seconds ?? from;
    lanes.set(clip.clip_id, lane);
  }
  return { lanes, count: Math.max(1, ends.length) };
}

/** Percent of the bar for a time, clamped to [0, 100]. */
export function percentOf(seconds: number, duration: number): number {
  if (!(duration > 0)) return 0;
  return Math.min(100, Math.max(0, (seconds / duration) * 100));
}
