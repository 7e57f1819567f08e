/**
 * The queue's keyboard triage: which command a key press means. Keys pressed in a field, a select,
 * an editable element or a dialog belong there; presses with Ctrl, Alt or Meta belong to the
 * browser.
 */
export type QueueCommand =
  'next' | 'previous' | 'first' | 'last' | 'open' | 'approve' | 'changes' | 'later';

const KEYS: Record<string, QueueCommand> = {
  j: 'next',
  ArrowDown: 'next',
  k: 'previous',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
  Enter: 'open',
  a: 'approve',
  r: 'changes',
  x: 'later',
};

interface KeyPress {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
}

/** Whether key presses on `target` are someone else's (typing, a dialog, a button's own Enter). */
export function belongsElsewhere(target: EventTarget | null, key: string): boolean {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return false;
  if (target.closest('dialog, [role="dialog"], [aria-modal="true"]')) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  const typing =
    'input, select, textarea, [role="combobox"], [role="textbox"], [contenteditable]:not([contenteditable="false"])';
  if (target.closest(typing)) return true;
  // Enter on a link or button activates it.
  return key === 'Enter' && target.closest('a[href], button, summary') !== null;
}

export function commandOf(event: KeyPress): QueueCommand | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  const command = KEYS[event.key] ?? null;
  if (!command || belongsElsewhere(event.target, event.key)) return null;
  return command;
}
