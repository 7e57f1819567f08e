/**
 * The Words view's `Editor` (the shared editor kit): its document is the project's timeline and
 * caption words read as one (the caches the timeline editor and the caption styler read, so every
 * view of the project shows a cut at once); a change is planned on the document it is applied to
 * and sent as one atomic batch at `expected_revision` with an Idempotency-Key; a cut or a restore
 * is checked first with the batch's dry run (the service's preview of the whole gesture) and held
 * for the person's review; a stale revision is read again and the change planned again on it.
 */
import type { QueryClient } from '@tanstack/query-core';
import { ApiError, describeError } from '@/api/api-error.ts';
import { captionWordsQueryOptions, type WordsDoc } from '@/api/caption-queries.ts';
import { queryKeys } from '@/api/query-keys.ts';
import { postTimelineBatch, timelineQueryOptions } from '@/api/timeline.ts';
import { withConflictRetry } from '@/editor-kit/conflict-retry.ts';
import { ChangeRejected } from '@/editor-kit/contract.ts';
import { createEditor, type Editor } from '@/editor-kit/editor.ts';
import type { Timeline, TimelineBatchApplyResult } from '@/api/schema.gen.ts';
import { WORDS_COMMANDS, type WordsContext } from '../model/commands.ts';
import { transcriptOf, type WordsDocument } from '../model/transcript.ts';
import {
  describeConflict,
  invertChange,
  planChange,
  rebaseChange,
  refusalOf,
  settleChange,
  type PlannedChange,
  type WordsChange,
  type WordsResult,
} from '../model/words-change.ts';
import { initialWordsState, MARKED_KEYS, type WordsState } from './words-state.ts';

export type WordsEditor = Editor<WordsState, WordsDocument, WordsChange, WordsResult, WordsContext>;

/** What a held cut or restore shows before it is applied. */
export interface WordsReview {
  planned: PlannedChange;
  /** The service's preview (the batch's dry run), or null where it did not answer. */
  preview: TimelineBatchApplyResult | null;
  /** Why the service's preview is missing, in words. */
  previewError: string | null;
}

/** Keeps the cut list in step with what a change did (entries gained and lost). */
export interface CutListSync {
  (change: WordsChange, planned: PlannedChange): void;
}

const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A refused batch in words: which operations, and why. */
function refusal(batch: TimelineBatchApplyResult, total: number): ChangeRejected {
  return new ChangeRejected(
    `Nothing was changed: ${plural(batch.failed_operations.length, 'operation')} of ${total} could not be applied.`,
    batch.failed_operations.map((failure) => failure.message),
  );
}

/** The service's own adjustments worth saying (not the words a cut removes: that was the point). */
const warningsOf = (result: WordsResult) =>
  result.batch.warnings.filter((warning) => !/caption word\(s\) would be removed/.test(warning));

export function createWordsEditor(options: {
  projectId: string;
  queryClient: QueryClient;
  initial?: Partial<WordsState>;
  /** Told of every change applied (the cut list follows it). */
  onApplied?: CutListSync;
  /** Waits between retries (tests pass a fake). */
  wait?: (ms: number) => Promise<void>;
}): WordsEditor {
  const { projectId, queryClient } = options;
  const timelineQuery = timelineQueryOptions(projectId);
  const wordsQuery = captionWordsQueryOptions(projectId);
  let composed: { timeline: Timeline; words: WordsDoc; doc: WordsDocument } | null = null;
  const read = (qc: QueryClient): WordsDocument | undefined => {
    const timeline = qc.getQueryData<Timeline>(timelineQuery.queryKey);
    const words = qc.getQueryData<WordsDoc>(wordsQuery.queryKey);
    if (!timeline || !words) return undefined;
    if (composed?.timeline !== timeline || composed.words !== words)
      composed = { timeline, words, doc: { timeline, words } };
    return composed.doc;
  };
  const fetch = async (): Promise<WordsDocument> => {
    const [timeline, words] = await Promise.all([
      queryClient.fetchQuery({ ...timelineQuery, staleTime: 0 }),
      queryClient.fetchQuery({ ...wordsQuery, staleTime: 0 }),
    ]);
    return { timeline, words };
  };
  const sendPlanned = async (
    change: WordsChange,
    base: WordsDocument,
    request: { dryRun?: boolean; idempotencyKey?: string },
  ) => {
    const planned = planChange(base, change);
    const refused = refusalOf(planned);
    if (refused) throw new ChangeRejected(refused);
    return postTimelineBatch(projectId, planned.ops, base.timeline.revision, request);
  };

  return createEditor<WordsState, WordsDocument, WordsChange, WordsResult, WordsContext>({
    key: ['words-editor', projectId],
    queryClient,
    initialState: initialWordsState(options.initial),
    markedKeys: MARKED_KEYS,
    commands: WORDS_COMMANDS,
    ...(options.wait ? { wait: options.wait } : {}),
    context: (doc, state) => {
      const transcript = transcriptOf(doc, state.layerIndex);
      const focus = state.focus === null ? -1 : (transcript.positionOf.get(state.focus) ?? -1);
      const anchor =
        state.anchor === null ? null : (transcript.positionOf.get(state.anchor) ?? null);
      return {
        doc,
        transcript,
        focus,
        anchor: focus < 0 ? null : anchor,
        history: state.history,
        padSeconds: state.padSeconds,
        requests: state.transportRequest?.n ?? 0,
      };
    },

    // A cut or a restore is checked first (the batch's dry run), then held for review.
    async review({ change, base }) {
      if (change.kind === 'undo-cut') return { action: 'commit', change };
      const checked = await withConflictRetry<WordsDocument, WordsChange, TimelineBatchApplyResult>(
        {
          base,
          change,
          send: (next, doc) => sendPlanned(next, doc, { dryRun: true }),
          isConflict,
          refetch: fetch,
          rebase: rebaseChange,
          describe: describeConflict,
        },
      );
      if (checked.status === 'not-applied') return { action: 'drop', conflict: checked.conflict };
      if (checked.status === 'failed' && checked.error instanceof ChangeRejected)
        throw checked.error;
      const planned = planChange(
        checked.base,
        checked.status === 'applied' ? checked.change : change,
      );
      const preview = checked.status === 'applied' ? checked.result : null;
      if (preview && !preview.success) throw refusal(preview, planned.ops.length);
      const answer: WordsReview = {
        planned,
        preview,
        previewError:
          checked.status === 'failed'
            ? `The service could not preview it (${describeError(checked.error).detail}); these figures are Cutroom’s own plan.`
            : null,
      };
      return {
        action: 'hold',
        change: checked.status === 'applied' ? checked.change : change,
        answer,
        conflict: checked.conflict,
      };
    },

    afterCommit: ({ change, base }) => {
      // After a cut the active word is the one after it; after a restore, the first word back.
      const planned = planChange(base, change);
      const record = planned.adds[0] ?? (change.kind !== 'cut' ? change.records[0] : undefined);
      if (change.kind === 'cut')
        return { focus: record?.after?.wordId ?? record?.before?.wordId ?? null, anchor: null };
      const first = change.kind === 'restore' ? change.records[0]?.targets.removed[0] : undefined;
      return first ? { focus: first, anchor: null } : {};
    },

    document: {
      queryKey: timelineQuery.queryKey,
      partKeys: [timelineQuery.queryKey, wordsQuery.queryKey],
      read,
      write: (qc, doc) => {
        qc.setQueryData(timelineQuery.queryKey, doc.timeline);
        qc.setQueryData(wordsQuery.queryKey, doc.words);
      },
      fetch,
      apply: (doc, change) => planChange(doc, change).after,
      async send(change, base, idempotencyKey) {
        const batch = await sendPlanned(change, base, { idempotencyKey });
        if (!batch.applied)
          throw refusal(batch, batch.results.length + batch.failed_operations.length);
        options.onApplied?.(change, planChange(base, change));
        // Other views of the project's captions (the timeline preview's words, the safe areas) read
        // them again; the styler's and this view's list is the one just written.
        void queryClient.invalidateQueries({
          queryKey: queryKeys.captions.project(projectId),
          predicate: (query) => query.queryKey[2] !== 'words' || query.queryKey[3] !== 'all',
        });
        return { batch };
      },
      settle: ({ base, change, result }) => settleChange({ base, change, result }),
      invert: invertChange,
      isConflict,
      rebase: rebaseChange,
      describeConflict,
      warnings: warningsOf,
    },
  });
}
