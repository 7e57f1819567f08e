/**
 * The one rule of every editor's shortcuts: they never take a key from a field. While the focus is
 * in an input, a textarea, a select, editable text, a widget that owns its keys (a slider, a spin
 * button, a combo box, a list box, a menu) or a dialog, or while a modal dialog is open, the
 * keyboard belongs to that control: Ctrl+A selects its text, Backspace deletes a character, the
 * arrows move its caret or value, Ctrl+Z undoes its typing. `Editor.handleKey` applies it to every
 * key it is given; `bindEditorKeys` gives an editor the keys of the whole window under it.
 */
import type { KeyInput } from './command.ts';

/** ARIA widgets that take the keys an editor binds (arrows, Delete, Ctrl+A). */
const KEY_OWNING_ROLES = new Set([
  'textbox',
  'searchbox',
  'spinbutton',
  'slider',
  'combobox',
  'listbox',
  'menu',
  'menubar',
  'menuitem',
  'option',
]);

const DIALOG = '[role="dialog"], [role="alertdialog"], dialog';

/** Whether a key pressed with the focus on `target` belongs to that control, not the editor. */
export function isTypingTarget(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  const tag = element.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  // (jsdom has no isContentEditable: the attribute says it too.)
  if (
    element.isContentEditable ||
    element.closest('[contenteditable]:not([contenteditable="false"])')
  )
    return true;
  const role = element.getAttribute('role');
  if (role && KEY_OWNING_ROLES.has(role)) return true;
  return element.closest(DIALOG) !== null;
}

/** Whether a modal dialog is open in the document (its keys are not the editor's either). */
function modalOpen(doc: Document | undefined): boolean {
  if (!doc) return false;
  // The app's dialogs are modal: the Modal component (aria-modal) and native <dialog>s opened
  // with showModal.
  return doc.querySelector('[aria-modal="true"], dialog[open]') !== null;
}

/** Whether an editor must leave this key alone (see the module's rule). */
export function isShortcutBlocked(event: Pick<KeyInput, 'target'>): boolean {
  const target = event.target ?? null;
  if (isTypingTarget(target)) return true;
  const doc = (target as Node | null)?.ownerDocument ?? (target as Document | null);
  return modalOpen(doc && 'querySelector' in doc ? doc : undefined);
}

/**
 * Gives an editor the keys pressed anywhere in the window (while nothing else took them, and
 * never a field's: `handleKey` applies the rule). Returns the function that stops it.
 */
export function bindEditorKeys(
  editor: { handleKey(event: KeyInput): boolean },
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented) return;
    if (editor.handleKey(event)) event.preventDefault();
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
