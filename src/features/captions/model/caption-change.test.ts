import { describe, expect, it } from 'vitest';
import { fixtureDoc } from '../testing/caption-fixtures.ts';
import {
  applyChange,
  describeConflict,
  describeDropped,
  editSettings,
  editWords,
  invertChange,
  mergeChanges,
  rebaseChange,
  restampChange,
  settleChange,
  toUpdates,
  type CaptionChange,
} from './caption-change.ts';
import { wordById } from './caption-doc.ts';

describe('word edits', () => {
  it('sets fields on every chosen word, skips words that have them, and records what they replace', () => {
    const doc = fixtureDoc();
    const edits = editWords(doc.words.words, ['w0', 'w1', 'w4'], { style: { color: '#ff0000' } });
    expect(edits).toHaveLength(3);
    expect(edits[0]).toEqual({
      id: 'w0',
      to: { style: { color: '#ff0000' } },
      from: { style: { color: '#ffffff' } },
      revision: 1,
    });
    const shown = applyChange(doc, { words: edits });
    expect(wordById(shown.words.words, 'w1')?.style).toEqual({
      color: '#ff0000',
      fontWeight: '700',
    });
    expect(editWords(shown.words.words, ['w0'], { style: { color: '#ff0000' } })).toEqual([]);
  });

  it('a field the word did not have is undone by a reset to its old style', () => {
    const doc = fixtureDoc();
    const [edit] = editWords(doc.words.words, ['w0'], { style: { glowColor: '#00ffff' } });
    expect(edit!.from).toEqual({
      resetStyle: true,
      style: { color: '#ffffff', fontWeight: '700' },
    });
    const done = applyChange(doc, { words: [edit!] });
    const result = { words: [{ ...wordById(done.words.words, 'w0')!, revision: 2 }] };
    const undo = invertChange({ words: [edit!] }, result);
    expect(undo.words[0]!.revision).toBe(2);
    const undone = applyChange(done, undo);
    expect(wordById(undone.words.words, 'w0')?.style).toEqual({
      color: '#ffffff',
      fontWeight: '700',
    });
  });

  it('text, emphasis and timing: a text fix keeps the timing', () => {
    const doc = fixtureDoc();
    const change: CaptionChange = {
      words: editWords(doc.words.words, ['w2'], { word: 'matter' }),
    };
    const shown = wordById(applyChange(doc, change).words.words, 'w2')!;
    expect(shown).toMatchObject({ word: 'matter', startSeconds: 1, endSeconds: 1.5 });
    expect(toUpdates(change)).toEqual([{ id: 'w2', expected_revision: 1, word: 'matter' }]);
    const reset = editWords(doc.words.words, ['w1'], { resetStyle: true, style: {} });
    expect(toUpdates({ words: reset })).toEqual([
      { id: 'w1', expected_revision: 1, reset_style: true, style: {} },
    ]);
  });

  it('settles on the words the service answered, and undoes and redoes the exact values', () => {
    const doc = fixtureDoc();
    const change = { words: editWords(doc.words.words, ['w3'], { startSeconds: 2.1 }) };
    const optimistic = applyChange(doc, change);
    const served = { ...wordById(optimistic.words.words, 'w3')!, startSeconds: 2.1, revision: 2 };
    const settled = settleChange(optimistic, { words: [served] });
    expect(wordById(settled.words.words, 'w3')).toBe(served);
    const undo = invertChange(change, { words: [served] });
    expect(undo.words[0]).toMatchObject({ to: { startSeconds: 2 }, revision: 2 });
  });
});

describe('settings and Looks', () => {
  it('a Look records every setting, so undo puts them all back', () => {
    const doc = fixtureDoc();
    const edit = editSettings(doc.style, {
      lookId: 'neon',
      settings: { color: '#e0f2fe', fontSize: 80 },
    })!;
    expect(edit.from).toEqual({ lookId: null, settings: doc.style.settings });
    const shown = applyChange(doc, { words: [], style: edit });
    expect(shown.style).toMatchObject({ look_id: 'neon', settings: { fontSize: 80 } });
    expect(editSettings(shown.style, { settings: { fontSize: 80 } })).toBeNull();
  });
});

describe('conflicts', () => {
  it('keeps edits whose fields nobody else touched, drops and names the others', () => {
    const doc = fixtureDoc();
    const change = {
      words: editWords(doc.words.words, ['w0', 'w1', 'w2'], { style: { color: '#ff0000' } }),
    };
    const fresh = applyChange(doc, {
      words: [
        // Someone else changed w1's colour, and w2's text (not a field this change sets).
        { id: 'w1', to: { style: { color: '#00ff00' } }, from: {}, revision: 1 },
        { id: 'w2', to: { word: 'matter' }, from: {}, revision: 1 },
      ],
    });
    const freshDoc = {
      ...fresh,
      words: {
        ...fresh.words,
        words: fresh.words.words.map((word) =>
          word.id === 'w1' || word.id === 'w2' ? { ...word, revision: 2 } : word,
        ),
      },
    };
    const rebased = rebaseChange(change, freshDoc);
    expect(rebased.change.words.map((edit) => [edit.id, edit.revision])).toEqual([
      ['w0', 1],
      ['w2', 2],
    ]);
    expect(rebased.dropped.map((entry) => entry.word)).toEqual(['hook']);
    expect(describeDropped(rebased)).toBe('Left as someone else set it: “hook”.');
    expect(describeConflict(doc, freshDoc)).toBe('2 words changed (“hook”, “matter”).');
  });

  it('an edit the service already applied (an earlier chunk) is kept, at the new revision', () => {
    const doc = fixtureDoc();
    const change = { words: editWords(doc.words.words, ['w0'], { isEmphasis: true }) };
    const applied = applyChange(doc, change);
    const fresh = {
      ...applied,
      words: {
        ...applied.words,
        words: applied.words.words.map((word) =>
          word.id === 'w0' ? { ...word, revision: 5 } : word,
        ),
      },
    };
    expect(rebaseChange(change, fresh).change.words[0]?.revision).toBe(5);
  });
});

describe('one save for several changes', () => {
  it('merges two edits of a word: the last values, what the first replaced, its revision', () => {
    const doc = fixtureDoc();
    const first = { words: editWords(doc.words.words, ['w0'], { style: { color: '#111111' } }) };
    const after = applyChange(doc, first);
    const second = {
      words: editWords(after.words.words, ['w0', 'w1'], {
        style: { color: '#222222', fontWeight: '900' },
      }),
    };
    const merged = mergeChanges(first, second);
    expect(merged.words).toEqual([
      {
        id: 'w0',
        to: { style: { color: '#222222', fontWeight: '900' } },
        from: { style: { color: '#ffffff', fontWeight: '700' } },
        revision: 1,
      },
      second.words[1],
    ]);
    // Applying the merged change equals applying both; its inverse undoes both.
    expect(applyChange(doc, merged).words.words).toEqual(applyChange(after, second).words.words);
    const result = { words: applyChange(doc, merged).words.words.slice(0, 2) };
    expect(applyChange(applyChange(doc, merged), invertChange(merged, result)).words.words).toEqual(
      doc.words.words,
    );
  });

  it('a field the first edit added is taken away by the merged undo', () => {
    const doc = fixtureDoc();
    const first = {
      words: editWords(doc.words.words, ['w0'], { style: { glowColor: '#00ffff' } }),
    };
    const after = applyChange(doc, first);
    const second = { words: editWords(after.words.words, ['w0'], { style: { color: '#000000' } }) };
    const merged = mergeChanges(first, second);
    const done = applyChange(doc, merged);
    expect(wordById(done.words.words, 'w0')?.style).toEqual({
      color: '#000000',
      fontWeight: '700',
      glowColor: '#00ffff',
    });
    const undone = applyChange(done, invertChange(merged, { words: [] }));
    expect(wordById(undone.words.words, 'w0')?.style).toEqual({
      color: '#ffffff',
      fontWeight: '700',
    });
  });

  it('merges settings: the last values, the first’s replaced values and revision', () => {
    const doc = fixtureDoc();
    const first = {
      words: [],
      style: editSettings(doc.style, { settings: { color: '#111111' } })!,
    };
    const second = {
      words: [],
      style: {
        ...editSettings(applyChange(doc, first).style, { settings: { color: '#222222' } })!,
      },
    };
    expect(mergeChanges(first, second).style).toEqual({
      to: { settings: { color: '#222222' } },
      from: { settings: { color: '#ffffff' } },
      revision: 1,
    });
  });

  it('restamps revisions read before this browser’s own saves', () => {
    const doc = fixtureDoc();
    const change = {
      words: editWords(doc.words.words, ['w0', 'w2'], { isEmphasis: true }),
      style: editSettings(doc.style, { settings: { color: '#111111' } })!,
    };
    const latest = (key: string, revision: number) =>
      key === 'word:w2' || key === 'style' ? revision + 2 : revision;
    const stamped = restampChange(change, latest);
    expect(stamped.words.map((edit) => edit.revision)).toEqual([1, 3]);
    expect(stamped.style?.revision).toBe(3);
    expect(stamped.words[0]).toBe(change.words[0]);
    expect(restampChange(change, (_key, revision) => revision)).toBe(change);
  });
});
