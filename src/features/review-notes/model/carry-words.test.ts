import { describe, expect, it } from 'vitest';
import type { NoteCarry } from '@/api/bff-schema.gen.ts';
import { carryWords } from './carry-words.ts';

const carry = (overrides: Partial<NoteCarry>): NoteCarry => ({
  from_revision_id: 'r3',
  from_revision: 3,
  from_anchor: { kind: 'scene', scene_index: 2 },
  carried_at: '2026-12-07T10:00:00Z',
  scene_changed: false,
  changes: [],
  ...overrides,
});

describe('carried notes in words', () => {
  it('says a scene changed since, and what changed', () => {
    expect(carryWords(carry({ scene_changed: true, changes: ['narration', 'visual'] }))).toEqual({
      from: 'From revision 3',
      badge: 'Scene changed since',
      changed: true,
      detail: 'Changed: narration, what it shows.',
    });
  });

  it('says a scene is unchanged (a title alone is not what the reviewer asked about)', () => {
    expect(carryWords(carry({ changes: ['title'] }))).toMatchObject({
      badge: 'Scene unchanged since',
      changed: false,
      detail: 'Changed: title.',
    });
  });

  it('says when the scene is gone and the note now concerns the whole revision', () => {
    expect(carryWords(carry({ changes: ['gone'], from_revision: null }))).toMatchObject({
      from: 'Carried over',
      badge: 'Its place is gone',
      changed: true,
    });
  });

  it('speaks of a character for a character note', () => {
    expect(
      carryWords(
        carry({ from_anchor: { kind: 'character', character_id: 'c' }, changes: ['character'] }),
      ).badge,
    ).toBe('Character changed since');
  });
});
