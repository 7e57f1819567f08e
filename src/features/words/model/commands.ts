/**
 * The Words editor's commands as data: moving and extending the selection over the words (arrows,
 * Shift, Home/End, a paragraph with Ctrl/⌘ + A), cutting it (Delete/Backspace), jumping the
 * playhead to the active word (Enter), playing, the clean-up, undo and redo. The toolbar, the keys
 * and the shortcut help are read from this one table; `perform` is pure.
 */
import { defineCommand, refuse, type AnyCommand, type Outcome } from '@/editor-kit/command.ts';
import { historyCommands } from '@/editor-kit/history-commands.ts';
import type { History } from '@/editor-kit/history.ts';
import type { WordsState } from '../state/words-state.ts';
import { describeLocked, planChange, type WordsChange } from './words-change.ts';
import { formatSeconds } from './frames.ts';
import type { Transcript, WordsDocument } from './transcript.ts';

export interface WordsContext {
  doc: WordsDocument;
  transcript: Transcript;
  /** The active word's position (-1: none yet). */
  focus: number;
  /** The selection's other end (null: the active word alone). */
  anchor: number | null;
  history: History<WordsChange>;
  padSeconds: number;
  /** The count of transport requests made (each request is told apart by it). */
  requests: number;
}

type WordsOutcome = Outcome<WordsState, WordsChange>;
type WordsCommand = AnyCommand<WordsContext, WordsState, WordsChange>;

/** The selected words' positions, first to last (the active word alone when there is no range). */
export function selectedRange(
  ctx: Pick<WordsContext, 'focus' | 'anchor'>,
): [number, number] | null {
  if (ctx.focus < 0) return null;
  const other = ctx.anchor ?? ctx.focus;
  return [Math.min(other, ctx.focus), Math.max(other, ctx.focus)];
}

const wordsText = (transcript: Transcript, first: number, last: number, max = 8): string => {
  const words = transcript.words.slice(first, Math.min(last + 1, first + max)).map((w) => w.word);
  return `${words.join(' ')}${last - first + 1 > max ? ' …' : ''}`;
};

function select(ctx: WordsContext, focus: number, extend: boolean): WordsOutcome {
  const { transcript } = ctx;
  if (transcript.words.length === 0) return refuse('There are no words here.');
  const at = Math.max(0, Math.min(transcript.words.length - 1, focus));
  const anchor = extend ? (ctx.anchor ?? Math.max(0, ctx.focus)) : null;
  const word = transcript.words[at]!;
  const range = anchor === null ? null : [Math.min(anchor, at), Math.max(anchor, at)];
  return {
    type: 'state',
    patch: { focus: word.id, anchor: anchor === null ? null : transcript.words[anchor]!.id },
    announce:
      range && range[0] !== range[1]
        ? `Selected ${range[1]! - range[0]! + 1} words: ${wordsText(transcript, range[0]!, range[1]!)}`
        : `${word.word}, ${formatSeconds(word.startSeconds ?? 0)}`,
  };
}

const paragraphOf = (ctx: WordsContext) =>
  ctx.transcript.paragraphs[ctx.transcript.paragraphOf[Math.max(0, ctx.focus)] ?? 0];

const hasWords = (ctx: WordsContext) => ctx.transcript.words.length > 0;

/** The cut of the selection, or why not (a locked layer is not a refusal: the view asks). */
export function cutSelection(ctx: WordsContext, skipLayers: readonly number[] = []): WordsOutcome {
  const range = selectedRange(ctx);
  if (!range) return refuse('Select words first: click one, or Shift + arrows.');
  const [first, last] = range;
  const { transcript } = ctx;
  const label = `Cut “${wordsText(transcript, first, last, 6)}”`;
  const change: WordsChange = {
    kind: 'cut',
    label,
    targets: {
      layerIndex: transcript.layerIndex,
      removed: transcript.words.slice(first, last + 1).map((word) => word.id),
      shorten: [],
      padSeconds: ctx.padSeconds,
    },
    skipLayers,
  };
  const planned = planChange(ctx.doc, change);
  if (planned.locked.length > 0)
    return {
      type: 'state',
      patch: { lockedPrompt: { label, change, locked: planned.locked } },
      announce: `Not cut: ${describeLocked(planned.locked)}`,
    };
  if (planned.problem) return refuse(planned.problem);
  return { type: 'change', label, change };
}

export const WORDS_COMMANDS: readonly WordsCommand[] = [
  defineCommand<WordsContext, WordsState, WordsChange, number>({
    name: 'move',
    label: 'Previous / next word',
    shortcut: '← / →',
    keys: [
      { keys: 'ArrowLeft', args: -1 },
      { keys: 'ArrowRight', args: 1 },
    ],
    canRun: hasWords,
    perform: (ctx, by) => select(ctx, ctx.focus < 0 ? 0 : ctx.focus + by, false),
  }),
  defineCommand<WordsContext, WordsState, WordsChange, number>({
    name: 'extend',
    label: 'Select the previous / next word too',
    shortcut: 'Shift + ← / →',
    keys: [
      { keys: 'Shift+ArrowLeft', args: -1 },
      { keys: 'Shift+ArrowRight', args: 1 },
    ],
    canRun: hasWords,
    perform: (ctx, by) => select(ctx, ctx.focus < 0 ? 0 : ctx.focus + by, true),
  }),
  defineCommand<WordsContext, WordsState, WordsChange, { by: number; extend: boolean }>({
    name: 'paragraph',
    label: 'Previous / next paragraph',
    shortcut: '↑ / ↓ (Shift: select)',
    keys: [
      { keys: 'ArrowUp', args: { by: -1, extend: false } },
      { keys: 'ArrowDown', args: { by: 1, extend: false } },
      { keys: 'Shift+ArrowUp', args: { by: -1, extend: true } },
      { keys: 'Shift+ArrowDown', args: { by: 1, extend: true } },
    ],
    canRun: hasWords,
    perform: (ctx, { by, extend }) => {
      const { paragraphs } = ctx.transcript;
      const here = paragraphOf(ctx);
      if (!here) return select(ctx, 0, extend);
      const target = paragraphs[Math.max(0, Math.min(paragraphs.length - 1, here.index + by))]!;
      // Extending runs to the end of a paragraph; moving lands on its first word.
      return select(ctx, extend && by > 0 ? target.last : target.first, extend);
    },
  }),
  defineCommand<WordsContext, WordsState, WordsChange, { end: boolean; extend: boolean }>({
    name: 'edge',
    label: 'First / last word of the paragraph',
    shortcut: 'Home / End (Shift: select)',
    keys: [
      { keys: 'Home', args: { end: false, extend: false } },
      { keys: 'End', args: { end: true, extend: false } },
      { keys: 'Shift+Home', args: { end: false, extend: true } },
      { keys: 'Shift+End', args: { end: true, extend: true } },
    ],
    canRun: hasWords,
    perform: (ctx, { end, extend }) => {
      const here = paragraphOf(ctx);
      return here ? select(ctx, end ? here.last : here.first, extend) : refuse('No words.');
    },
  }),
  defineCommand<WordsContext, WordsState, WordsChange>({
    name: 'selectParagraph',
    label: 'Select the paragraph',
    keys: [{ keys: 'Mod+A', args: undefined }],
    canRun: hasWords,
    perform: (ctx) => {
      const here = paragraphOf(ctx);
      if (!here) return refuse('No words.');
      return select({ ...ctx, focus: here.first, anchor: null }, here.last, true);
    },
  }),
  defineCommand<WordsContext, WordsState, WordsChange>({
    name: 'clearSelection',
    label: 'Select the active word alone',
    keys: [{ keys: 'Escape', args: undefined }],
    canRun: (ctx) => ctx.anchor !== null,
    perform: (ctx) =>
      ctx.anchor === null
        ? refuse('Nothing more is selected.')
        : { type: 'state', patch: { anchor: null }, announce: 'Selection cleared.' },
  }),
  defineCommand<WordsContext, WordsState, WordsChange>({
    name: 'cut',
    label: 'Cut',
    description: 'Cut the selected words out of the video (every unlocked layer)',
    keys: [
      { keys: 'Delete', args: undefined },
      { keys: 'Backspace', args: undefined },
    ],
    toolbar: 'edit',
    writes: true,
    canRun: (ctx) => selectedRange(ctx) !== null,
    perform: (ctx) => cutSelection(ctx),
  }),
  defineCommand<WordsContext, WordsState, WordsChange>({
    name: 'jump',
    label: 'Play from here',
    description: 'Move the playhead to the active word',
    keys: [{ keys: 'Enter', args: undefined }],
    canRun: (ctx) => ctx.focus >= 0,
    perform: (ctx) => {
      const word = ctx.transcript.words[ctx.focus];
      if (!word) return refuse('Choose a word first.');
      return {
        type: 'state',
        patch: {
          transportRequest: { n: ctx.requests + 1, kind: 'seek', seconds: word.startSeconds ?? 0 },
        },
        announce: `Playhead at ${formatSeconds(word.startSeconds ?? 0)}: ${word.word}`,
      };
    },
  }),
  defineCommand<WordsContext, WordsState, WordsChange>({
    name: 'play',
    label: 'Play / pause',
    keys: [{ keys: ' ', args: undefined }],
    shortcut: 'Space',
    toolbar: 'play',
    canRun: () => true,
    perform: (ctx) => ({
      type: 'state',
      patch: { transportRequest: { n: ctx.requests + 1, kind: 'toggle' } },
    }),
  }),
  defineCommand<WordsContext, WordsState, WordsChange>({
    name: 'cleanUp',
    label: 'Clean up…',
    description: 'Find filler words and long pauses, and remove them in one step',
    toolbar: 'edit',
    writes: true,
    canRun: hasWords,
    perform: (ctx) =>
      hasWords(ctx)
        ? { type: 'state', patch: { cleanUpOpen: true } }
        : refuse('There are no words to clean up.'),
  }),
  ...historyCommands<WordsContext, WordsState, WordsChange>(),
];
