/**
 * The kit's one shortcut rule, per shortcut: an editor never takes a key from an input, a textarea,
 * a select, editable text, a key-owning widget or a dialog, nor while a modal dialog is open; on
 * the canvas or the page it does. Checked on the kit's toy editor (the timeline's and the caption
 * styler's own key tables are checked in their features' shortcut-keys tests).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bindEditorKeys, isShortcutBlocked, isTypingTarget } from './shortcut-guard.ts';
import { setupBoard } from './testing/board-editor.ts';
import { FIELD_CASES, keyPress as key, placeTarget as place } from './testing/shortcut-cases.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('isTypingTarget', () => {
  for (const [what, html] of Object.entries(FIELD_CASES)) {
    it(`a key pressed in ${what} is that control's`, () => {
      expect(isTypingTarget(place(html))).toBe(true);
    });
  }
  it('a key pressed on the canvas, a toolbar button or the page is the editor’s', () => {
    expect(isTypingTarget(place('<div role="application" tabindex="0" data-target></div>'))).toBe(
      false,
    );
    expect(isTypingTarget(place('<button data-target>Undo</button>'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isShortcutBlocked({ target: document.body })).toBe(false);
  });
  it('while a modal dialog is open, no key is the editor’s, wherever the focus is', () => {
    place('<div role="dialog" aria-modal="true"><button>Cancel</button></div><i data-target></i>');
    expect(isShortcutBlocked({ target: document.body })).toBe(true);
  });
});

describe('Editor.handleKey applies the rule (the kit’s toy editor)', () => {
  it('Ctrl+A, arrows and undo in a field do nothing; on the page they work', () => {
    const { editor } = setupBoard();
    const field = place('<input data-target />');
    expect(editor.handleKey(key('a', { mod: true }, field))).toBe(false);
    expect(editor.getState().selection).toEqual([]);
    expect(editor.handleKey(key('ArrowRight', {}, field))).toBe(false);
    expect(editor.handleKey(key('z', { mod: true }, field))).toBe(false);
    expect(editor.handleKey(key('a', { mod: true }, document.body))).toBe(true);
    expect(editor.getState().selection).toEqual(['a', 'b', 'c']);
  });

  it('bindEditorKeys gives the editor the window’s keys, but not a field’s', () => {
    const { editor } = setupBoard();
    const stop = bindEditorKeys(editor);
    const field = place('<input data-target />');
    const inField = new KeyboardEvent('keydown', {
      key: 'a',
      ctrlKey: true,
      bubbles: true,
      cancelable: true,
    });
    field.dispatchEvent(inField);
    expect(inField.defaultPrevented).toBe(false);
    expect(editor.getState().selection).toEqual([]);
    const onPage = new KeyboardEvent('keydown', {
      key: 'a',
      ctrlKey: true,
      bubbles: true,
      cancelable: true,
    });
    document.body.dispatchEvent(onPage);
    expect(onPage.defaultPrevented).toBe(true);
    expect(editor.getState().selection).toEqual(['a', 'b', 'c']);
    stop();
  });
});
