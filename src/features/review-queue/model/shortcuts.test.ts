// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { commandOf } from './shortcuts.ts';
import { formatWaited } from './waiting-time.ts';

const press = (key: string, target: EventTarget | null = document.body, extra = {}) => ({
  key,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  target,
  ...extra,
});

describe('queue shortcuts', () => {
  it('maps j/k, the arrows, Home/End, Enter, a, r and x', () => {
    expect(
      ['j', 'ArrowDown', 'k', 'ArrowUp', 'Home', 'End', 'Enter', 'a', 'r', 'x'].map((key) =>
        commandOf(press(key)),
      ),
    ).toEqual([
      'next',
      'next',
      'previous',
      'previous',
      'first',
      'last',
      'open',
      'approve',
      'changes',
      'later',
    ]);
    expect(commandOf(press('q'))).toBeNull();
    expect(commandOf(press('a', document.body, { ctrlKey: true }))).toBeNull();
    expect(commandOf(press('j', document.body, { metaKey: true }))).toBeNull();
  });

  it('leaves keys typed in a field, a select or a dialog to them, and Enter to links and buttons', () => {
    document.body.innerHTML = `
      <input id="field" /><select id="choice"><option>1</option></select>
      <div role="dialog"><button id="inside">OK</button></div>
      <dialog open><button id="in-sheet">Show results</button></dialog>
      <div contenteditable="true" id="editable"></div>
      <a href="/x" id="link">x</a><button id="button">b</button>
      <ul role="listbox" tabindex="0" id="list"></ul>`;
    const at = (id: string) => document.getElementById(id);
    for (const id of ['field', 'choice', 'inside', 'in-sheet', 'editable']) {
      expect(commandOf(press('j', at(id)))).toBeNull();
      expect(commandOf(press('a', at(id)))).toBeNull();
    }
    expect(commandOf(press('Enter', at('link')))).toBeNull();
    expect(commandOf(press('Enter', at('button')))).toBeNull();
    expect(commandOf(press('j', at('button')))).toBe('next');
    expect(commandOf(press('Enter', at('list')))).toBe('open');
  });
});

describe('time waited', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('says the largest whole unit', () => {
    expect(formatWaited(now - 30_000, now)).toBe('less than a minute');
    expect(formatWaited(now - 60_000, now)).toBe('1 minute');
    expect(formatWaited(now - 5 * 3_600_000, now)).toBe('5 hours');
    expect(formatWaited(now - 3 * 86_400_000 - 5, now)).toBe('3 days');
    expect(formatWaited(now - 15 * 86_400_000, now)).toBe('2 weeks');
    expect(formatWaited(now + 10_000, now)).toBe('less than a minute');
  });
});
