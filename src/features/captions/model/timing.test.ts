import { describe, expect, it } from 'vitest';
import { fixtureDoc } from '../testing/caption-fixtures.ts';
import { formatTime, retimeEdge, snapToFrame } from './timing.ts';

const { words, spans } = fixtureDoc().words;

describe('timing', () => {
  it('snaps to frames and formats times', () => {
    expect(snapToFrame(1.01, 30)).toBe(1);
    expect(snapToFrame(1.02, 30)).toBe(1.033);
    expect(formatTime(72.5)).toBe('1:12.50');
  });

  it('moving an end into the next word pushes its start along; never past its last frame', () => {
    const pushed = retimeEdge(words, 0, 'end', 0.61, 30, spans.get('item0'));
    expect(pushed.edits).toEqual([
      { id: 'w0', endSeconds: 0.6 },
      { id: 'w1', startSeconds: 0.6 },
    ]);
    expect(pushed.limit).toBeNull();
    const far = retimeEdge(words, 0, 'end', 5, 30, spans.get('item0'));
    expect(far.seconds).toBe(0.967);
    expect(far.limit).toBe('“hook” after it keeps at least one frame.');
    const shrink = retimeEdge(words, 0, 'end', 0.3, 30, spans.get('item0'));
    expect(shrink.edits).toEqual([{ id: 'w0', endSeconds: 0.3 }]);
  });

  it('a word keeps one frame; the first and last words stay inside the caption', () => {
    expect(retimeEdge(words, 1, 'end', 0, 30, undefined)).toMatchObject({
      seconds: 0.533,
      limit: 'A word keeps at least one frame.',
    });
    expect(retimeEdge(words, 2, 'end', 9, 30, spans.get('item0'))).toMatchObject({
      seconds: 1.6,
      limit: 'The caption ends at 0:01.60.',
    });
    const start = retimeEdge(words, 3, 'start', 0, 30, spans.get('item1'));
    expect(start).toMatchObject({ seconds: 2, limit: 'The caption starts at 0:02.00.' });
    const pulled = retimeEdge(words, 4, 'start', 2.2, 30, spans.get('item1'));
    expect(pulled.edits).toEqual([
      { id: 'w4', startSeconds: 2.2 },
      { id: 'w3', endSeconds: 2.2 },
    ]);
  });
});
