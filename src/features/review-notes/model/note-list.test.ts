import { describe, expect, it } from 'vitest';
import { testNote } from '../testing/note-fixtures.ts';
import { canChangeOwn, timeLeftWords } from './edit-window.ts';
import { openNotesByCharacter, openNotesByScene, openNotesWords, shownNotes } from './note-list.ts';

const scene2 = testNote({ anchor: { kind: 'scene', scene_index: 2 } });
const span = testNote({
  anchor: { kind: 'time_span', start_seconds: 8, end_seconds: 16, scene_indexes: [1, 2, 3] },
});
const resolved = testNote({ anchor: { kind: 'scene', scene_index: 2 }, status: 'resolved' });
const mara = testNote({ anchor: { kind: 'character', character_id: 'pc_mara' } });
const notes = [scene2, span, resolved, mara];

describe('the notes shown', () => {
  it('filters by state and by what they are about (a span counts for its scenes)', () => {
    expect(shownNotes(notes, 'open')).toEqual([scene2, span, mara]);
    expect(shownNotes(notes, 'resolved')).toEqual([resolved]);
    expect(shownNotes(notes, 'all', { scene: 2 })).toEqual([scene2, span, resolved]);
    expect(shownNotes(notes, 'open', { character: 'pc_mara' })).toEqual([mara]);
  });

  it('counts open notes per scene and per character', () => {
    expect([...openNotesByScene(notes)]).toEqual([
      [2, 2],
      [1, 1],
      [3, 1],
    ]);
    expect(openNotesByCharacter(notes).get('pc_mara')).toBe(1);
    expect(openNotesWords(0)).toBe('No open notes');
    expect(openNotesWords(1)).toBe('1 open note');
  });
});

describe('the edit window', () => {
  const note = testNote({ created_at: '2026-12-07T10:00:00.000Z' });
  const at = (minutes: number) => Date.parse('2026-12-07T10:00:00.000Z') + minutes * 60_000;
  it('lets the author edit for 15 minutes, and says how long is left', () => {
    expect(canChangeOwn(note, 'user_demo', at(3))).toBe(true);
    expect(timeLeftWords(note, at(3))).toBe('12 minutes left');
    expect(timeLeftWords(note, at(14.5))).toBe('less than a minute left');
    expect(canChangeOwn(note, 'user_demo', at(15))).toBe(false);
    expect(canChangeOwn(note, 'someone_else', at(1))).toBe(false);
  });
});
