import { describe, expect, it } from 'vitest';
import { isLocked, layerAccepts } from './timeline-layer-rules.ts';

const KINDS = ['video', 'overlay', 'text', 'audio', 'caption'] as const;

describe('timeline layer rules', () => {
  it.each([
    ['video', ['video', 'overlay']],
    ['image', ['video', 'overlay']],
    ['overlay', ['overlay', 'video']],
    ['text', ['text', 'overlay']],
    ['audio', ['audio']],
    ['caption', ['caption']],
  ] as const)('a %s item goes on %j layers and no other kind', (type, accepted) => {
    for (const kind of KINDS) {
      expect(layerAccepts(kind, type), `${type} on ${kind}`).toBe(
        (accepted as readonly string[]).includes(kind),
      );
    }
  });

  it('treats a layer without `locked` as unlocked', () => {
    expect(isLocked({})).toBe(false);
    expect(isLocked({ locked: false })).toBe(false);
    expect(isLocked({ locked: true })).toBe(true);
  });
});
