import { describe, expect, it } from 'vitest';
import { batchBytes, MAX_BATCH_BYTES } from './cut-plan.ts';
import { oversize } from './words-change.ts';

describe('a change too large for one request', () => {
  it('is refused before sending when it has more operations than a batch takes', () => {
    const ops = Array.from({ length: 5001 }, (_, i) => ({ type: 'timeline.item.remove', i }));
    expect(oversize(ops)).toMatch(/^This needs 5,001 changes to the timeline, more than one/);
  });

  it('is refused before sending when its JSON is over 8 MiB, saying both sizes', () => {
    // Ten restores of items with long caption words: 10 × 0.9 MiB.
    const ops = Array.from({ length: 10 }, () => ({ text: 'é'.repeat(470_000) }));
    expect(batchBytes(ops)).toBeGreaterThan(MAX_BATCH_BYTES);
    expect(oversize(ops)).toBe(
      'This change is 9.0 MiB of timeline data, more than one request can take (8.0 MiB). Do it in parts (untick some occurrences, or restore fewer cuts at once).',
    );
  });

  it('goes as one request under both limits (the undo of a 500-cut clean-up is ~1.5 MiB)', () => {
    const ops = Array.from({ length: 2400 }, () => ({ text: 'x'.repeat(600) }));
    expect(oversize(ops)).toBeNull();
  });
});
