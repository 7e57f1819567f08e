/**
 * Every word of the project, grouped by caption and paragraph, virtualised (only the rows on
 * screen exist). Each word row: its text (search matches marked), its time range with draggable
 * start and end handles (also sliders for the keyboard: ←/→ one frame, Shift ten), its style at a
 * glance, an "unsaved" mark, and a text fix in place. Click selects, Shift-click a range,
 * Ctrl/⌘-click adds or removes one.
 *
 * The rows are drawn by `WordListView` (plain DOM in a pool of slots, written to as the list
 * scrolls: a scrolled frame leaves React out); React renders the list's frame, the follow
 * button and a word's text-fix field (into its row).
 *
 * The list follows playback: as the spoken word moves (playing or scrubbing), its row is scrolled
 * into view. Once the person works in the list (wheel, touch, pointer, keys, focus), it stops
 * following so as not to fight them, and "Follow playback" resumes (pressing Play resumes too,
 * unless following was switched off with that button). Nothing is announced per word.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { CaptionSpan, CaptionWord } from '@/api/schema.gen.ts';
import { selectCommand, setText } from '../model/commands.ts';
import { followOffset, rowIndexById, type SelectMode, type WordRow } from '../model/word-rows.ts';
import type { CaptionsEditor } from '../state/captions-editor.ts';
import type { PlaybackStore } from '../state/playback-store.ts';
import { WordListView } from './word-list-view.ts';
import { WordTextField } from './word-text-field.tsx';

/**
 * Following the spoken word: on; interrupted by the person working in the list (Play resumes);
 * or switched off with the button (only the button resumes).
 */
type Follow = 'on' | 'interrupted' | 'off';

/** Events by which a person scrolls or works in the list. */
const LIST_ACTIVITY = ['wheel', 'touchstart', 'pointerdown', 'keydown', 'focusin'] as const;

export const WordList = memo(function WordList({
  editor,
  words,
  rows,
  order,
  spans,
  fps,
  query,
  selection,
  unsaved,
  playback,
  scrollRef,
}: {
  editor: CaptionsEditor;
  words: readonly CaptionWord[];
  rows: readonly WordRow[];
  /** Word ids in list order (for Shift-click ranges). */
  order: string[];
  spans: ReadonlyMap<string, CaptionSpan>;
  fps: number;
  query: string;
  selection: ReadonlySet<string>;
  unsaved: ReadonlySet<string>;
  /** The word spoken at the playhead is marked. */
  playback: PlaybackStore;
  scrollRef?: React.RefObject<HTMLDivElement | null>;
}) {
  const ownRef = useRef<HTMLDivElement>(null);
  const parentRef = scrollRef ?? ownRef;
  const listRef = useRef<HTMLDivElement>(null);
  // The word whose text is being fixed, and the element of its row the field goes in.
  const [editing, setEditing] = useState<{ id: string; host: HTMLElement } | null>(null);
  const orderRef = useRef(order);
  useLayoutEffect(() => {
    orderRef.current = order;
  });
  const view = useRef<WordListView | null>(null);
  useLayoutEffect(() => {
    const created = new WordListView(parentRef.current!, listRef.current!, editor, playback, {
      select: (id: string, mode: SelectMode) =>
        void editor.run(selectCommand, { id, mode, order: orderRef.current }),
      edit: (id, host) => setEditing({ id, host }),
      editGone: () => setEditing(null),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
  }, [editor, playback, parentRef]);
  const editingId = editing?.id ?? null;
  useLayoutEffect(() => {
    view.current?.setData({ rows, words, spans, fps, query, selection, unsaved, editingId });
  }, [rows, words, spans, fps, query, selection, unsaved, editingId]);
  const follow = useFollowPlayback(playback, rows, view, parentRef);
  const editedWord = useMemo(
    () => (editingId === null ? undefined : words.find((word) => word.id === editingId)),
    [words, editingId],
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-1">
      <FollowToggle follow={follow.state} onToggle={follow.toggle} />
      <div
        ref={parentRef}
        // Rows changed while scrolling lay out this box only, not the page.
        className="relative min-h-40 flex-1 overflow-auto rounded-lg border border-slate-200 bg-white [contain:strict]"
        data-testid="word-list-scroller"
      >
        {/* Its rows are `WordListView`'s (React renders no child here). */}
        <div ref={listRef} role="list" aria-label="Caption words" className="relative" />
      </div>
      {editing && editedWord
        ? createPortal(
            <WordTextField
              key={editing.id}
              word={editedWord}
              label={`Text of “${editedWord.word}”`}
              compact
              autoFocus
              onCommit={(text) => {
                const outcome = editor.run(setText, { id: editedWord.id, text });
                return outcome.type === 'refused' ? outcome.reason : null;
              }}
              onDone={() => setEditing(null)}
            />,
            editing.host,
          )
        : null}
    </div>
  );
});

/**
 * Scrolls the spoken word's row into view as it moves, unless the person is working in the list
 * (see `Follow`). Subscribes to the playback store: no render per word for the scrolling.
 */
function useFollowPlayback(
  playback: PlaybackStore,
  rows: readonly WordRow[],
  view: React.RefObject<WordListView | null>,
  scroller: React.RefObject<HTMLDivElement | null>,
): { state: Follow; toggle(): void } {
  const [state, setState] = useState<Follow>('on');
  const index = useMemo(() => rowIndexById(rows), [rows]);
  const latest = useRef({ state, index, element: null as HTMLDivElement | null });
  useLayoutEffect(() => {
    latest.current = { state, index, element: scroller.current };
  });

  // Reads the latest row positions (refs): the same function for every render.
  const [reveal] = useState(() => (id: string | null) => {
    const at = id === null ? undefined : latest.current.index.get(id);
    const row = at === undefined ? undefined : view.current?.rowBox(at);
    revealRow(latest.current.element, row);
  });

  useEffect(
    () =>
      playback.subscribe((now, before) => {
        // Play resumes following that the person's work in the list interrupted.
        if (now.playing && !before.playing && latest.current.state === 'interrupted') {
          latest.current.state = 'on';
          setState('on');
        }
        if (latest.current.state !== 'on') return;
        if (now.spokenId !== before.spokenId || (now.playing && !before.playing))
          reveal(now.spokenId);
      }),
    [playback, reveal],
  );

  // The person scrolls or works in the list: stop following (until Play or the button).
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const interrupt = () => {
      if (latest.current.state !== 'on') return;
      latest.current.state = 'interrupted';
      setState('interrupted');
    };
    for (const type of LIST_ACTIVITY) element.addEventListener(type, interrupt, { passive: true });
    return () => {
      for (const type of LIST_ACTIVITY) element.removeEventListener(type, interrupt);
    };
  }, [scroller]);

  const toggle = useCallback(() => {
    if (latest.current.state === 'on') {
      latest.current.state = 'off';
      setState('off');
      return;
    }
    latest.current.state = 'on';
    setState('on');
    reveal(playback.getState().spokenId);
  }, [playback, reveal]);

  return { state, toggle };
}

/** Scrolls `element` so that `row` is in view (see `followOffset`). */
function revealRow(
  element: HTMLDivElement | null,
  row: { start: number; end: number } | undefined,
) {
  if (!element || !row) return;
  const offset = followOffset(row, {
    scrollTop: element.scrollTop,
    height: element.clientHeight,
    scrollHeight: element.scrollHeight,
  });
  if (offset !== null) element.scrollTo({ top: offset });
}

function FollowToggle({ follow, onToggle }: { follow: Follow; onToggle(): void }) {
  return (
    <div className="flex items-center justify-end gap-2 text-xs text-slate-600">
      {follow === 'interrupted' ? <span>Not following while you use the list.</span> : null}
      <button
        type="button"
        aria-pressed={follow === 'on'}
        title="Keep the spoken word in view while the preview plays"
        onClick={onToggle}
        className={`rounded-md border px-2 py-1 font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600 ${follow === 'on' ? 'border-indigo-200 bg-indigo-50 text-indigo-800' : 'border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100'}`}
      >
        Follow playback
      </button>
    </div>
  );
}
