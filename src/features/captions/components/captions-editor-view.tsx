/**
 * The caption styler: toolbar (undo, redo, emphasis, reset, save status), the word list with its
 * search, the preview (the shared caption painter, with playback) and the inspector (the selected
 * words' style, the project's caption style, the Looks), all on one `CaptionsEditor` of the
 * editor kit. Unsaved changes are marked, kept on this device and saved on request after a
 * failure or a reload; conflicts and refusals are shown in words.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useEffect, useMemo, useState, type ReactNode } from 'react';
import { bindEditorKeys } from '@/editor-kit/shortcut-guard.ts';
import { brandContextQueryOptions } from '@/api/brand-context.ts';
import { ConflictBanner, NoticeBanner } from '@/components/editor-banners.tsx';
import { InlineError } from '@/components/error-state.tsx';
import { StudioLayout, type StudioPanel } from '@/components/studio-layout.tsx';
import { paginate } from '@/caption-painter/caption-pages.ts';
import { nextRedo, nextUndo } from '@/editor-kit/history.ts';
import { EditorToolbar, useEditorContext, useEditorState } from '@/editor-kit/react.tsx';
import { captionLooksQueryOptions } from '@/api/caption-queries.ts';
import { captionFontsQueryOptions, captionSearchQueryOptions } from '../api/captions-queries.ts';
import { touchedIds } from '../model/caption-change.ts';
import type { CaptionFont, CaptionWord } from '@/api/schema.gen.ts';
import { captionOf, emphasisCount, indexOfWords, sameStructure } from '../model/caption-doc.ts';
import { settingsWithLook } from '../model/looks.ts';
import { paletteOf } from '../model/palette.ts';
import type { CaptionsContext } from '../model/commands.ts';
import { buildRows, wordIdsOf } from '../model/word-rows.ts';
import { plural } from '../model/plural.ts';
import { transportFor } from '@/playback/transport.ts';
import { useTransport } from '@/playback/use-transport.ts';
import { createCaptionsEditor, type CaptionsEditor } from '../state/captions-editor.ts';
import {
  bridgePlaybackStore,
  createPlaybackStore,
  type PlaybackStore,
} from '../state/playback-store.ts';
import { CaptionPreview } from './caption-preview.tsx';
import { CaptionsInspector } from './captions-inspector.tsx';
import { LookGallery } from './look-gallery.tsx';
import { BrandStatus } from './brand-status.tsx';
import { SettingsPanel, WordInspector } from './style-panels.tsx';
import { UnsavedBanner } from './unsaved-banner.tsx';
import { WordList } from './word-list.tsx';
import { WordSearch } from './word-search.tsx';

export function CaptionsEditorView({
  projectId,
  query,
  onQueryChange,
  heading,
  panels = NO_PANELS,
}: {
  projectId: string;
  query: string;
  onQueryChange(query: string): void;
  /** The page's title, at the start of the toolbar's row. */
  heading: ReactNode;
  /** Panels beside the frame after the styler's own (the route's slot). */
  panels?: readonly StudioPanel[];
}) {
  const queryClient = useQueryClient();
  const [editor] = useState(() =>
    createCaptionsEditor({
      projectId,
      queryClient,
      storage: typeof window === 'undefined' ? undefined : window.localStorage,
    }),
  );
  const [playback] = useState(createPlaybackStore);
  // The preview's playhead is the project's transport's (one playhead per project in the tab).
  useEffect(() => bridgePlaybackStore(playback, transportFor(projectId)), [playback, projectId]);
  useEffect(() => editor.outbox.keepOnDevice(), [editor]);
  useEffect(() => {
    editor.outbox.reconcileReturned();
  });
  // A save that failed for the connection is tried again when the browser is back online.
  useEffect(() => {
    const onOnline = () => {
      if (editor.getState().saveHeld === 'failed') void editor.outbox.saveUnsaved();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [editor]);

  // The editor's keys work anywhere on the screen, never a field's or a dialog's (the kit's rule).
  useEffect(() => bindEditorKeys(editor), [editor]);

  // The preview paints a change at once, from the editor (see CaptionPreview), before this
  // renders the rest of the screen.
  const ctx = useEditorContext(editor, CONTEXT_WATCH);
  const state = useEditorState(editor, WHOLE_STATE);
  if (!ctx) return null;
  return (
    <CaptionsScreen
      editor={editor}
      playback={playback}
      projectId={projectId}
      query={query}
      onQueryChange={onQueryChange}
      ctx={ctx}
      state={state}
      heading={heading}
      panels={panels}
    />
  );
}

const NO_PANELS: readonly StudioPanel[] = [];

const WHOLE_STATE = (state: ReturnType<CaptionsEditor['getState']>) => state;

const CaptionsScreen = memo(function CaptionsScreen({
  editor,
  playback,
  projectId,
  query,
  onQueryChange,
  ctx,
  state,
  heading,
  panels,
}: {
  editor: CaptionsEditor;
  playback: PlaybackStore;
  projectId: string;
  query: string;
  onQueryChange(query: string): void;
  ctx: CaptionsContext;
  state: ReturnType<CaptionsEditor['getState']>;
  heading: ReactNode;
  panels: readonly StudioPanel[];
}) {
  const { selection, history, outbox, saveHeld, returned, notice, conflict, announcement } = state;
  const looks = useQuery(captionLooksQueryOptions());
  const fonts = useQuery(captionFontsQueryOptions());
  // The brand onboarding saved: its colours and fonts are offered first.
  const brand = useQuery(brandContextQueryOptions);
  const matches = useQuery(captionSearchQueryOptions(projectId, query));

  const [structures] = useState(() => new StructureCache());
  const doc = ctx?.doc;
  const words = doc?.words.words;
  const settings = doc?.style.settings;
  // Rows and pages follow the words' structure (order, timing, captions), not their styles or
  // text: a style change on 10,000 words rebuilds neither (the painter reads current words).
  const structure = words ? structures.of(words) : undefined;
  const visible = useMemo(
    () => (query && matches.data ? new Set(matches.data.ids) : null),
    [query, matches.data],
  );
  const rows = useMemo(
    () => (structure ? buildRows(structure, visible) : []),
    [structure, visible],
  );
  const order = useMemo(() => wordIdsOf(rows), [rows]);
  // A Look tried in the gallery breaks the lines its way in the preview.
  const shownSettings = settings && settingsWithLook(settings, state.lookPreview);
  const perLine = shownSettings?.wordsPerLineLimit;
  const perPage = shownSettings?.maxLinesPerCaption;
  const pages = useMemo(
    () =>
      structure
        ? paginate(structure, { wordsPerLineLimit: perLine, maxLinesPerCaption: perPage })
        : [],
    [structure, perLine, perPage],
  );
  const duration = useMemo(
    () => pages.reduce((end, page) => Math.max(end, page.endSeconds), 0),
    [pages],
  );
  // Playback runs to the cut's end where the timeline has said it (sound goes on after the last
  // caption), else to the last caption's.
  const transport = transportFor(projectId);
  useEffect(() => {
    if (duration > transport.get().duration) transport.setDuration(duration);
  }, [transport, duration]);
  const playDuration = useTransport(projectId, (state) => Math.max(state.duration, duration));
  const unsaved = useMemo(
    () => new Set(outbox.flatMap((entry) => touchedIds(entry.change))),
    [outbox],
  );
  const palette = useMemo(
    () => paletteOf(brand.data, settings, fonts.data?.fonts ?? []),
    [brand.data, settings, fonts.data],
  );
  const emphasis = useMemo(() => (words ? emphasisCount(words) : 0), [words]);
  const previewOrder = useMemo(
    () => (order.length > 0 || !structure ? order : structure.map((word) => word.id)),
    [order, structure],
  );
  const fontList = fonts.data?.fonts ?? NO_FONTS;
  // The Looks are previewed on the first caption as it is now (with the words' own styles).
  const [firstCaptions] = useState(() => new FirstCaptionCache());
  const firstCaption = useMemo(
    () => firstCaptions.of(structure, words),
    [firstCaptions, structure, words],
  );

  if (!doc || !words || !settings) return null;

  const undoEntry = nextUndo(history);
  const redoEntry = nextRedo(history);
  const lastUnsaved = outbox.findLast((entry) => entry.status !== 'saving');
  const inFlight = outbox.filter((entry) => entry.status !== 'unsaved').length;
  const held = outbox.filter((entry) => entry.status === 'unsaved').length;

  const toolbar = (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-3">
        {heading}
        <div className="min-w-0 flex-1">
          <EditorToolbar
            editor={editor}
            label="Caption tools"
            ctx={ctx}
            saving={false}
            compact
            titles={{
              undo: lastUnsaved
                ? `Undo ${lastUnsaved.label} (not saved yet) (Ctrl/⌘ + Z)`
                : undoEntry
                  ? `Undo ${undoEntry.label} (Ctrl/⌘ + Z)`
                  : 'Nothing to undo',
              redo: redoEntry ? `Redo ${redoEntry.label} (Ctrl/⌘ + Shift + Z)` : 'Nothing to redo',
            }}
          >
            <span
              className="ml-auto whitespace-nowrap text-sm text-slate-600"
              role="status"
              aria-label="Save status"
            >
              {inFlight > 0
                ? `Saving ${plural(inFlight, 'change')}…`
                : held > 0
                  ? `${plural(held, 'unsaved change')}`
                  : 'All changes saved'}
            </span>
          </EditorToolbar>
        </div>
      </div>
      <div className="flex max-h-48 flex-col gap-1 overflow-y-auto empty:hidden">
        {saveHeld ? (
          <UnsavedBanner
            editor={editor}
            reason={saveHeld}
            count={held}
            returned={returned}
            errors={outbox.flatMap((entry) => (entry.error ? [entry.error] : []))}
          />
        ) : null}
        {conflict ? (
          <ConflictBanner
            conflict={conflict}
            what="these captions"
            onDismiss={() => editor.setState({ conflict: null })}
          />
        ) : null}
        {notice ? (
          <NoticeBanner notice={notice} onDismiss={() => editor.setState({ notice: null })} />
        ) : null}
      </div>
    </div>
  );

  const wordsPanel = (
    <section aria-labelledby="words-heading" className="flex h-full min-h-0 min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        {/* The studio's panel shows the title; the section keeps its name. */}
        <h2 id="words-heading" className="sr-only">
          Words
        </h2>
        <p className="text-sm text-slate-600" aria-label="Summary">
          {plural(words.length, 'word')} · {plural(emphasis, 'emphasised word')}
        </p>
      </div>
      <WordSearch
        editor={editor}
        query={query}
        onQueryChange={onQueryChange}
        matches={matches.data?.ids ?? null}
        loading={query.length > 0 && matches.isFetching && !matches.data}
        error={matches.isError ? matches.error : null}
      />
      {query && matches.data && matches.data.ids.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          No word contains “{query}”.
        </p>
      ) : (
        <WordList
          editor={editor}
          words={words}
          rows={rows}
          order={order}
          spans={doc.words.spans}
          fps={doc.words.fps}
          query={query}
          selection={selection}
          unsaved={unsaved}
          playback={playback}
        />
      )}
    </section>
  );

  const inspector = (
    <CaptionsInspector
      editor={editor}
      header={
        <BrandStatus
          brand={brand.data}
          loading={brand.isPending}
          error={brand.isError ? brand.error : null}
          onRetry={() => void brand.refetch()}
        />
      }
      tabs={{
        word: (
          <WordInspector
            editor={editor}
            words={words}
            selection={selection}
            settings={settings}
            fonts={fontList}
            palette={palette}
          />
        ),
        style: (
          <SettingsPanel editor={editor} settings={settings} fonts={fontList} palette={palette} />
        ),
        looks: looks.isError ? (
          <InlineError error={looks.error} />
        ) : (
          <LookGallery
            editor={editor}
            looks={looks.data?.looks ?? null}
            appliedId={doc.style.look_id}
            settings={settings}
            firstCaption={firstCaption}
            words={words}
          />
        ),
      }}
    />
  );

  return (
    <>
      <StudioLayout
        id="captions"
        toolbar={toolbar}
        frameTitle="Preview"
        frame={
          <CaptionPreview
            editor={editor}
            playback={playback}
            projectId={projectId}
            pages={pages}
            order={previewOrder}
            duration={playDuration}
            fps={doc.words.fps}
            words={words}
            settings={settings}
          />
        }
        panels={[
          {
            id: 'words',
            title: 'Words',
            side: 'left',
            defaultWidth: 420,
            fill: true,
            content: wordsPanel,
          },
          {
            id: 'inspector',
            title: 'Inspector',
            defaultWidth: 360,
            fill: true,
            content: inspector,
          },
          ...panels,
        ]}
      />

      <div role="status" aria-label="Last action" className="sr-only">
        {announcement}
      </div>
    </>
  );
});

/** What the command context is re-read for, besides the document. */
const CONTEXT_WATCH = (state: ReturnType<CaptionsEditor['getState']>) =>
  [state.selection, state.anchor, state.history, state.outbox, state.draft] as const;

/**
 * The words of the first caption as they are now: the same list while none of them changed (a
 * style change elsewhere leaves the Look thumbnails as they are).
 */
class FirstCaptionCache {
  private last: readonly CaptionWord[] = NO_WORDS;

  of(
    structure: readonly CaptionWord[] | undefined,
    words: readonly CaptionWord[] | undefined,
  ): readonly CaptionWord[] {
    const first = structure?.[0];
    if (!first || !words) return (this.last = NO_WORDS);
    const caption = captionOf(first);
    const index = indexOfWords(words);
    const now: CaptionWord[] = [];
    for (const word of structure) {
      if (captionOf(word) !== caption) break;
      now.push(words[index.get(word.id) ?? -1] ?? word);
    }
    const last = this.last;
    if (now.length !== last.length || now.some((word, i) => word !== last[i])) this.last = now;
    return this.last;
  }
}

const NO_WORDS: readonly CaptionWord[] = [];

/** No fonts (yet): one list, so that memoised panels are not re-rendered for a new `[]`. */
const NO_FONTS: readonly CaptionFont[] = [];

/** The last list of each structure (see `sameStructure`): kept while only styles or text change. */
class StructureCache {
  private last: readonly CaptionWord[] | null = null;

  of(words: readonly CaptionWord[]): readonly CaptionWord[] {
    if (!this.last || !sameStructure(this.last, words)) this.last = words;
    return this.last;
  }
}
