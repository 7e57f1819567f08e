/**
 * A sound made of events (syllables, words, hits) planned per block of source time: each block's
 * events come from the block's own seeded generator and end inside it, so a stretch renders by
 * planning only the blocks it touches, each event drawn whole into a scratch buffer and the part
 * inside the stretch added.
 */
import type { AssetSound, SoundKind } from './sound.ts';

export interface SoundEvent {
  /** First sample of the event, from the start of the sound. */
  start: number;
  /** Number of samples. */
  length: number;
  /** Draws the whole event into `out` (length samples, zeroed). */
  draw(out: Float32Array): void;
}

export interface BlockPlan {
  /** Block length in samples. */
  blockLength: number;
  /** The events of block `block`, each within [block × blockLength, (block + 1) × blockLength). */
  eventsOf(block: number): readonly SoundEvent[];
}

/** Adds the events overlapping [from, from + out.length) into `out`. */
export function renderEvents(
  events: Iterable<SoundEvent>,
  from: number,
  out: Float32Array,
  scratch: { buffer: Float32Array },
): void {
  const to = from + out.length;
  for (const event of events) {
    const end = event.start + event.length;
    if (end <= from || event.start >= to) continue;
    if (scratch.buffer.length < event.length) scratch.buffer = new Float32Array(event.length);
    const buffer = scratch.buffer.subarray(0, event.length);
    buffer.fill(0);
    event.draw(buffer);
    const first = Math.max(from, event.start);
    const last = Math.min(to, end);
    for (let i = first; i < last; i += 1) out[i - from]! += buffer[i - event.start]!;
  }
}

/** A sound of `length` samples whose events come block by block from `plan`. */
export function blockSound(kind: SoundKind, length: number, plan: BlockPlan): AssetSound {
  const scratch = { buffer: new Float32Array(0) };
  return {
    kind,
    length,
    render(from, out) {
      out.fill(0);
      const to = Math.min(from + out.length, length);
      if (to <= 0 || from >= length) return;
      const firstBlock = Math.floor(Math.max(0, from) / plan.blockLength);
      const lastBlock = Math.floor((to - 1) / plan.blockLength);
      for (let block = firstBlock; block <= lastBlock; block += 1) {
        renderEvents(plan.eventsOf(block), from, out, scratch);
      }
      // Past the asset's end there is nothing to hear.
      for (let i = Math.max(0, length - from); i < out.length; i += 1) out[i] = 0;
    },
  };
}
