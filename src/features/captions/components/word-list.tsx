/**
 * Every word of the project, grouped by caption and paragraph, virtualised (only the rows on
 * screen exist). Each word row: its text (search matches marked), its time range with draggable
 * start and end handles (also sliders for the keyboard: ←/→ one frame, Shift ten), its style at a
 * glance, an "unsaved" mark, and a text fix in place. Click selects, Shift-click a range,
 * Ctrl/⌘-click adds or removes one.
 *
 * The list follows playback: as the spoken word moves (playing or scrubbing), its row is scrolled
 * into view. Once the person works in the list (wheel, touch, pointer, keys, focus), it stops
 * following so as not to fight them, and "Follow playback" resumes (pressing Play resumes too,
 * unless following was switched off with that button). Nothing is announced per word.
 */
import { useVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useStore } from 'zustand';
import { emojiFor } from '@/lib/caption-painter/caption-painter.ts';
import type { CaptionSpan, CaptionWord } from '@/api/schema.gen.ts';
import { retime, selectCommand, setText } from '../model/commands.ts';
import { formatTime, type Edge } from '../model/timing.ts';
import {
  followOffset,
  highlight,
  rowIndexById,
  type SelectMode,
  type WordRow,
} from '../model/word-rows.ts';
import { SlotPool } from '../model/slot-pool.ts';
import type { CaptionsEditor } from '../state/captions-editor.ts';
import type { PlaybackStore } from '../state/playback-store.ts';
import { WordTextField } from './word-text-field.tsx';

const CAPTION_ROW = 34;
const WORD_ROW = 52;
const TRACK_WIDTH = 132;
/**
 * Rows kept mounted beyond the view at rest, on each side: about as many as a scroll keeps, so
 * the pool's elements exist before a scroll starts (its first frames reuse them, creating none).
 */
const OVERSCAN_REST = 20;
/** Rows kept mounted behind a scroll… */
const OVERSCAN_BEHIND = 4;
/** …and ahead of a scroll, at least (a steady 1,000 px/frame scroll moves ~20 rows a frame)… */
const OVERSCAN_AHEAD = 24;
/** …or as many as the scroll's measured speed covers in this long (two frames and a half: the
 * next render comes a frame later, or two when a frame is dropped)… */
const AHEAD_MS = 42;
/** …up to this many (the list's shortest rows are 34 px, a word row 52). */
const OVERSCAN_AHEAD_MAX = 40;
/** A row's mean height (a caption heading every few words) for converting pixels to rows. */
const MEAN_ROW = 48;

/**
 * Rows to mount ahead of a scroll going at `pxPerMs`: enough for where the view will be when
 * the list renders next, so a fast scroll never shows a frame without rows.
 */
export function rowsAhead(pxPerMs: number): number {
  const rows = Math.ceil((Math.abs(pxPerMs) * AHEAD_MS) / MEAN_ROW);
  return Math.min(OVERSCAN_AHEAD_MAX, Math.max(OVERSCAN_AHEAD, rows));
}

/**
 * The rows to mount for a view of rows `startIndex`..`endIndex`: some on each side at rest;
 * scrolling, the spare rows go ahead of the scroll (`ahead` of them, see `rowsAhead`), so a row
 * is mounted before the frame that shows it (the list is re-rendered in the frame after the
 * browser scrolled it).
 */
export function rowsToMount(
  { startIndex, endIndex, count }: Pick<Range, 'startIndex' | 'endIndex' | 'count'>,
  direction: 'forward' | 'backward' | null,
  ahead = OVERSCAN_AHEAD,
): number[] {
  const before =
    direction === 'backward' ? ahead : direction === 'forward' ? OVERSCAN_BEHIND : OVERSCAN_REST;
  const after =
    direction === 'forward' ? ahead : direction === 'backward' ? OVERSCAN_BEHIND : OVERSCAN_REST;
  const from = Math.max(0, startIndex - before);
  const to = Math.min(count - 1, endIndex + after);
  const indexes: number[] = [];
  for (let index = from; index <= to; index += 1) indexes.push(index);
  return indexes;
}

/**
 * The scroll's speed in px/ms from the offsets seen at successive renders (0 at rest, or when
 * the last render was long ago: a new scroll starts slow).
 */
export class ScrollSpeed {
  private offset = 0;
  private at = -Infinity;
  private speed = 0;
  private ahead = OVERSCAN_AHEAD;

  sample(offset: number, now: number): number {
    if (offset === this.offset) return this.speed;
    const elapsed = now - this.at;
    this.speed = elapsed > 0 && elapsed < 200 ? (offset - this.offset) / elapsed : 0;
    this.offset = offset;
    this.at = now;
    return this.speed;
  }

  /**
   * Rows to mount ahead of a scroll at `offset`: grows with the speed and does not shrink until
   * the scroll stops (a count going up and down would remove and re-create the furthest rows'
   * elements from frame to frame).
   */
  rowsAhead(offset: number, now: number, scrolling: boolean): number {
    if (!scrolling) {
      this.ahead = OVERSCAN_AHEAD;
      return this.ahead;
    }
    this.ahead = Math.max(this.ahead, rowsAhead(this.sample(offset, now)));
    return this.ahead;
  }
}

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
  const spokenId = useStore(playback, (state) => state.spokenId);
  const ownRef = useRef<HTMLDivElement>(null);
  const parentRef = scrollRef ?? ownRef;
  // Stable for the same rows: TanStack Virtual recomputes every row's position (12,000 rows for
  // 10,000 words) whenever `getItemKey` changes, which a new function each render would do on
  // every scrolled frame. Row heights are fixed: nothing is measured.
  const estimateSize = useCallback(
    (index: number) => (rows[index]?.kind === 'caption' ? CAPTION_ROW : WORD_ROW),
    [rows],
  );
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  // The extractor runs while rendering, once the virtualiser exists: it reads its scroll direction
  // and offset (the speed decides how many rows go ahead).
  const instance = useRef<{
    scrollDirection: 'forward' | 'backward' | null;
    scrollOffset: number | null;
  } | null>(null);
  const [speed] = useState(() => new ScrollSpeed());
  const rangeExtractor = useCallback(
    (range: Range) => {
      const direction = instance.current?.scrollDirection ?? null;
      const offset = instance.current?.scrollOffset ?? 0;
      const ahead = speed.rowsAhead(offset, performance.now(), direction !== null);
      return rowsToMount(range, direction, ahead);
    },
    [speed],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual's own API
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parentRef.current,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN_BEHIND,
    rangeExtractor,
  });
  useLayoutEffect(() => {
    instance.current = virtualizer;
  }, [virtualizer]);
  // One function for every render: the memoised rows re-render only when their word changes.
  const orderRef = useRef(order);
  useLayoutEffect(() => {
    orderRef.current = order;
  });
  const select = useCallback(
    (id: string, mode: SelectMode) =>
      void editor.run(selectCommand, { id, mode, order: orderRef.current }),
    [editor],
  );
  const follow = useFollowPlayback(playback, rows, virtualizer, parentRef);

  // Rows are drawn by a pool of slots (see `SlotPool`): a row scrolled in takes the slot of
  // one scrolled out, so its elements are reused with new content instead of being created.
  const items = virtualizer.getVirtualItems();
  const [pool] = useState(() => new SlotPool());
  const slots = pool.assign(items.map((item) => rows[item.index]!));
  const keyOf = (index: number) => {
    const row = rows[index]!;
    return `${row.kind}:${slots.get(row.key)!}`;
  };
  const keyboardInList = useKeyboardWithin(parentRef);
  // In slot order the elements never move; while the keyboard works in the list (Tab follows
  // the document's order) they are kept in list order, at the cost of moving reused elements.
  const placed = keyboardInList
    ? items
    : [...items].sort((a, b) => (keyOf(a.index) < keyOf(b.index) ? -1 : 1));

  return (
    <div className="flex flex-col gap-1">
      <FollowToggle follow={follow.state} onToggle={follow.toggle} />
      <div
        ref={parentRef}
        // Rows changed while scrolling lay out this box only, not the page.
        className="relative h-[62vh] min-h-[320px] overflow-auto rounded-lg border border-slate-200 bg-white [contain:strict]"
        data-testid="word-list-scroller"
      >
        <div
          role="list"
          aria-label="Caption words"
          style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
        >
          {placed.map((item) => {
            const row = rows[item.index]!;
            const word = row.kind === 'word' ? words[row.at] : undefined;
            return (
              <RowSlot
                key={keyOf(item.index)}
                top={item.start}
                height={item.size}
                position={item.index + 1}
                count={rows.length}
                row={row}
                word={word}
                editor={editor}
                span={word ? spans.get(word.timelineItemId ?? '') : undefined}
                fps={fps}
                query={query}
                selected={word ? selection.has(word.id) : false}
                unsaved={word ? unsaved.has(word.id) : false}
                spoken={word ? spokenId === word.id : false}
                onSelect={select}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
});

/**
 * Whether the person works in the list with the keyboard (focus in it, shown as such: a word
 * clicked with the mouse does not count). Focus leaving is checked once the event is over: a
 * reordered element loses focus for a moment while React puts it back.
 */
function useKeyboardWithin(scroller: React.RefObject<HTMLDivElement | null>): boolean {
  const [within, setWithin] = useState(false);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const check = () => {
      const active = document.activeElement;
      setWithin(
        active instanceof HTMLElement && element.contains(active) && isFocusVisible(active),
      );
    };
    const onFocusOut = () => queueMicrotask(check);
    element.addEventListener('focusin', check);
    element.addEventListener('focusout', onFocusOut);
    // Tab pressed after a word was clicked with the mouse.
    element.addEventListener('keyup', check);
    return () => {
      element.removeEventListener('focusin', check);
      element.removeEventListener('focusout', onFocusOut);
      element.removeEventListener('keyup', check);
    };
  }, [scroller]);
  return within;
}

function isFocusVisible(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    // A DOM without the selector (jsdom): any focus counts.
    return true;
  }
}

/**
 * Where a word row's parts sit: every part is absolutely placed at a fixed size, so laying out a
 * row that shows a new word measures its texts and nothing else (no grid or flex tracks sized
 * from content), and `contain: strict` keeps its style, layout and paint to itself. From the
 * right: the unsaved mark (when shown), the style at a glance, the timing track, the text-fix
 * button; the word (and its time under it) fills the rest. Literal classes (Tailwind finds them).
 */
const WORD_PARTS = {
  saved: {
    word: 'max-w-[calc(100%-304px)]',
    fix: 'right-[264px]',
    field: 'right-[264px]',
    track: 'right-[124px]',
    glance: 'right-5',
  },
  unsaved: {
    word: 'max-w-[calc(100%-368px)]',
    fix: 'right-[328px]',
    field: 'right-[328px]',
    track: 'right-[188px]',
    glance: 'right-[84px]',
  },
} as const;

/**
 * A slot of the pool: one element placed by the virtualiser, showing whichever row is there now
 * (a caption heading or a word). Its size never depends on its content and nothing in it reaches
 * outside (`contain: strict`). Few elements, each placed at a fixed size (see `WORD_PARTS`).
 */
const RowSlot = memo(function RowSlot({
  top,
  height,
  position,
  count,
  row,
  word,
  editor,
  span,
  fps,
  query,
  selected,
  unsaved,
  spoken,
  onSelect,
}: {
  top: number;
  height: number;
  /** 1-based place in the list, and the list's length (slots are not kept in list order). */
  position: number;
  count: number;
  row: WordRow;
  word: CaptionWord | undefined;
  editor: CaptionsEditor;
  span: CaptionSpan | undefined;
  fps: number;
  query: string;
  selected: boolean;
  unsaved: boolean;
  spoken: boolean;
  onSelect(id: string, mode: SelectMode): void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // The text fix belongs to a word, not to the slot.
  const [editing, setEditing] = useState<string | null>(null);
  // Focus left in a slot that now shows another row goes, as it would from a removed row.
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && ref.current?.contains(active)) active.blur();
  }, [row.key]);
  const place = { height, top };
  if (row.kind === 'caption' || !word) {
    return (
      <div
        ref={ref}
        role="listitem"
        aria-posinset={position}
        aria-setsize={count}
        style={place}
        className="absolute inset-x-0 flex items-end gap-2 border-b border-slate-100 bg-slate-50 px-3 pb-1 text-xs text-slate-600 [contain:strict]"
      >
        {row.kind === 'caption' ? <CaptionHeading row={row} /> : null}
      </div>
    );
  }
  const parts = WORD_PARTS[unsaved ? 'unsaved' : 'saved'];
  return (
    <div
      ref={ref}
      role="listitem"
      aria-posinset={position}
      aria-setsize={count}
      style={place}
      data-word-id={word.id}
      data-spoken={spoken || undefined}
      aria-current={spoken || undefined}
      className={`absolute inset-x-0 border-b border-slate-100 [contain:strict] ${selected ? 'bg-indigo-50' : ''} ${spoken ? 'outline outline-2 -outline-offset-2 outline-amber-400' : ''}`}
    >
      {editing === word.id ? (
        <div className={`absolute left-3 top-1 ${parts.field}`}>
          <WordTextField
            word={word}
            label={`Text of “${word.word}”`}
            compact
            autoFocus
            onCommit={(text) => {
              const outcome = editor.run(setText, { id: word.id, text });
              return outcome.type === 'refused' ? outcome.reason : null;
            }}
            onDone={() => setEditing(null)}
          />
        </div>
      ) : (
        <>
          <button
            type="button"
            aria-pressed={selected}
            onClick={(event) =>
              onSelect(
                word.id,
                event.shiftKey ? 'range' : event.ctrlKey || event.metaKey ? 'toggle' : 'replace',
              )
            }
            className={`absolute left-3 top-1.5 h-6 truncate rounded px-1.5 text-left text-sm font-medium leading-6 text-slate-900 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600 ${parts.word}`}
          >
            {query
              ? highlight(word.word, query).map((part, i) =>
                  part.match ? (
                    <mark key={i} className="rounded-sm bg-yellow-200 text-slate-900">
                      {part.text}
                    </mark>
                  ) : (
                    part.text
                  ),
                )
              : word.word}
          </button>
          <button
            type="button"
            aria-label={`Edit text of “${word.word}”`}
            title="Fix the text (the timing stays)"
            onClick={() => setEditing(word.id)}
            className={`absolute top-1.5 h-6 w-5 rounded text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600 ${parts.fix}`}
          >
            ✎
          </button>
          <span className="absolute left-3 top-[30px] whitespace-nowrap px-1.5 text-xs leading-4 tabular-nums text-slate-600">
            {`${formatTime(word.startSeconds ?? 0)}–${formatTime(word.endSeconds ?? 0)}`}
          </span>
        </>
      )}
      <TimingTrack editor={editor} word={word} span={span} fps={fps} place={parts.track} />
      <StyleGlance word={word} place={parts.glance} />
      {unsaved ? (
        <span className="absolute right-3 top-[18px] w-16 rounded bg-amber-100 text-center text-xs font-medium leading-4 text-amber-900">
          Unsaved
        </span>
      ) : null}
    </div>
  );
});

function CaptionHeading({ row }: { row: Extract<WordRow, { kind: 'caption' }> }) {
  return (
    <>
      {row.opensParagraph ? (
        <span className="font-semibold text-slate-800">Paragraph {row.paragraph + 1}</span>
      ) : null}
      <span className="font-medium text-slate-700">Caption {row.number}</span>
      <span className="tabular-nums">
        {`${formatTime(row.startSeconds)}–${formatTime(row.endSeconds)}`}
      </span>
      <span>{`${row.words} word${row.words === 1 ? '' : 's'}`}</span>
    </>
  );
}

/**
 * Scrolls the spoken word's row into view as it moves, unless the person is working in the list
 * (see `Follow`). Subscribes to the playback store: no render per word for the scrolling.
 */
function useFollowPlayback(
  playback: PlaybackStore,
  rows: readonly WordRow[],
  virtualizer: { measurementsCache: ReadonlyArray<{ start: number; end: number }> },
  scroller: React.RefObject<HTMLDivElement | null>,
): { state: Follow; toggle(): void } {
  const [state, setState] = useState<Follow>('on');
  const index = useMemo(() => rowIndexById(rows), [rows]);
  const latest = useRef({ state, index, virtualizer, element: null as HTMLDivElement | null });
  useLayoutEffect(() => {
    latest.current = { state, index, virtualizer, element: scroller.current };
  });

  // Reads the latest row positions (refs): the same function for every render.
  const [reveal] = useState(() => (id: string | null) => {
    const at = id === null ? undefined : latest.current.index.get(id);
    const row = at === undefined ? undefined : latest.current.virtualizer.measurementsCache[at];
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

/** The handle (start or end) an event came from, if any. */
function edgeOf(target: EventTarget): Edge | null {
  const edge = target instanceof HTMLElement ? target.dataset.edge : undefined;
  return edge === 'start' || edge === 'end' ? edge : null;
}

/**
 * The word's span on its caption's span, with a handle at each end (sliders: dragged, or moved
 * a frame by the arrow keys, ten with Shift). The span is the track's content box, the rest of
 * the track its borders: plain fills (no element for the bar, and no gradient, which would be
 * painted as an image per row), and the handles sit at the content box's edges with no
 * position of their own. The handles' events are handled by the track (one set per row).
 */
function TimingTrack({
  editor,
  word,
  span,
  fps,
  place,
}: {
  editor: CaptionsEditor;
  word: CaptionWord;
  span: CaptionSpan | undefined;
  fps: number;
  /** Its place in the row (see `WORD_PARTS`). */
  place: string;
}) {
  const trackRef = useRef<HTMLDivElement>(null);
  // Bound to the word it started on: the slot may show another word by the time it moves.
  const drag = useRef<{ id: string; edge: Edge; gesture: number | null; seconds: number } | null>(
    null,
  );
  const start = word.startSeconds ?? 0;
  const end = word.endSeconds ?? start;
  const from = Math.min(span?.startSeconds ?? start, start);
  const to = Math.max(span?.endSeconds ?? end, end, from + 1 / fps);
  const x = (seconds: number) => ((seconds - from) / (to - from)) * TRACK_WIDTH;
  const barFrom = x(start);
  const barTo = Math.max(barFrom + 2, x(end));

  const secondsAt = (clientX: number) => {
    const rect = trackRef.current!.getBoundingClientRect();
    const share = Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
    return from + share * (to - from);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const edge = edgeOf(event.target);
    if (!edge) return;
    const handle = event.target as HTMLElement;
    event.preventDefault();
    handle.setPointerCapture(event.pointerId);
    handle.focus();
    drag.current = { id: word.id, edge, gesture: null, seconds: edge === 'start' ? start : end };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.id !== word.id) return;
    const gesture = editor.getState().gesture;
    // Escape cancelled the drag: the rest of it does nothing.
    if (current.gesture !== null && gesture?.id !== current.gesture) return;
    current.seconds = secondsAt(event.clientX);
    editor.preview(retime, { id: word.id, edge: current.edge, seconds: current.seconds });
    current.gesture = editor.getState().gesture?.id ?? null;
  };
  const onPointerUp = () => {
    const current = drag.current;
    drag.current = null;
    if (!current || current.gesture === null) return;
    if (editor.getState().gesture?.id !== current.gesture) return;
    if (current.id !== word.id) {
      editor.cancelLive();
      return;
    }
    editor.commitLive(retime, { id: word.id, edge: current.edge, seconds: current.seconds });
  };
  const onPointerCancel = () => {
    if (!drag.current) return;
    drag.current = null;
    editor.cancelLive();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const edge = edgeOf(event.target);
    if (!edge) return;
    const step = (event.shiftKey ? 10 : 1) / fps;
    const by =
      event.key === 'ArrowLeft' || event.key === 'ArrowDown'
        ? -step
        : event.key === 'ArrowRight' || event.key === 'ArrowUp'
          ? step
          : 0;
    if (by === 0) return;
    event.preventDefault();
    event.stopPropagation();
    editor.run(retime, { id: word.id, edge, seconds: (edge === 'start' ? start : end) + by });
  };
  const handle = (edge: Edge, seconds: number) => (
    <div
      role="slider"
      tabIndex={0}
      data-edge={edge}
      aria-label={`${edge === 'start' ? 'Start' : 'End'} of “${word.word}”`}
      aria-valuemin={Number(from.toFixed(3))}
      aria-valuemax={Number(to.toFixed(3))}
      aria-valuenow={Number(seconds.toFixed(3))}
      aria-valuetext={`${formatTime(seconds)} (${Number(seconds.toFixed(3))} s)`}
      className={`absolute -top-1.5 h-6 w-2.5 cursor-ew-resize touch-none rounded-sm bg-indigo-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 ${edge === 'start' ? 'left-0 -translate-x-1/2' : 'right-0 translate-x-1/2'}`}
    />
  );
  return (
    <div
      ref={trackRef}
      role="group"
      aria-label={`Timing of “${word.word}”`}
      className={`absolute top-3.5 box-border h-6 w-[132px] rounded border-y-[6px] border-slate-100 bg-indigo-300 ${place}`}
      style={{ borderLeftWidth: barFrom, borderRightWidth: TRACK_WIDTH - barTo }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      onKeyDown={onKeyDown}
    >
      {handle('start', start)}
      {handle('end', end)}
    </div>
  );
}

/** Colour or gradient, weight, emphasis, glow and emoji, small. */
function StyleGlance({ word, place }: { word: CaptionWord; place: string }) {
  const style = word.style ?? {};
  const gradient =
    style.textGradientFrom &&
    style.textGradientTo &&
    style.textGradientFrom !== style.textGradientTo
      ? `linear-gradient(90deg, ${style.textGradientFrom}, ${style.textGradientTo})`
      : null;
  const glow = style.glowColor && style.glowColor !== 'transparent' && (style.glowBlurPx ?? 0) > 0;
  const parts = [
    gradient ? 'gradient' : style.color ? `colour ${style.color}` : 'default colour',
    style.fontWeight ? `weight ${style.fontWeight}` : null,
    word.isEmphasis ? 'emphasised' : null,
    glow ? 'glow' : null,
    style.emojiName ? `emoji ${style.emojiName}` : null,
  ].filter(Boolean);
  const marks = [
    style.fontWeight ?? '–',
    word.isEmphasis ? '★' : '',
    style.emojiName ? emojiFor(style.emojiName) : '',
  ].join(' ');
  // Named by its label (not by hidden text, which would be laid out in every mounted row). The
  // swatch is a plain fill unless the word has a gradient (painted as an image).
  return (
    <span
      role="img"
      aria-label={`Style: ${parts.join(', ')}`}
      className={`absolute top-[18px] h-4 w-24 truncate pl-5 font-mono text-xs leading-4 text-slate-700 ${place}`}
      title={parts.join(', ')}
    >
      <span
        className="absolute left-0 top-0 box-border h-4 w-4 border border-slate-400"
        style={
          gradient ? { backgroundImage: gradient } : { backgroundColor: style.color ?? '#ffffff' }
        }
      />
      {marks}
      {glow ? <span style={{ color: style.glowColor }}> ✦</span> : null}
    </span>
  );
}
