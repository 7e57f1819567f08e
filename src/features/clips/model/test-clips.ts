/** Clip records for the model tests: a minimal clip with the fields a test sets. */
import type { Clip, ClipSuggestion } from '@/api/schema.gen.ts';

export function suggestion(id: string, start: number, end: number, score: number): ClipSuggestion {
  return {
    suggestion_id: id,
    title: `Moment ${id}`,
    hook: `Hook ${id}`,
    start_seconds: start,
    end_seconds: end,
    duration_seconds: end - start,
    score,
  };
}

export function clipAt(
  id: string,
  window: [number, number] | null,
  options: { score?: number; asset?: string; duration?: number; status?: Clip['status'] } = {},
): Clip {
  const alternatives = window
    ? [suggestion(`s-${id}`, window[0], window[1], options.score ?? 0.5)]
    : [];
  return {
    clip_id: id,
    status: options.status ?? 'ready',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    source: {
      asset_id: options.asset ?? 'asset-1',
      canonical_duration_seconds: options.duration ?? 600,
    },
    selection: {
      applied_suggestion_id: window ? `s-${id}` : '',
      alternatives,
    },
    clip_window: window
      ? {
          start_seconds: window[0],
          end_seconds: window[1],
          duration_seconds: window[1] - window[0],
        }
      : { start_seconds: 0, end_seconds: 0, duration_seconds: 0 },
  };
}
