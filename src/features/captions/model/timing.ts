/**
 * Word timing: times snap to the project's frames; moving a word's start or end keeps its
 * neighbours in order (a neighbour it runs into is pushed along, never past its own last frame),
 * keeps one frame per word and stays inside the caption's span.
 */
import type { CaptionSpan, CaptionWord } from '@/api/schema.gen.ts';
import { captionNeighbours } from './caption-doc.ts';

export const snapToFrame = (seconds: number, fps: number): number =>
  Math.round(Math.round(seconds * fps) * (1000 / fps)) / 1000;

/** "0:12.30" (minutes, seconds, hundredths). */
export function formatTime(seconds: number): string {
  const safe = Math.max(0, seconds);
  const minutes = Math.floor(safe / 60);
  const rest = safe - minutes * 60;
  return `${minutes}:${rest.toFixed(2).padStart(5, '0')}`;
}

export type Edge = 'start' | 'end';

export interface Retimed {
  /** New times, for the word and (when pushed) its neighbour. */
  edits: Array<{ id: string; startSeconds?: number; endSeconds?: number }>;
  /** The time the edge lands on (snapped and kept in bounds). */
  seconds: number;
  /** Why the time was held back, when it was. */
  limit: string | null;
}

/** Moves one edge of `words[at]` to `seconds`. */
export function retimeEdge(
  words: readonly CaptionWord[],
  at: number,
  edge: Edge,
  seconds: number,
  fps: number,
  span: CaptionSpan | undefined,
): Retimed {
  const word = words[at]!;
  const frame = 1 / fps;
  const start = word.startSeconds ?? 0;
  const end = word.endSeconds ?? start + frame;
  const { before, after } = captionNeighbours(words, at);
  const wanted = snapToFrame(seconds, fps);
  let min: number;
  let max: number;
  let minWhy: string;
  let maxWhy: string;
  if (edge === 'end') {
    min = start + frame;
    minWhy = 'A word keeps at least one frame.';
    if (after) {
      max = (after.endSeconds ?? 0) - frame;
      maxWhy = `“${after.word}” after it keeps at least one frame.`;
    } else {
      max = span?.endSeconds ?? Infinity;
      maxWhy = `The caption ends at ${formatTime(max)}.`;
    }
  } else {
    max = end - frame;
    maxWhy = 'A word keeps at least one frame.';
    if (before) {
      min = (before.startSeconds ?? 0) + frame;
      minWhy = `“${before.word}” before it keeps at least one frame.`;
    } else {
      min = span?.startSeconds ?? 0;
      minWhy = `The caption starts at ${formatTime(min)}.`;
    }
  }
  min = snapToFrame(min, fps);
  max = snapToFrame(max, fps);
  const landed = Math.min(max, Math.max(min, wanted));
  const limit = wanted < min - 1e-9 ? minWhy : wanted > max + 1e-9 ? maxWhy : null;
  const edits: Retimed['edits'] = [];
  if (edge === 'end') {
    edits.push({ id: word.id, endSeconds: landed });
    if (after && landed > (after.startSeconds ?? 0) + 1e-9)
      edits.push({ id: after.id, startSeconds: landed });
  } else {
    edits.push({ id: word.id, startSeconds: landed });
    if (before && landed < (before.endSeconds ?? 0) - 1e-9)
      edits.push({ id: before.id, endSeconds: landed });
  }
  return { edits, seconds: landed, limit };
}
