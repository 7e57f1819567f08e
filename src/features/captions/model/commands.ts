/**
 * The caption styler's command table (the editor kit's model): selection, per-word styling (any
 * field, emphasis, reset), text fixes, timing, the project's settings and Looks, undo and redo.
 * Each `perform` is pure: a selection change, one gesture's change to commit as one batched
 * request and one undo step, or a refusal with its reason.
 */
import { refuse, type Command, type Outcome } from '@/editor-kit/command.ts';
import { historyCommands } from '@/editor-kit/history-commands.ts';
import type { History } from '@/editor-kit/history.ts';
import type { CaptionsState } from '../state/captions-state.ts';
import { editSettings, editWords, type CaptionChange, type WordValues } from './caption-change.ts';
import type { CaptionLook, CaptionSettings } from '@/api/schema.gen.ts';
import type { CaptionDoc } from './caption-doc.ts';
import { indexOfWords } from './caption-doc.ts';
import { retimeEdge, type Edge } from './timing.ts';
import { selectWord, type SelectMode } from './word-rows.ts';

export interface CaptionsContext {
  doc: CaptionDoc;
  selection: ReadonlySet<string>;
  anchor: string | null;
  history: History<CaptionChange>;
  /** Changes not yet sent or saved (undo takes the last of them back first). */
  unsaved: number;
}

export type CaptionsCommand<Args = void> = Command<
  CaptionsContext,
  CaptionsState,
  CaptionChange,
  Args
>;
type CaptionsOutcome = Outcome<CaptionsState, CaptionChange>;

const words = (count: number) => `${count.toLocaleString('en')} word${count === 1 ? '' : 's'}`;

function changeWords(
  ctx: CaptionsContext,
  ids: Iterable<string>,
  label: (count: number) => string,
  to: Parameters<typeof editWords>[2],
): CaptionsOutcome {
  const edits = editWords(ctx.doc.words.words, ids, to);
  if (edits.length === 0) return refuse('Nothing to change: the words already look like that.');
  return { type: 'change', label: label(edits.length), change: { words: edits } };
}

export const selectCommand: CaptionsCommand<{ id: string; mode: SelectMode; order: string[] }> = {
  name: 'select',
  label: 'Select a word',
  canRun: () => true,
  perform: (ctx, { id, mode, order }) => {
    const next = selectWord(ctx.selection, ctx.anchor, id, mode, order);
    return {
      type: 'state',
      patch: { selection: next.selection, anchor: next.anchor, focusWord: id },
      announce: `${words(next.selection.size)} selected.`,
    };
  },
};

export const selectIds: CaptionsCommand<{ ids: string[]; what: string }> = {
  name: 'selectIds',
  label: 'Select all matches',
  canRun: (_ctx, args) => (args?.ids.length ?? 0) > 0,
  perform: (_ctx, { ids, what }) =>
    ids.length === 0
      ? refuse('No words match.')
      : {
          type: 'state',
          patch: { selection: new Set(ids), anchor: ids[0] ?? null, focusWord: ids[0] ?? null },
          announce: `${words(ids.length)} selected (${what}).`,
        },
};

export const selectAll: CaptionsCommand = {
  name: 'selectAll',
  label: 'Select all words',
  keys: [{ keys: 'Mod+A', args: undefined }],
  canRun: (ctx) => ctx.doc.words.words.length > 0,
  perform: (ctx) => ({
    type: 'state',
    patch: { selection: new Set(ctx.doc.words.words.map((word) => word.id)) },
    announce: `All ${words(ctx.doc.words.words.length)} selected.`,
  }),
};

export const clearSelection: CaptionsCommand = {
  name: 'clearSelection',
  label: 'Clear the selection',
  keys: [{ keys: 'Escape', args: undefined }],
  canRun: (ctx) => ctx.selection.size > 0,
  perform: () => ({
    type: 'state',
    patch: { selection: new Set(), anchor: null },
    announce: 'Selection cleared.',
  }),
};

/** Sets style fields on the selected words (one gesture, one request, one undo step). */
export const setStyle: CaptionsCommand<{ values: WordValues; what: string }> = {
  name: 'setStyle',
  label: 'Style the selected words',
  writes: true,
  canRun: (ctx) => ctx.selection.size > 0,
  perform: (ctx, { values, what }) =>
    ctx.selection.size === 0
      ? refuse('Select a word first.')
      : changeWords(ctx, ctx.selection, (n) => `Set ${what} on ${words(n)}`, values),
};

export const toggleEmphasis: CaptionsCommand = {
  name: 'toggleEmphasis',
  label: 'Toggle emphasis',
  toolbar: 'word',
  writes: true,
  canRun: (ctx) => ctx.selection.size > 0,
  perform: (ctx) => {
    if (ctx.selection.size === 0) return refuse('Select a word first.');
    const index = indexOfWords(ctx.doc.words.words);
    const all = [...ctx.selection].every(
      (id) => ctx.doc.words.words[index.get(id) ?? -1]?.isEmphasis === true,
    );
    return changeWords(
      ctx,
      ctx.selection,
      (n) => `${all ? 'Remove emphasis from' : 'Emphasise'} ${words(n)}`,
      { isEmphasis: !all },
    );
  },
};

export const resetStyle: CaptionsCommand = {
  name: 'resetStyle',
  label: 'Reset to default',
  description: 'Reset the selected words to the project’s caption style',
  toolbar: 'word',
  writes: true,
  canRun: (ctx) => ctx.selection.size > 0,
  perform: (ctx) =>
    ctx.selection.size === 0
      ? refuse('Select a word first.')
      : changeWords(ctx, ctx.selection, (n) => `Reset the style of ${words(n)}`, {
          resetStyle: true,
          style: {},
        }),
};

/** Fixes a word's text; its timing, emphasis and style stay. */
export const setText: CaptionsCommand<{ id: string; text: string }> = {
  name: 'setText',
  label: 'Fix the word text',
  writes: true,
  canRun: () => true,
  perform: (ctx, { id, text }) => {
    const trimmed = text.trim();
    if (trimmed.length === 0) return refuse('A word needs at least one letter or sign.');
    if (trimmed.length > 100) return refuse('Keep a word to 100 characters or fewer.');
    return changeWords(ctx, [id], () => `Change the text to “${trimmed}”`, { word: trimmed });
  },
};

/** Moves a word's start or end (its neighbour is pushed along when it runs into it). */
export const retime: CaptionsCommand<{ id: string; edge: Edge; seconds: number }> = {
  name: 'retime',
  label: 'Change word timing',
  writes: true,
  canRun: () => true,
  perform: (ctx, { id, edge, seconds }) => {
    const list = ctx.doc.words.words;
    const at = indexOfWords(list).get(id);
    if (at === undefined) return refuse('That word is no longer in the captions.');
    const word = list[at]!;
    const retimed = retimeEdge(
      list,
      at,
      edge,
      seconds,
      ctx.doc.words.fps,
      ctx.doc.words.spans.get(word.timelineItemId ?? ''),
    );
    const byId = new Map(retimed.edits.map((edit) => [edit.id, edit]));
    const change = editWords(list, byId.keys(), (target) => {
      const { id: _id, ...values } = byId.get(target.id)!;
      return values;
    });
    if (change.length === 0) return refuse(retimed.limit ?? 'The word is already there.');
    return {
      type: 'change',
      label: `Move the ${edge} of “${word.word}”`,
      change: { words: change },
    };
  },
};

export const setSettings: CaptionsCommand<{ values: Partial<CaptionSettings>; what: string }> = {
  name: 'setSettings',
  label: 'Change the caption style',
  writes: true,
  canRun: () => true,
  perform: (ctx, { values, what }) => {
    const edit = editSettings(ctx.doc.style, { settings: values });
    return edit
      ? { type: 'change', label: `Set the caption ${what}`, change: { words: [], style: edit } }
      : refuse('Nothing to change: the captions already look like that.');
  },
};

export const applyLook: CaptionsCommand<{ look: CaptionLook }> = {
  name: 'applyLook',
  label: 'Apply a Look',
  writes: true,
  canRun: () => true,
  perform: (ctx, { look }) => {
    const edit = editSettings(ctx.doc.style, { lookId: look.id, settings: look.settings });
    return edit
      ? {
          type: 'change',
          label: `Apply the Look “${look.name}”`,
          change: { words: [], style: edit },
        }
      : refuse(`“${look.name}” is applied already.`);
  },
};

const [savedUndo, redo] = historyCommands<CaptionsContext, CaptionsState, CaptionChange>();

/** Undo takes back the last change not saved yet (locally), else the last saved one. */
const undo: CaptionsCommand = {
  ...savedUndo,
  canRun: (ctx) => ctx.unsaved > 0 || ctx.history.past.length > 0,
  perform: (ctx) =>
    ctx.unsaved > 0 || ctx.history.past.length > 0 ? { type: 'undo' } : refuse('Nothing to undo.'),
};

export const CAPTIONS_COMMANDS = [
  undo,
  redo,
  toggleEmphasis,
  resetStyle,
  selectAll,
  clearSelection,
  selectCommand,
  selectIds,
  setStyle,
  setText,
  retime,
  setSettings,
  applyLook,
] as const;
