/**
 * The Words view: the project's spoken words as paragraphs, on one `Editor` of the editor kit.
 * Select words and cut them (checked by the service's preview first, then one request and one undo
 * step), clean out fillers and long pauses in one step, restore any cut from the cut list later.
 * The playhead is the project's transport: a click on a word moves it, and the spoken word follows
 * playback. What a pending cut would take out is marked for the timeline (a band over every layer).
 *
 * One component for the page (`/projects/:id/words`) and the panel beside an editor's frame: the
 * panel is compact (its tools on two rows, the help folded).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import {
  captionWordsFirstPageQueryOptions,
  captionWordsQueryOptions,
  wordsDocOf,
} from '@/api/caption-queries.ts';
import { timelineQueryOptions } from '@/api/timeline.ts';
import { ConflictBanner, NoticeBanner } from '@/components/editor-banners.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { describeError } from '@/api/api-error.ts';
import { NumberField } from '@/editor-kit/controls/number-field.tsx';
import { nextRedo, nextUndo } from '@/editor-kit/history.ts';
import {
  EditorToolbar,
  ShortcutHelp,
  useBusy,
  useEditorContext,
  useEditorState,
  usePendingReview,
  useSaving,
} from '@/editor-kit/react.tsx';
import type { CaptionWord } from '@/api/schema.gen.ts';
import { marksFor } from '@/playback/marks.ts';
import { transportFor } from '@/playback/transport.ts';
import { cutListQueryOptions, syncCutList } from '../api/cut-list.ts';
import { describeCleanUp } from '../model/clean-up.ts';
import { cutSelection, selectedRange } from '../model/commands.ts';
import { currentCuts, placeOf, type CutRecord } from '../model/cut-record.ts';
import { stretchesFor } from '../model/cut-targets.ts';
import { formatSeconds } from '../model/frames.ts';
import { timelineEnd, transcriptOf } from '../model/transcript.ts';
import { planChange, type WordsChange } from '../model/words-change.ts';
import {
  createWordsEditor,
  type WordsEditor,
  type WordsReview,
} from '../state/create-words-editor.ts';
import { loadPadding, PADDING_RANGE, savePadding, saveKept } from '../state/words-settings.ts';
import type { WordsEditorState } from '../state/words-state.ts';
import { CleanUpDialog } from './clean-up-dialog.tsx';
import { TranscriptList, type CutMarks } from './transcript-list.tsx';
import { TranscriptPreview } from './transcript-preview.tsx';
import { ChangeReview, CutList, LockedPrompt } from './words-panels.tsx';

const POINTER_HELP = [
  { shortcut: 'Click a word', description: 'Move the playhead to it' },
  { shortcut: 'Drag across words', description: 'Select them' },
  { shortcut: 'Shift + click', description: 'Select up to that word' },
  { shortcut: 'Click ✂', description: 'Show or fold what a cut took out' },
];

/** Pauses at least this long are shown between the words (seconds). */
const PAUSE_SHOWN = 0.5;

export function WordsView({
  projectId,
  compact = false,
}: {
  projectId: string;
  compact?: boolean;
}) {
  const queryClient = useQueryClient();
  const timeline = useQuery(timelineQueryOptions(projectId));
  const allWords = captionWordsQueryOptions(projectId);
  // Asked for first, so that the whole list starts from it rather than asking for it again.
  const firstPageWanted = queryClient.getQueryData(allWords.queryKey) === undefined;
  const firstPage = useQuery({
    ...captionWordsFirstPageQueryOptions(projectId),
    enabled: firstPageWanted,
  });
  // The rest of a long talk is asked for a task after the first paragraphs have painted: its
  // requests (four at a time) and their answers stay out of the first render's way.
  const painted = usePaintedOnce(!firstPageWanted || !firstPage.isPending);
  const words = useQuery({ ...allWords, enabled: painted });
  const early = useMemo(
    () =>
      timeline.data && firstPage.data && words.isPending
        ? transcriptOf({ timeline: timeline.data, words: wordsDocOf([firstPage.data]) })
        : null,
    [timeline.data, firstPage.data, words.isPending],
  );
  if (early && early.words.length > 0 && words.isPending)
    return (
      <TranscriptPreview
        transcript={early}
        total={firstPage.data?.pagination?.total ?? early.words.length}
        pauseThreshold={PAUSE_SHOWN}
      />
    );
  if (timeline.isPending || words.isPending) return <LoadingState label="Loading the words…" />;
  if (timeline.isError || words.isError)
    return (
      <ErrorState
        error={timeline.error ?? words.error}
        onRetry={() => {
          void timeline.refetch();
          void words.refetch();
        }}
      />
    );
  if (words.data.words.length === 0)
    return (
      <EmptyState title="No spoken words in this project yet">
        <p>
          Editing by words reads the project’s caption words. Once the captions of the talk are in
          the project, its words show here and cutting them cuts the video.
        </p>
      </EmptyState>
    );
  return <WordsEditorView projectId={projectId} compact={compact} />;
}

function WordsEditorView({ projectId, compact }: { projectId: string; compact: boolean }) {
  const queryClient = useQueryClient();
  const [editor] = useState(() => {
    const created: WordsEditor = createWordsEditor({
      projectId,
      queryClient,
      initial: { padSeconds: loadPadding() },
      onApplied: (_change, planned) => {
        if (planned.adds.length === 0 && planned.removes.length === 0) return;
        syncCutList(queryClient, projectId, planned).catch((error: unknown) =>
          created.setState({
            notice: {
              tone: 'error',
              title: 'The cut list could not be saved',
              detail: `The timeline changed, but the list of cuts to restore later did not: ${describeError(error).detail} Undo still works.`,
            },
          }),
        );
      },
    });
    return created;
  });
  const ctx = useEditorContext(editor, watchContext);
  const busy = useBusy(editor);
  const saving = useSaving(editor);
  const history = useEditorState(editor, (state) => state.history);
  const notice = useEditorState(editor, (state) => state.notice);
  const conflict = useEditorState(editor, (state) => state.conflict);
  const announcement = useEditorState(editor, (state) => state.announcement);
  const lockedPrompt = useEditorState(editor, (state) => state.lockedPrompt);
  const cleanUpOpen = useEditorState(editor, (state) => state.cleanUpOpen);
  const unfolded = useEditorState(editor, (state) => state.unfolded);
  const padSeconds = useEditorState(editor, (state) => state.padSeconds);
  const review = usePendingReview(editor);
  const cutList = useQuery(cutListQueryOptions(projectId));
  const listId = useId().replace(/:/g, '');

  useTransportRequests(editor, projectId);
  const doc = ctx?.doc;
  useEffect(() => {
    if (doc) transportFor(projectId).setDuration(timelineEnd(doc.timeline));
  }, [doc, projectId]);
  usePendingCutMarks(editor, projectId, ctx, review?.change ?? null, cleanUpOpen);

  const wordsById = useMemo(
    () => new Map<string, CaptionWord>((doc?.words.words ?? []).map((w) => [w.id, w])),
    [doc],
  );
  // Only the cuts the timeline shows now can be restored (the list may outlive them).
  const cuts = useMemo(
    () => (doc ? currentCuts(cutList.data ?? [], doc.timeline, wordsById) : []),
    [cutList.data, wordsById, doc],
  );
  const places = useMemo(
    () => new Map(cuts.map((cut) => [cut.id, placeOf(cut, wordsById)] as const)),
    [cuts, wordsById],
  );
  const marks = useMemo(() => (ctx ? cutMarks(cuts, ctx.transcript) : EMPTY_MARKS), [cuts, ctx]);

  if (!ctx) return <LoadingState label="Loading the words…" />;
  const { transcript } = ctx;
  const range = selectedRange(ctx);
  const undoEntry = nextUndo(history);
  const redoEntry = nextRedo(history);

  const restore = (cut: CutRecord) =>
    void editor.submit(
      `Restore ${cut.text ? `“${shorten(cut.text)}”` : `a ${formatSeconds(cut.seconds)} pause`}`,
      {
        kind: 'restore',
        label: `Restore ${cut.text ? `“${shorten(cut.text)}”` : `a ${formatSeconds(cut.seconds)} pause`}`,
        records: [cut],
        skipLayers: [],
      },
    );

  return (
    <div className={`flex h-full min-h-0 flex-col gap-2 ${compact ? 'text-sm' : ''}`}>
      <EditorToolbar
        editor={editor}
        label="Words tools"
        ctx={ctx}
        saving={busy}
        compact={compact}
        // A panel sits beside a frame that has its own playback controls.
        exclude={compact ? ['play'] : undefined}
        variants={{ cut: 'danger' }}
        titles={{
          undo: undoEntry ? `Undo ${undoEntry.label} (Ctrl/⌘ + Z)` : 'Nothing to undo',
          redo: redoEntry ? `Redo ${redoEntry.label} (Ctrl/⌘ + Shift + Z)` : 'Nothing to redo',
        }}
      />
      <div className="flex flex-wrap items-end gap-x-3 gap-y-1">
        <PaddingField
          value={padSeconds}
          onChange={(value) => {
            editor.setState({ padSeconds: value });
            savePadding(value);
          }}
        />
        {transcript.layers.length > 1 ? (
          <label className="flex flex-col text-sm">
            <span className="font-medium text-slate-700">Words from</span>
            <select
              className="rounded border border-slate-300 px-2 py-1"
              value={transcript.layerIndex ?? ''}
              onChange={(event) =>
                editor.setState({
                  layerIndex: Number(event.target.value),
                  focus: null,
                  anchor: null,
                })
              }
            >
              {transcript.layers.map((layer) => (
                <option key={layer.index} value={layer.index}>
                  {layer.name} ({layer.words} words)
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <span className="ml-auto pb-2 text-sm text-slate-600" role="status">
          {busy ? (saving ? 'Saving…' : 'Checking…') : `Revision ${ctx.doc.timeline.revision}`}
        </span>
      </div>

      {conflict ? (
        <ConflictBanner
          conflict={conflict}
          what="this project's timeline"
          onDismiss={() => editor.setState({ conflict: null })}
        />
      ) : null}
      {notice ? (
        <NoticeBanner notice={notice} onDismiss={() => editor.setState({ notice: null })} />
      ) : null}
      {lockedPrompt ? (
        <LockedPrompt
          locked={lockedPrompt.locked}
          onCancel={() => editor.setState({ lockedPrompt: null, announcement: 'Cut cancelled.' })}
          onGoOn={() => {
            const { change, label, locked } = lockedPrompt;
            editor.setState({ lockedPrompt: null });
            if (change.kind !== 'cut') return;
            void editor.submit(label, {
              ...change,
              skipLayers: [...new Set([...change.skipLayers, ...locked.map((c) => c.layerIndex)])],
            });
          }}
        />
      ) : null}
      {review ? (
        <ChangeReview
          change={review.change}
          review={review.answer as WordsReview}
          onApply={review.apply}
          onCancel={review.cancel}
        />
      ) : null}

      <p className="text-xs text-slate-600" id={`${listId}-help`}>
        {range && range[0] !== range[1]
          ? `${range[1] - range[0] + 1} words selected: Delete cuts them.`
          : 'Click a word to play from it; drag or Shift + arrows to select, Delete to cut.'}
      </p>
      <TranscriptList
        editor={editor}
        projectId={projectId}
        transcript={transcript}
        focus={ctx.focus}
        range={range}
        pauseThreshold={PAUSE_SHOWN}
        cuts={marks}
        unfolded={unfolded}
        listId={listId}
        label={`Transcript: ${transcript.words.length} words in ${transcript.paragraphs.length} paragraphs`}
      />
      <CutList
        cuts={cuts}
        places={places}
        busy={busy}
        error={
          cutList.isError
            ? `The cut list could not be read: ${describeError(cutList.error).detail}`
            : null
        }
        onRestore={restore}
        onShow={(cut) => {
          const place = places.get(cut.id);
          if (place !== null && place !== undefined) transportFor(projectId).seek(place, 'words');
          const after = cut.after?.wordId ?? cut.before?.wordId;
          if (after)
            editor.setState({
              focus: after,
              anchor: null,
              unfolded: new Set([...unfolded, cut.id]),
            });
        }}
      />
      {compact ? null : <ShortcutHelp editor={editor} extra={POINTER_HELP} />}
      <div role="status" aria-label="Last action" className="sr-only">
        {announcement}
      </div>

      {cleanUpOpen ? (
        <CleanUpDialog
          projectId={projectId}
          doc={ctx.doc}
          transcript={transcript}
          padSeconds={padSeconds}
          busy={busy}
          onClose={() => editor.setState({ cleanUpOpen: false })}
          onApply={(change, kept) => {
            editor.setState({ cleanUpOpen: false });
            const seconds = planChange(ctx.doc, change).seconds;
            void editor.commit(change.label, change).then((outcome) => {
              if (outcome.status !== 'applied' || change.kind !== 'cut') return;
              saveKept(projectId, kept);
              const done = describeCleanUp(
                change.cleanUp?.fillers ?? 0,
                change.cleanUp?.pauses ?? 0,
              );
              const shorter =
                outcome.change === change ? seconds : planChange(ctx.doc, outcome.change).seconds;
              editor.setState({
                notice: {
                  tone: 'info',
                  title: 'Clean-up done',
                  detail: `${done}: ${formatSeconds(shorter)} shorter.`,
                },
                announcement: `${done}: ${formatSeconds(shorter)} shorter.`,
              });
            });
          }}
        />
      ) : null}
    </div>
  );
}

/** True from a task after the first frame painted once `ready` was true (then it stays true). */
function usePaintedOnce(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}

const EMPTY_MARKS: CutMarks = { before: new Map(), after: new Map() };

const shorten = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** Where each cut's mark goes in the transcript: before the kept word after it. */
function cutMarks(
  cuts: readonly CutRecord[],
  transcript: WordsEditorContext['transcript'],
): CutMarks {
  const before = new Map<number, CutRecord[]>();
  const after = new Map<number, CutRecord[]>();
  for (const cut of cuts) {
    const next = cut.after ? transcript.positionOf.get(cut.after.wordId) : undefined;
    const previous = cut.before ? transcript.positionOf.get(cut.before.wordId) : undefined;
    if (next !== undefined) before.set(next, [...(before.get(next) ?? []), cut]);
    else if (previous !== undefined) after.set(previous, [...(after.get(previous) ?? []), cut]);
  }
  return { before, after };
}

type WordsEditorContext = NonNullable<ReturnType<WordsEditor['context']>>;

// The views re-read the context for what they show (the selection, the layer, the history).
const watchContext = (state: WordsEditorState) => [
  state.focus,
  state.anchor,
  state.layerIndex,
  state.history,
  state.padSeconds,
  state.transportRequest,
];

/** The editor's transport requests (Enter, Space), carried out on the project's transport. */
function useTransportRequests(editor: WordsEditor, projectId: string): void {
  useEffect(
    () =>
      editor.store.subscribe((state, previous) => {
        const request = state.transportRequest;
        if (!request || request === previous.transportRequest) return;
        const transport = transportFor(projectId);
        if (request.kind === 'seek') transport.seek(request.seconds, 'words');
        else if (transport.get().rate === 0) transport.play();
        else transport.pause();
      }),
    [editor, projectId],
  );
}

/**
 * What a pending cut would take out, for the timeline's band: the change held for review or
 * refused for a locked layer, else a selection of several words. The clean-up dialog marks its own.
 */
function usePendingCutMarks(
  editor: WordsEditor,
  projectId: string,
  ctx: WordsEditorContext | null,
  held: WordsChange | null,
  cleanUpOpen: boolean,
): void {
  const lockedPrompt = useEditorState(editor, (state) => state.lockedPrompt);
  useEffect(() => {
    if (cleanUpOpen || !ctx) return;
    const marks = marksFor(projectId);
    const pending = held ?? lockedPrompt?.change ?? null;
    let stretches: Array<{ start: number; end: number }> = [];
    let label: string | null = null;
    if (pending && pending.kind === 'cut') {
      stretches = planChange(ctx.doc, pending).stretches;
      label = pending.label;
    } else if (ctx.anchor !== null) {
      const outcome = cutSelection(ctx);
      const change =
        outcome.type === 'change'
          ? outcome.change
          : outcome.type === 'state'
            ? outcome.patch.lockedPrompt?.change
            : undefined;
      if (change?.kind === 'cut') {
        const frames = stretchesFor(ctx.transcript, change.targets);
        stretches = frames.map((s) => ({
          start: s.start / ctx.transcript.fps,
          end: s.end / ctx.transcript.fps,
        }));
        const seconds = frames.reduce((sum, s) => sum + s.end - s.start, 0) / ctx.transcript.fps;
        label = `Delete cuts ${formatSeconds(seconds)}`;
      }
    }
    marks.setState({ pendingCut: stretches, pendingLabel: label });
  }, [projectId, ctx, held, lockedPrompt, cleanUpOpen]);
  useEffect(
    () => () => marksFor(projectId).setState({ pendingCut: [], pendingLabel: null }),
    [projectId],
  );
}

function PaddingField({ value, onChange }: { value: number; onChange(value: number): void }) {
  return (
    <div className="w-28">
      <NumberField
        label="Padding (s)"
        value={value}
        min={PADDING_RANGE.min}
        max={PADDING_RANGE.max}
        step={0.01}
        commit={(seconds) => {
          if (seconds < PADDING_RANGE.min || seconds > PADDING_RANGE.max)
            return `Between ${PADDING_RANGE.min} and ${PADDING_RANGE.max} s.`;
          onChange(seconds);
          return null;
        }}
      />
    </div>
  );
}
