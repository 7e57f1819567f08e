/**
 * A typed value held as a draft until Enter or leaving the field: checked first (the reason shown
 * on the field, nothing sent), then committed; Escape drops the draft. Shared by every text-like
 * control of the styler (hex colour, number, shadow, a word's text).
 */
import { useId, useState, type ChangeEvent, type KeyboardEvent } from 'react';

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

export interface DraftInput {
  /** For the control's label (`htmlFor`). */
  id: string;
  /** The id of the problem's text (for `aria-describedby`). */
  problemId: string;
  problem: string | null;
  /** Shows a reason given by a commit made elsewhere (a picker, a swatch). */
  setProblem(problem: string | null): void;
  /** Spread on the `<input>`. */
  inputProps: {
    id: string;
    value: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
    onChange(event: ChangeEvent<HTMLInputElement>): void;
    onBlur(): void;
    onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
  };
}

export function useDraftInput<T>({
  shown,
  parse,
  commit,
  hintId,
  unchanged,
  onDone,
}: {
  /** The value shown when nothing is typed. */
  shown: string;
  parse(text: string): Parsed<T>;
  /** Returns why the value was refused, or null when it was taken. */
  commit(value: T): string | null;
  /** Described by this id while there is no problem. */
  hintId?: string;
  /** A draft that changes nothing is dropped without a commit. */
  unchanged?(text: string): boolean;
  /** The edit ended (committed or dropped). */
  onDone?(): void;
}): DraftInput {
  const id = useId();
  const problemId = `${id}-problem`;
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const drop = () => {
    setText(null);
    setProblem(null);
    onDone?.();
  };
  const submit = () => {
    if (text === null || unchanged?.(text)) {
      if (text !== null || onDone) drop();
      return;
    }
    const parsed = parse(text);
    if (!parsed.ok) {
      setProblem(parsed.reason);
      return;
    }
    const refused = commit(parsed.value);
    setProblem(refused);
    if (!refused) {
      setText(null);
      onDone?.();
    }
  };
  return {
    id,
    problemId,
    problem,
    setProblem,
    inputProps: {
      id,
      value: text ?? shown,
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': problem ? problemId : hintId,
      onChange: (event) => {
        setText(event.target.value);
        setProblem(null);
      },
      onBlur: submit,
      onKeyDown: (event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          submit();
        } else if (event.key === 'Escape') {
          // An edit that ends on Escape keeps the key to itself (the list row closes it).
          if (onDone) event.stopPropagation();
          drop();
        }
      },
    },
  };
}
