/**
 * The editor kit's React binding: hooks that read an `Editor` (its store, its saving status from
 * the mutation cache, a commit's answer) and the views derived from its command table (toolbar
 * buttons, the shortcut help, inspector fields). The kit core (editor.ts) has no React.
 */
import { useIsMutating, useMutationState, useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useStore } from 'zustand';
import { Button } from './controls/button.tsx';
import { NumberField } from './controls/number-field.tsx';
import { afterPaint } from '@/lib/after-paint.ts';
import { ariaKeys, shortcutOf, type AnyCommand, type Command, type Outcome } from './command.ts';
import type { CommitOutcome, CommitVariables, EditorState, PendingReview } from './contract.ts';
import type { Editor } from './editor.ts';

// Any editor, whatever its types (the views below only call its generic methods).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- variance of five type parameters
type AnyEditor = Editor<any, any, any, any, any>;
/* eslint-disable @typescript-eslint/no-explicit-any -- type parameters read back from an editor */
type StateOf<E> = E extends Editor<infer S, any, infer C, any, any> ? EditorState<S, C> : never;
type ChangeOf<E> = E extends Editor<any, any, infer C, any, any> ? C : never;
type ResultOf<E> = E extends Editor<any, any, any, infer R, any> ? R : never;
type CtxOf<E> = E extends Editor<any, any, any, any, infer X> ? X : never;
/* eslint-enable @typescript-eslint/no-explicit-any */

export function useEditorState<E extends AnyEditor, T>(
  editor: E,
  selector: (state: StateOf<E>) => T,
): T {
  return useStore(editor.store, selector as (state: unknown) => T);
}

/** "Saving…": whether a commit of this editor is in flight, from React Query's mutation state. */
export function useSaving(editor: AnyEditor): boolean {
  return useIsMutating({ mutationKey: editor.mutationKey }) > 0;
}

/**
 * The command context, re-read when the document changes or when what `watch` picks from the
 * state changes (by default any state change; an editor whose drag updates the store every frame
 * watches only what its views need, e.g. the selection and the history). While `hold` says so
 * (e.g. during a pointer gesture, from its press), the context read before it is kept: the views
 * re-render once after it ends, not in the press's or the drag's frames. They follow in a task
 * after the next frame (`afterPaint`), not in the task that ends the hold: that task commits the
 * gesture (its optimistic document and request), and the views' render (an inspector mounting
 * its fields for a newly selected item) with it made the drop one long animation frame.
 */
export function useEditorContext<E extends AnyEditor>(
  editor: E,
  watch: (state: StateOf<E>) => readonly unknown[] = (state) => [state],
  hold?: (state: StateOf<E>) => boolean,
): CtxOf<E> | null {
  const queryClient = useQueryClient();
  const cache = useRef<{ doc: unknown; deps: readonly unknown[]; ctx: CtxOf<E> | null } | null>(
    null,
  );
  // 'following': the hold has ended and the views follow after the next frame.
  const phase = useRef<'free' | 'held' | 'following'>('free');
  /** Counts the holds that ended: only the last one's follow re-renders. */
  const follows = useRef(0);
  const notifyRef = useRef<() => void>(() => {});
  const subscribe = useCallback(
    (notify: () => void) => {
      notifyRef.current = notify;
      const offStore = editor.store.subscribe(notify);
      const offCache = queryClient.getQueryCache().subscribe(notify);
      return () => {
        notifyRef.current = () => {};
        offStore();
        offCache();
      };
    },
    [editor, queryClient],
  );
  const read = () => {
    const state = editor.getState() as StateOf<E>;
    const last = cache.current;
    if (last && hold) {
      // Held: not even the document is read (a drag notifies every frame; reading the query cache
      // hashes its key each time). A change to it meanwhile is read when the views follow.
      if (hold(state)) {
        phase.current = 'held';
        return last.ctx;
      }
      if (phase.current === 'held') {
        phase.current = 'following';
        const generation = (follows.current += 1);
        void afterPaint().then(() => {
          // Held again meanwhile, or a later hold ended: that one's own follow comes after it.
          if (phase.current !== 'following' || follows.current !== generation) return;
          phase.current = 'free';
          notifyRef.current();
        });
      }
      if (phase.current === 'following') return last.ctx;
    }
    const doc = editor.document();
    const deps = watch(state);
    if (
      last &&
      last.doc === doc &&
      last.deps.length === deps.length &&
      last.deps.every((dep, i) => Object.is(dep, deps[i]))
    )
      return last.ctx;
    const ctx = doc === undefined ? null : (editor.contextFor(doc, state) as CtxOf<E>);
    cache.current = { doc, deps, ctx };
    return ctx;
  };
  return useSyncExternalStore(subscribe, read);
}

/**
 * The answer of the editor's last applied commit that `match` accepts (e.g. the last delete), read
 * from the mutation cache, with a way to dismiss it (removes that mutation from the cache).
 */
export function useLastCommit<E extends AnyEditor>(
  editor: E,
  match: (variables: CommitVariables<ChangeOf<E>>) => boolean,
): {
  outcome: Extract<CommitOutcome<ChangeOf<E>, ResultOf<E>>, { status: 'applied' }>;
  dismiss(): void;
} | null {
  type Change = ChangeOf<E>;
  type Result = ResultOf<E>;
  const queryClient = useQueryClient();
  const entries = useMutationState({
    filters: { mutationKey: editor.mutationKey, status: 'success' },
    select: (mutation) => ({
      id: mutation.mutationId,
      variables: mutation.state.variables as CommitVariables<Change> | undefined,
      data: mutation.state.data as CommitOutcome<Change, Result> | undefined,
    }),
  });
  const last = [...entries]
    .reverse()
    .find((entry) => entry.variables && entry.data?.status === 'applied' && match(entry.variables));
  if (!last || last.data?.status !== 'applied') return null;
  const outcome = last.data;
  return {
    outcome,
    dismiss: () => {
      const cache = queryClient.getMutationCache();
      const mutation = cache.getAll().find((candidate) => candidate.mutationId === last.id);
      if (mutation) cache.remove(mutation);
    },
  };
}

/** "Checking…" or "Saving…": whether any change of this editor is in flight. */
export function useBusy(editor: AnyEditor): boolean {
  return useIsMutating({ mutationKey: editor.key }) > 0;
}

/**
 * The change held for review (from the mutation cache), with apply and cancel; null when none.
 * Re-read whenever the editor's review mutations change.
 */
export function usePendingReview<E extends AnyEditor>(
  editor: E,
): (PendingReview<ChangeOf<E>> & { apply(): void; cancel(): void }) | null {
  const ids = useMutationState({
    filters: { mutationKey: editor.reviewKey, status: 'success' },
    select: (mutation) => mutation.mutationId,
  });
  const pending = useMemo(
    () => (ids.length > 0 ? (editor.pendingReview() as PendingReview<ChangeOf<E>> | null) : null),
    [editor, ids],
  );
  if (!pending) return null;
  return {
    ...pending,
    apply: () => void editor.resolveReview(true),
    cancel: () => void editor.resolveReview(false),
  };
}

/** A toolbar button for a command: label, shortcut in the tooltip and aria-keyshortcuts. */
export function CommandButton<Ctx, State, Change, Args>({
  editor,
  command,
  args,
  ctx,
  saving,
  variant = 'secondary',
  size = 'md',
  label,
  icon,
  title,
  onOutcome,
  className,
}: {
  editor: AnyEditor;
  command: Command<Ctx, State, Change, Args>;
  args: Args;
  ctx: Ctx | null;
  saving: boolean;
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  size?: 'md' | 'sm';
  label?: string;
  /** Shown instead of the label, which then names the button for assistive technology. */
  icon?: ReactNode;
  title?: string;
  className?: string;
  onOutcome?(outcome: Outcome<State, Change>): void;
}) {
  const shortcut = shortcutOf(command);
  const enabled = ctx !== null && command.canRun(ctx, args) && !(command.writes && saving);
  return (
    <Button
      variant={variant}
      size={size}
      disabled={!enabled}
      title={title ?? (shortcut ? `${command.label} (${shortcut})` : command.label)}
      aria-label={icon ? (label ?? command.label) : undefined}
      aria-keyshortcuts={ariaKeys(command.keys ?? [])}
      className={className}
      onClick={() => {
        const outcome = editor.run(command, args) as Outcome<State, Change>;
        onOutcome?.(outcome);
      }}
    >
      {icon ?? label ?? command.label}
    </Button>
  );
}

/** The toolbar: every command with a `toolbar` group, in table order, groups separated. */
export function EditorToolbar<Ctx>({
  editor,
  label,
  ctx,
  saving,
  variants = {},
  titles = {},
  compact = false,
  only,
  exclude,
  children,
}: {
  editor: AnyEditor;
  label: string;
  ctx: Ctx | null;
  saving: boolean;
  /** Smaller buttons, in one row that scrolls sideways when it must (a studio's toolbar row). */
  compact?: boolean;
  /** Only these toolbar groups. */
  only?: readonly string[];
  /** All toolbar groups but these. */
  exclude?: readonly string[];
  variants?: Record<string, 'primary' | 'secondary' | 'danger' | 'ghost'>;
  /** Tooltips that depend on state (e.g. "Undo Move 3 items (Ctrl/⌘ + Z)"). */
  titles?: Record<string, string | undefined>;
  children?: ReactNode;
}) {
  const groups = editor
    .toolbar()
    .filter(({ group }) => (!only || only.includes(group)) && !exclude?.includes(group));
  return (
    <div
      role="toolbar"
      aria-label={label}
      className={
        compact
          ? 'flex items-center gap-1.5 overflow-x-auto whitespace-nowrap'
          : 'flex flex-wrap items-center gap-2'
      }
    >
      {groups.map(({ group, commands }, i) => (
        <div key={group} className="contents">
          {i > 0 ? <span className="mx-1 h-6 w-px bg-slate-300" aria-hidden="true" /> : null}
          {commands.map((command: AnyCommand<Ctx, unknown, unknown>) => (
            <CommandButton
              key={command.name}
              editor={editor}
              command={command}
              args={undefined}
              ctx={ctx}
              saving={saving}
              variant={variants[command.name] ?? 'secondary'}
              size={compact ? 'sm' : 'md'}
              title={titles[command.name]}
            />
          ))}
        </div>
      ))}
      {children}
    </div>
  );
}

/** The shortcut help, derived from the command table (plus gestures the pointer makes). */
export function ShortcutHelp({
  editor,
  extra = [],
}: {
  editor: AnyEditor;
  extra?: ReadonlyArray<{ shortcut: string; description: string }>;
}) {
  const rows = [...editor.shortcuts(), ...extra];
  return (
    <details className="text-sm text-slate-700">
      <summary className="cursor-pointer font-medium">Keyboard shortcuts</summary>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        {rows.map((row) => (
          <div key={`${row.shortcut}-${row.description}`} className="contents">
            <dt>
              <kbd>{row.shortcut}</kbd>
            </dt>
            <dd>{row.description}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

const reasonOf = (outcome: Outcome<unknown, unknown>): string | null =>
  outcome.type === 'refused' ? outcome.reason : null;

/**
 * One inspector field per command that has a `field` and is visible in this context; disabled
 * when the command cannot run (or a change is being saved). A refusal is shown under the field.
 */
export function CommandFields<Ctx>({
  editor,
  commands,
  ctx,
  saving,
}: {
  editor: AnyEditor;
  commands: ReadonlyArray<AnyCommand<Ctx, unknown, unknown>>;
  ctx: Ctx;
  saving: boolean;
}) {
  return (
    <>
      {commands.map((command) => {
        const field = command.field;
        if (!field || (field.visible && !field.visible(ctx))) return null;
        const disabled = saving || !command.canRun(ctx, undefined);
        return (
          <CommandFieldView
            key={command.name}
            editor={editor}
            command={command}
            ctx={ctx}
            disabled={disabled}
            saving={saving}
          />
        );
      })}
    </>
  );
}

function CommandFieldView<Ctx>({
  editor,
  command,
  ctx,
  disabled,
  saving,
}: {
  editor: AnyEditor;
  command: AnyCommand<Ctx, unknown, unknown>;
  ctx: Ctx;
  disabled: boolean;
  /** A change is being saved: a number field waits (read-only) but keeps the focus. */
  saving: boolean;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const field = command.field!;
  const run = (args: unknown) => reasonOf(editor.run(command, args) as Outcome<unknown, unknown>);
  switch (field.type) {
    case 'number':
      return (
        <NumberField
          label={field.label}
          value={field.read(ctx)}
          min={field.min}
          max={field.max}
          step={field.step}
          disabled={disabled && !saving}
          busy={saving}
          hint={field.hint?.(ctx)}
          commit={(value) => run(field.toArgs(value))}
        />
      );
    case 'select': {
      const value = field.read(ctx);
      return (
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="text-xs font-medium text-slate-700">
            {field.label}
          </label>
          <select
            id={id}
            value={value ?? ''}
            disabled={disabled || value === null}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setError(run(field.toArgs(event.target.value)))}
            className="rounded-md border border-slate-300 px-2 py-1 text-sm disabled:bg-slate-100"
          >
            {value === null ? <option value="">{field.placeholder ?? '—'}</option> : null}
            {field.options(ctx).map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </select>
          {error ? (
            <p id={`${id}-error`} className="text-xs text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      );
    }
    case 'toggle':
      return (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={field.read(ctx) === true}
            disabled={disabled}
            onChange={(event) => setError(run(field.toArgs(event.target.checked)))}
          />
          {field.label}
          {error ? <span className="text-xs text-red-700">{error}</span> : null}
        </label>
      );
    default:
      return (
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="text-xs font-medium text-slate-700">
            {field.label}
          </label>
          <input
            id={id}
            type={field.type === 'color' ? 'color' : 'text'}
            defaultValue={field.read(ctx) ?? ''}
            disabled={disabled}
            onBlur={(event) => setError(run(field.toArgs(event.target.value)))}
            className="rounded-md border border-slate-300 px-2 py-1 text-sm disabled:bg-slate-100"
          />
          {error ? <p className="text-xs text-red-700">{error}</p> : null}
        </div>
      );
  }
}
