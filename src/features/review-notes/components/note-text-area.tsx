import { useId, type Ref } from 'react';
import { characterCount, NOTE_BODY_MAX } from '@/shared-rules/note-text.ts';
import { noteTextProblem } from '../model/note-text.ts';

const count = new Intl.NumberFormat('en-US');

/**
 * The text of a note or reply, counted as it is typed ("120 / 4,000"), saying before any request
 * when it is too long or holds script (the BFF's rule and words).
 */
export function NoteTextArea({
  label,
  value,
  onChange,
  disabled,
  textareaRef,
  rows = 3,
  onSubmitKey,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
  rows?: number;
  /** Ctrl/⌘+Enter sends. */
  onSubmitKey?: () => void;
}) {
  const id = useId();
  const used = characterCount(value);
  const over = used > NOTE_BODY_MAX;
  // Said as it is typed: too long, or script (an empty text is said only on a try to send).
  const problem = value.trim() === '' ? null : noteTextProblem(value);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        ref={textareaRef}
        value={value}
        rows={rows}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && onSubmitKey) {
            event.preventDefault();
            onSubmitKey();
          }
        }}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-count${problem ? ` ${id}-problem` : ''}`}
        className="min-h-20 w-full resize-y rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid]:border-red-500"
      />
      <div className="flex flex-wrap justify-between gap-x-3 text-xs">
        <p id={`${id}-problem`} role="alert" className="text-red-700 empty:hidden">
          {problem}
        </p>
        <p
          id={`${id}-count`}
          className={`ml-auto tabular-nums ${over ? 'font-semibold text-red-700' : 'text-slate-600'}`}
        >
          {count.format(used)} / {count.format(NOTE_BODY_MAX)}
          <span className="sr-only"> characters</span>
        </p>
      </div>
    </div>
  );
}
