import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/test/memory-storage.ts';
import { fixtureDoc } from '../testing/caption-fixtures.ts';
import { applyChange, editWords } from './caption-change.ts';
import { wordById } from './caption-doc.ts';
import { applyEntries } from '@/editor-kit/outbox.ts';
import { loadOutbox, outboxKey, reconcile, saveOutbox, type OutboxEntry } from './outbox.ts';

const entry = (id: string, change: OutboxEntry['change']): OutboxEntry => ({
  id,
  label: id,
  change,
  status: 'saving',
  createdAt: 0,
});

describe('outbox', () => {
  it('keeps entries per project across a reload, all unsaved on return', () => {
    const storage = memoryStorage();
    const doc = fixtureDoc();
    const entries = [
      entry('a', { words: editWords(doc.words.words, ['w0'], { isEmphasis: true }) }),
    ];
    expect(saveOutbox(storage, 'p1', entries)).toBe(true);
    expect(loadOutbox(storage, 'p1')).toEqual([{ ...entries[0], status: 'unsaved' }]);
    expect(loadOutbox(storage, 'p2')).toEqual([]);
    saveOutbox(storage, 'p1', []);
    expect(storage.getItem(outboxKey('p1'))).toBeNull();
    storage.setItem(outboxKey('p1'), '{not json');
    expect(loadOutbox(storage, 'p1')).toEqual([]);
  });

  it('shows entries in order on top of the document', () => {
    const doc = fixtureDoc();
    const first = entry('a', {
      words: editWords(doc.words.words, ['w0'], { style: { color: '#111111' } }),
    });
    const second = entry('b', {
      words: editWords(applyChange(doc, first.change).words.words, ['w0'], {
        style: { color: '#222222' },
      }),
    });
    const shown = applyEntries(applyChange, doc, [first, second]);
    expect(wordById(shown.words.words, 'w0')?.style?.color).toBe('#222222');
    expect(applyEntries(applyChange, doc, [])).toBe(doc);
  });

  it('reconciles on return: drops what the service has, counts words changed elsewhere', () => {
    const doc = fixtureDoc();
    const saved = editWords(doc.words.words, ['w0'], { isEmphasis: true });
    const pending = editWords(doc.words.words, ['w2'], { word: 'matter' });
    const conflicting = editWords(doc.words.words, ['w3'], { style: { color: '#123456' } });
    const entries = [entry('a', { words: [...saved, ...pending, ...conflicting] })];
    // On the service: w0 saved already (revision 2), w3's colour changed by someone else.
    const server = {
      ...doc,
      words: {
        ...doc.words,
        words: doc.words.words.map((word) =>
          word.id === 'w0'
            ? { ...word, isEmphasis: true, revision: 2 }
            : word.id === 'w3'
              ? { ...word, style: { color: '#999999' }, revision: 2 }
              : word,
        ),
      },
    };
    const result = reconcile(entries, server);
    expect(result.alreadySaved).toBe(1);
    expect(result.changedElsewhere).toEqual(['show']);
    expect(result.entries[0]!.change.words.map((edit) => edit.id)).toEqual(['w2', 'w3']);
    expect(reconcile([entry('b', { words: saved })], server).entries).toEqual([]);
  });
});
