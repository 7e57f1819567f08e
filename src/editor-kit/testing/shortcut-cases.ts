/**
 * The cases of the kit's shortcut rule (shortcut-guard.ts), shared by the kit's test and each
 * editor's own: the places a key belongs to a control, and every shortcut the editors bind.
 */
import type { KeyInput } from '../command.ts';

/** Where a key belongs to the control that has the focus (HTML placed in the test document). */
export const FIELD_CASES: Readonly<Record<string, string>> = {
  'a text input': '<input data-target />',
  'a number input (the inspector’s Start)': '<input type="number" data-target />',
  'a textarea': '<textarea data-target></textarea>',
  'a select': '<select data-target><option>a</option></select>',
  'editable text': '<div contenteditable="true" data-target>x</div>',
  'a slider': '<div role="slider" tabindex="0" data-target></div>',
  'a button in a dialog': '<div role="dialog"><button data-target>OK</button></div>',
  'a native dialog': '<dialog open><button data-target>OK</button></dialog>',
};

/** Puts `html` in the document and returns its `[data-target]` element. */
export function placeTarget(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host.querySelector('[data-target]') as HTMLElement;
}

export const keyPress = (
  key: string,
  mods: { mod?: boolean; shift?: boolean } = {},
  target?: EventTarget,
): KeyInput => ({
  key,
  shiftKey: !!mods.shift,
  ctrlKey: !!mods.mod,
  metaKey: false,
  altKey: false,
  target,
});

/** Every editor shortcut: select all, delete, arrows, undo/redo, next and previous item. */
export const SHORTCUT_CASES: ReadonlyArray<readonly [string, KeyInput]> = [
  ['select all (Ctrl+A)', keyPress('a', { mod: true })],
  ['delete (Delete)', keyPress('Delete')],
  ['delete (Backspace)', keyPress('Backspace')],
  ['move left (←)', keyPress('ArrowLeft')],
  ['move right (→)', keyPress('ArrowRight')],
  ['move a second (Shift+→)', keyPress('ArrowRight', { shift: true })],
  ['layer up (↑)', keyPress('ArrowUp')],
  ['layer down (↓)', keyPress('ArrowDown')],
  ['undo (Ctrl+Z)', keyPress('z', { mod: true })],
  ['redo (Ctrl+Shift+Z)', keyPress('z', { mod: true, shift: true })],
  ['redo (Ctrl+Y)', keyPress('y', { mod: true })],
  ['next item (])', keyPress(']')],
  ['previous item ([)', keyPress('[')],
];
