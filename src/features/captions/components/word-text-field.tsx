/** Fixes one word's text (its timing, emphasis and style stay); Enter saves, Escape cancels. */
import { useId, useState } from 'react';
import type { CaptionWord } from '../model/caption-doc.ts';

export function WordTextField({
  word,
  label = 'Word text',
  autoFocus = false,
  compact = false,
  onCommit,
  onDone,
}: {
  word: CaptionWord;
  label?: string;
  autoFocus?: boolean;
  /** In a list row: the label and the hint are for screen readers only. */
  compact?: boolean;
  /** Returns why the text was refused, or null when it was taken. */
  onCommit(text: string): string | null;
  onDone?(): void;
}) {
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    if (text === null || text.trim() === word.word) {
      setText(null);
      onDone?.();
      return;
    }
    const refused = onCommit(text);
    setProblem(refused);
    if (!refused) {
      setText(null);
      onDone?.();
    }
  };
  return (
    <div className={`flex flex-col ${compact ? '' : 'gap-1'}`}>
      <label htmlFor={id} className={compact ? 'sr-only' : 'text-xs font-medium text-slate-700'}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        value={text ?? word.word}
        maxLength={100}
        autoFocus={autoFocus}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
        onBlur={submit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            submit();
          } else if (event.key === 'Escape') {
            event.stopPropagation();
            setText(null);
            setProblem(null);
            onDone?.();
          }
        }}
        className="rounded-md border border-slate-300 px-2 py-1 text-sm aria-[invalid]:border-red-500"
      />
      {problem ? (
        <p
          id={`${id}-problem`}
          role="alert"
          className={`text-xs text-red-700 ${compact ? 'absolute z-10 mt-8 rounded bg-white px-1 shadow' : ''}`}
        >
          {problem}
        </p>
      ) : (
        <p id={`${id}-hint`} className={compact ? 'sr-only' : 'text-xs text-slate-600'}>
          Its timing stays as it is.
        </p>
      )}
    </div>
  );
}
