/**
 * Whether a key event belongs to something the person is typing in or choosing from (a field,
 * an editable area, a dialog, a menu or list): the editor's shortcuts never take those keys.
 * (A local check until the editor kit has its shared guard.)
 */
const TEXT_INPUTS = new Set([
  'text',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'number',
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
  'color',
  'range',
]);

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return TEXT_INPUTS.has((element as HTMLInputElement).type || 'text');
  return (
    element.closest(
      '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [role="combobox"], dialog',
    ) !== null
  );
}

/** Whether the element is a control that Space or Enter activates (a button, a link, a checkbox). */
export function isActivatable(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  return (
    (target as Element).closest(
      'button, a[href], summary, input[type="checkbox"], input[type="radio"], [role="button"], [role="tab"], [role="switch"]',
    ) !== null
  );
}
