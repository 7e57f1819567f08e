import { describe, expect, it } from 'vitest';
import { ariaKeys, formatKeys, matchesKeys, shortcutOf } from './command.ts';
import { keepEntries, record, createEntry, emptyHistory, redone, undone } from './history.ts';

const ev = (
  key: string,
  mods: { shift?: boolean; ctrl?: boolean; meta?: boolean; alt?: boolean } = {},
) => ({
  key,
  shiftKey: !!mods.shift,
  ctrlKey: !!mods.ctrl,
  metaKey: !!mods.meta,
  altKey: !!mods.alt,
});

describe('key bindings', () => {
  it('matches Mod as Ctrl or Cmd, letters in any case, and Shift exactly', () => {
    expect(matchesKeys('Mod+Z', ev('z', { ctrl: true }))).toBe(true);
    expect(matchesKeys('Mod+Z', ev('Z', { meta: true }))).toBe(true);
    expect(matchesKeys('Mod+Z', ev('z', { meta: true, shift: true }))).toBe(false);
    expect(matchesKeys('Shift+Mod+Z', ev('Z', { meta: true, shift: true }))).toBe(true);
    expect(matchesKeys('ArrowLeft', ev('ArrowLeft', { shift: true }))).toBe(false);
    expect(matchesKeys('Shift+ArrowLeft', ev('ArrowLeft', { shift: true }))).toBe(true);
    expect(matchesKeys('Delete', ev('Delete', { alt: true }))).toBe(false);
  });

  it('ignores Shift for symbols bound without it (layouts differ)', () => {
    expect(matchesKeys('+', ev('+', { shift: true }))).toBe(true);
    expect(matchesKeys('Mod++', ev('+', { ctrl: true }))).toBe(true);
    expect(matchesKeys(']', ev(']'))).toBe(true);
  });

  it('formats shortcuts for people and for aria-keyshortcuts', () => {
    expect(formatKeys('Shift+Mod+Z')).toBe('Ctrl/⌘ + Shift + Z');
    expect(formatKeys('ArrowLeft')).toBe('←');
    expect(ariaKeys([{ keys: 'Mod+Z' }, { keys: 'Delete' }])).toBe('Control+Z Meta+Z Delete');
    expect(ariaKeys([{ keys: '+' }])).toBe('Plus');
    expect(shortcutOf({ shortcut: '[ / ]', keys: [{ keys: '[' }] })).toBe('[ / ]');
    expect(shortcutOf({})).toBeUndefined();
  });
});

describe('history', () => {
  it('records, undoes and redoes, replacing a change the answer made different', () => {
    let history = record(emptyHistory<string>(), createEntry('A', 'a+', 'a-'));
    history = record(history, createEntry('B', 'b+', 'b-'));
    history = undone(history, 'b+ (new id)');
    expect(history.future[0]!.forward).toBe('b+ (new id)');
    history = redone(history, 'b- (new id)');
    expect(history.past.map((entry) => entry.inverse)).toEqual(['a-', 'b- (new id)']);
    expect(keepEntries(history, (entry) => entry.label !== 'A').past).toHaveLength(1);
  });

  it('drops the redo branch on a new change and keeps at most the limit', () => {
    let history = record(emptyHistory<number>(), createEntry('1', 1, -1));
    history = undone(history);
    history = record(history, createEntry('2', 2, -2), 1);
    expect(history.future).toHaveLength(0);
    history = record(history, createEntry('3', 3, -3), 1);
    expect(history.past.map((entry) => entry.label)).toEqual(['3']);
  });
});
