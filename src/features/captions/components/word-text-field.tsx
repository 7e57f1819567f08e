/** Fixes one word's text (its timing, emphasis and style stay); Enter saves, Escape cancels. */
import { useId } from 'react';
import type { CaptionWord } from '@/api/schema.gen.ts';
import { useDraftInput } from './draft-input.ts';

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
  const hintId = useId();
  const text = useDraftInput({
    shown: word.word,
    parse: (value) => ({ ok: true, value }),
    commit: onCommit,
    hintId,
    unchanged: (value) => value.trim() === word.word,
    ...(onDone ? { onDone } : {}),
  });
  return (
    <div className={`flex flex-col ${compact ? '' : 'gap-1'}`}>
      <label
        htmlFor={text.id}
        className={compact ? 'sr-only' : 'text-xs font-medium text-slate-700'}
      >
        {label}
      </label>
      <input
        type="text"
        maxLength={100}
        autoFocus={autoFocus}
        {...text.inputProps}
        className="rounded-md border border-slate-300 px-2 py-1 text-sm aria-[invalid]:border-red-500"
      />
      {text.problem ? (
        <p
          id={text.problemId}
          role="alert"
          className={`text-xs text-red-700 ${compact ? 'absolute z-10 mt-8 rounded bg-white px-1 shadow' : ''}`}
        >
          {text.problem}
        </p>
      ) : (
        <p id={hintId} className={compact ? 'sr-only' : 'text-xs text-slate-600'}>
          Its timing stays as it is.
        </p>
      )}
    </div>
  );
}
