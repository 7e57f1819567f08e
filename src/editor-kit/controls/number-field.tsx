import { useId, useState, type KeyboardEvent } from 'react';

/**
 * A seconds field that edits on Enter or when focus leaves, and shows why a value was refused.
 * `commit` returns an error message, or null when the value was accepted.
 */
export function NumberField({
  label,
  value,
  disabled,
  busy = false,
  hint,
  min,
  max,
  step = 'any',
  inline = false,
  commit,
}: {
  label: string;
  /** The label beside the field, not above it (a row of controls). */
  inline?: boolean;
  value: number | null;
  disabled?: boolean;
  /**
   * A change is being saved: the field waits (read-only, marked unavailable) but keeps the focus
   * (a disabled field would drop it to the page, and the next key with it).
   */
  busy?: boolean;
  hint?: string;
  min?: number;
  max?: number;
  step?: number | 'any';
  commit(value: number): string | null;
}) {
  const id = useId();
  const shown = value === null ? '' : String(Number(value.toFixed(3)));
  const [draft, setDraft] = useState<{ base: string; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A new value from the server replaces a draft that was based on the old one.
  const text = draft && draft.base === shown ? draft.text : shown;

  const submit = () => {
    if (!draft || draft.base !== shown || draft.text === shown) {
      setDraft(null);
      return;
    }
    const parsed = draft.text.trim() === '' ? Number.NaN : Number(draft.text);
    if (!Number.isFinite(parsed)) {
      setError('Enter a number.');
      return;
    }
    const refused = commit(parsed);
    setError(refused);
    if (!refused) setDraft(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (!busy) submit();
    } else if (event.key === 'Escape') {
      setDraft(null);
      setError(null);
    }
  };

  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={inline ? 'flex items-center gap-1' : 'flex flex-col gap-1'}>
      <label htmlFor={id} className="whitespace-nowrap text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        step={step}
        min={min}
        max={max}
        value={text}
        disabled={disabled || value === null}
        readOnly={busy}
        aria-disabled={busy || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          setDraft({ base: shown, text: event.target.value });
          setError(null);
        }}
        onBlur={() => {
          if (!busy) submit();
        }}
        onKeyDown={onKeyDown}
        className="w-full rounded-md border border-slate-300 px-2 py-1 text-sm tabular-nums disabled:bg-slate-100 disabled:text-slate-500 aria-disabled:bg-slate-100 aria-disabled:text-slate-500 aria-[invalid]:border-red-500"
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
