/**
 * The word list's rows, windowed and drawn without React: only the rows on screen (and some
 * ahead of a scroll) are mounted, each in a slot of a pool (see `SlotPool`, `WordRowSlot`), and
 * a scroll moves rows between slots, writing only what changed. React renders the list's frame
 * (and a word's text-fix field, into its row's `fieldHost`); the rows' events are handled here,
 * by delegation on the list: click to select (Shift: a range, Ctrl/⌘: one more), the text-fix
 * button, the timing handles (dragged, or moved a frame by the arrow keys, ten with Shift).
 *
 * Rows are drawn in slot order, so their elements never move; while the keyboard works in the
 * list (Tab follows the document's order), they are kept in list order instead.
 */
import type { CaptionSpan, CaptionWord } from '@/api/schema.gen.ts';
import { whenIdle } from '@/lib/when-idle.ts';
import { retime } from '../model/commands.ts';
import { RowOffsets } from '../model/list-window.ts';
import { SlotPool } from '../model/slot-pool.ts';
import type { Edge } from '../model/timing.ts';
import type { SelectMode, WordRow } from '../model/word-rows.ts';
import type { CaptionsEditor } from '../state/captions-editor.ts';
import type { PlaybackStore } from '../state/playback-store.ts';
import {
  CAPTION_ROW,
  CaptionRowSlot,
  trackRange,
  WORD_ROW,
  WordRowSlot,
  type WordRowData,
} from './word-row-view.ts';

/**
 * Rows kept mounted beyond the view at rest: below it, as many as the first frame of a fast
 * scroll down (reading order) brings in, since the rows ahead of a scroll are mounted at its
 * first scroll event, a frame later; above it, a few. (The pool's idle slots are made ahead, in
 * idle time, for as many rows as a scroll mounts: see `reserveSlots`.)
 */
const OVERSCAN_REST_BELOW = 20;
const OVERSCAN_REST_ABOVE = 4;
/** Rows kept mounted behind a scroll… */
const OVERSCAN_BEHIND = 4;
/** …and ahead of a scroll, at least (a steady 1,000 px/frame scroll moves ~20 rows a frame)… */
const OVERSCAN_AHEAD = 24;
/** …or as many as the scroll's measured speed covers in this long (two frames and a half: the
 * rows are drawn at the next scroll event, a frame later, or two when a frame is dropped)… */
const AHEAD_MS = 42;
/** …up to this many (the list's shortest rows are 34 px, a word row 52). */
const OVERSCAN_AHEAD_MAX = 40;
/** A row's mean height (a caption heading every few words) for converting pixels to rows. */
const MEAN_ROW = 48;
/** A scroll is over when no scroll event came for this long. */
const SCROLL_IDLE_MS = 150;

/**
 * Rows to mount ahead of a scroll going at `pxPerMs`: enough for where the view will be when
 * the list is drawn next, so a fast scroll never shows a frame without rows.
 */
export function rowsAhead(pxPerMs: number): number {
  const rows = Math.ceil((Math.abs(pxPerMs) * AHEAD_MS) / MEAN_ROW);
  return Math.min(OVERSCAN_AHEAD_MAX, Math.max(OVERSCAN_AHEAD, rows));
}

/**
 * The rows to mount for a view of rows `startIndex`..`endIndex`: some on each side at rest (more
 * below);
 * scrolling, the spare rows go ahead of the scroll (`ahead` of them, see `rowsAhead`), so a row
 * is mounted before the frame that shows it (the list is drawn in the frame after the browser
 * scrolled it).
 */
export function rowsToMount(
  { startIndex, endIndex, count }: { startIndex: number; endIndex: number; count: number },
  direction: 'forward' | 'backward' | null,
  ahead = OVERSCAN_AHEAD,
): number[] {
  const before =
    direction === 'backward'
      ? ahead
      : direction === 'forward'
        ? OVERSCAN_BEHIND
        : OVERSCAN_REST_ABOVE;
  const after =
    direction === 'forward'
      ? ahead
      : direction === 'backward'
        ? OVERSCAN_BEHIND
        : OVERSCAN_REST_BELOW;
  const from = Math.max(0, startIndex - before);
  const to = Math.min(count - 1, endIndex + after);
  const indexes: number[] = [];
  for (let index = from; index <= to; index += 1) indexes.push(index);
  return indexes;
}

/**
 * The scroll's speed in px/ms from the offsets seen at successive draws (0 at rest, or when
 * the last draw was long ago: a new scroll starts slow).
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
   * the scroll stops (a count going up and down would take away and bring back the furthest
   * rows from frame to frame).
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

/** What the list shows (from React's props). */
export interface WordListData {
  rows: readonly WordRow[];
  words: readonly CaptionWord[];
  spans: ReadonlyMap<string, CaptionSpan>;
  fps: number;
  query: string;
  selection: ReadonlySet<string>;
  unsaved: ReadonlySet<string>;
  /** The word whose text is being fixed. */
  editingId: string | null;
}

export interface WordListCallbacks {
  select(id: string, mode: SelectMode): void;
  /** The text-fix button of a word: its field goes in `host`. */
  edit(id: string, host: HTMLElement): void;
  /** The word being fixed is no longer mounted (scrolled away): its field goes. */
  editGone(): void;
}

type Slot = WordRowSlot | CaptionRowSlot;

/** The handle (start or end) an event came from, if any. */
function edgeOf(target: EventTarget | null): { edge: Edge; handle: HTMLElement } | null {
  if (!(target instanceof HTMLElement)) return null;
  const edge = target.dataset.edge;
  return edge === 'start' || edge === 'end' ? { edge, handle: target } : null;
}

export class WordListView {
  private data: WordListData | null = null;
  private offsets = new RowOffsets([]);
  private offsetsOf: readonly WordRow[] | null = null;
  private readonly pool: SlotPool<Slot>;
  private readonly slotOf = new WeakMap<Element, Slot>();
  private shown: Slot[] = [];
  private spokenId: string | null;
  private viewHeight: number;
  private lastOffset = 0;
  private direction: 'forward' | 'backward' | null = null;
  private scrolling = false;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly speed = new ScrollSpeed();
  private keyboardWithin = false;
  private totalShown = -1;
  private drag: {
    id: string;
    edge: Edge;
    gesture: number | null;
    seconds: number;
  } | null = null;
  private readonly cleanups: Array<() => void> = [];
  private reserved = false;
  private readonly scratch = {} as WordRowData;

  constructor(
    private readonly scroller: HTMLElement,
    private readonly list: HTMLElement,
    private readonly editor: CaptionsEditor,
    playback: PlaybackStore,
    private readonly callbacks: WordListCallbacks,
  ) {
    this.pool = new SlotPool<Slot>((kind) => {
      const slot = kind === 'caption' ? new CaptionRowSlot(list) : new WordRowSlot(list);
      this.slotOf.set(slot.element, slot);
      return slot;
    });
    this.viewHeight = scroller.clientHeight;
    this.spokenId = playback.getState().spokenId;
    this.listen(scroller, 'scroll', () => this.onScroll(), { passive: true });
    this.listen(list, 'click', (event) => this.onClick(event as MouseEvent));
    this.listen(list, 'pointerdown', (event) => this.onPointerDown(event as PointerEvent));
    this.listen(list, 'pointermove', (event) => this.onPointerMove(event as PointerEvent));
    this.listen(list, 'pointerup', () => this.onPointerUp());
    this.listen(list, 'pointercancel', () => this.onPointerCancel());
    this.listen(list, 'keydown', (event) => this.onKeyDown(event as KeyboardEvent));
    // Whether the person works in the list with the keyboard (focus in it, shown as such: a
    // word clicked with the mouse does not count). Focus leaving is checked once the event is
    // over: an element moved into list order loses focus for a moment until it is put back.
    const checkKeyboard = () => this.checkKeyboard();
    this.listen(list, 'focusin', checkKeyboard);
    this.listen(list, 'focusout', () => queueMicrotask(checkKeyboard));
    // Tab pressed after a word was clicked with the mouse.
    this.listen(list, 'keyup', checkKeyboard);
    this.cleanups.push(
      playback.subscribe((now) => {
        if (now.spokenId === this.spokenId) return;
        this.spokenId = now.spokenId;
        this.draw();
      }),
    );
    if (typeof ResizeObserver !== 'undefined') {
      const observer = new ResizeObserver(() => {
        const height = this.scroller.clientHeight;
        if (height === this.viewHeight) return;
        this.viewHeight = height;
        this.draw();
      });
      observer.observe(scroller);
      this.cleanups.push(() => observer.disconnect());
    }
  }

  /** Shows `data` (a render of the list). */
  setData(data: WordListData): void {
    this.data = data;
    if (this.offsetsOf !== data.rows) {
      this.offsetsOf = data.rows;
      this.offsets = new RowOffsets(
        data.rows.map((row) => (row.kind === 'caption' ? CAPTION_ROW : WORD_ROW)),
      );
    }
    this.draw();
  }

  /** Where row `index` sits (px from the list's top). */
  rowBox(index: number): { start: number; end: number } | undefined {
    if (index < 0 || index >= this.offsets.count) return undefined;
    return { start: this.offsets.start(index), end: this.offsets.end(index) };
  }

  destroy(): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.list.replaceChildren();
  }

  private listen(
    target: EventTarget,
    type: string,
    listener: (event: Event) => void,
    options?: AddEventListenerOptions,
  ): void {
    target.addEventListener(type, listener, options);
    this.cleanups.push(() => target.removeEventListener(type, listener, options));
  }

  private onScroll(): void {
    this.scrolling = true;
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      this.scrolling = false;
      this.direction = null;
      this.draw();
    }, SCROLL_IDLE_MS);
    this.draw();
  }

  /** Mounts the rows for where the list is scrolled to, each in its slot. */
  private draw(): void {
    const data = this.data;
    if (!data) return;
    const { rows, words } = data;
    const total = this.offsets.total;
    if (total !== this.totalShown) {
      this.totalShown = total;
      this.list.style.height = `${total}px`;
    }
    const offset = this.scroller.scrollTop;
    if (this.scrolling && offset !== this.lastOffset)
      this.direction = offset > this.lastOffset ? 'forward' : 'backward';
    this.lastOffset = offset;
    const ahead = this.speed.rowsAhead(offset, performance.now(), this.scrolling);
    const indexes = rowsToMount(
      this.offsets.range(offset, this.viewHeight),
      this.scrolling ? this.direction : null,
      ahead,
    );
    const mounted = indexes.map((index) => rows[index]!);
    // Focus left in a slot that now shows another row goes, as it would from a removed row.
    const active = document.activeElement;
    const focused =
      active instanceof HTMLElement && this.list.contains(active)
        ? this.slotOf.get(active.closest('[role="listitem"]') ?? active)
        : undefined;
    const focusedWord = focused instanceof WordRowSlot ? focused.wordId : null;

    const slots = this.pool.assign(mounted);
    let editingShown = false;
    for (let at = 0; at < slots.length; at += 1) {
      const slot = slots[at]!;
      const row = mounted[at]!;
      const index = indexes[at]!;
      if (slot instanceof WordRowSlot && row.kind === 'word') {
        const word = words[row.at]!;
        const editing = data.editingId === word.id;
        editingShown ||= editing;
        // One object for every row (no allocation per row and frame): `show` copies it.
        const shown = this.scratch;
        shown.word = word;
        shown.span = data.spans.get(word.timelineItemId ?? '');
        shown.fps = data.fps;
        shown.query = data.query;
        shown.selected = data.selection.has(word.id);
        shown.unsaved = data.unsaved.has(word.id);
        shown.spoken = this.spokenId === word.id;
        shown.editing = editing;
        shown.position = index + 1;
        shown.count = rows.length;
        shown.top = this.offsets.start(index);
        slot.show(shown);
      } else if (slot instanceof CaptionRowSlot && row.kind === 'caption') {
        slot.show(row, index + 1, rows.length, this.offsets.start(index));
      }
    }
    for (const slot of this.pool.idle()) slot.hide();
    if (focused instanceof WordRowSlot && focused.wordId !== focusedWord)
      (active as HTMLElement).blur();
    this.shown = slots;
    if (!this.reserved) {
      this.reserved = true;
      this.cleanups.push(whenIdle(() => this.reserveSlots(), 1000));
    }
    if (this.keyboardWithin) this.keepListOrder();
    if (data.editingId !== null && !editingShown) this.callbacks.editGone();
  }

  /**
   * Makes (hidden) the slots for the most rows a scroll mounts: the view's rows (all of them
   * caption headings, the shortest), those behind and the most ahead; caption headings alternate
   * with words, so half as many of them.
   */
  private reserveSlots(): void {
    const rows =
      Math.ceil(this.viewHeight / CAPTION_ROW) + 1 + OVERSCAN_BEHIND + OVERSCAN_AHEAD_MAX;
    this.pool.reserve('word', rows);
    this.pool.reserve('caption', Math.ceil(rows / 2) + 1);
  }

  /**
   * The rows' elements in list order, moved only where out of order; the row holding the focus
   * stays where it is and the others are moved around it (a moved element would lose the focus,
   * and a text-fix field that loses it ends its edit).
   */
  private keepListOrder(): void {
    const shown = this.shown;
    if (shown.length === 0) return;
    const active = document.activeElement;
    let pinned = shown.findIndex((slot) => slot.element.contains(active));
    if (pinned < 0) pinned = 0;
    let next: Element = shown[pinned]!.element;
    for (let at = pinned - 1; at >= 0; at -= 1) {
      const element = shown[at]!.element;
      if (element.nextElementSibling !== next) this.list.insertBefore(element, next);
      next = element;
    }
    let previous: Element = shown[pinned]!.element;
    for (let at = pinned + 1; at < shown.length; at += 1) {
      const element = shown[at]!.element;
      if (previous.nextElementSibling !== element)
        this.list.insertBefore(element, previous.nextElementSibling);
      previous = element;
    }
  }

  private checkKeyboard(): void {
    const active = document.activeElement;
    const within =
      active instanceof HTMLElement && this.list.contains(active) && isFocusVisible(active);
    if (within === this.keyboardWithin) return;
    this.keyboardWithin = within;
    if (within) this.keepListOrder();
  }

  private wordSlotOf(target: EventTarget | null): WordRowSlot | null {
    if (!(target instanceof Element)) return null;
    const row = target.closest('[role="listitem"]');
    const slot = row ? this.slotOf.get(row) : undefined;
    return slot instanceof WordRowSlot && slot.wordId !== null ? slot : null;
  }

  private onClick(event: MouseEvent): void {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    const part = button?.getAttribute('data-part');
    const slot = this.wordSlotOf(button);
    if (!slot || !part) return;
    if (part === 'word')
      this.callbacks.select(
        slot.wordId!,
        event.shiftKey ? 'range' : event.ctrlKey || event.metaKey ? 'toggle' : 'replace',
      );
    else if (part === 'fix') {
      slot.startEditing();
      this.callbacks.edit(slot.wordId!, slot.fieldHost);
    }
  }

  /** The word shown by `slot` and its track's range. */
  private wordOf(slot: WordRowSlot) {
    const word = slot.word;
    if (!word || !this.data) return null;
    return {
      word,
      ...trackRange(word, this.data.spans.get(word.timelineItemId ?? ''), this.data.fps),
    };
  }

  private onPointerDown(event: PointerEvent): void {
    const hit = edgeOf(event.target);
    const slot = hit ? this.wordSlotOf(hit.handle) : null;
    const shown = slot ? this.wordOf(slot) : null;
    if (!hit || !shown) return;
    event.preventDefault();
    hit.handle.setPointerCapture(event.pointerId);
    hit.handle.focus();
    this.drag = {
      id: shown.word.id,
      edge: hit.edge,
      gesture: null,
      seconds: hit.edge === 'start' ? shown.start : shown.end,
    };
  }

  private onPointerMove(event: PointerEvent): void {
    const current = this.drag;
    if (!current) return;
    const slot = this.wordSlotOf(event.target);
    // Bound to the word it started on: the slot may show another word by the time it moves.
    if (!slot || slot.wordId !== current.id) return;
    const shown = this.wordOf(slot);
    if (!shown) return;
    const gesture = this.editor.getState().gesture;
    // Escape cancelled the drag: the rest of it does nothing.
    if (current.gesture !== null && gesture?.id !== current.gesture) return;
    const rect = slot.track.getBoundingClientRect();
    const share = Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width));
    current.seconds = shown.from + share * (shown.to - shown.from);
    this.editor.preview(retime, { id: current.id, edge: current.edge, seconds: current.seconds });
    current.gesture = this.editor.getState().gesture?.id ?? null;
  }

  private onPointerUp(): void {
    const current = this.drag;
    this.drag = null;
    if (!current || current.gesture === null) return;
    if (this.editor.getState().gesture?.id !== current.gesture) return;
    this.editor.commitLive(retime, {
      id: current.id,
      edge: current.edge,
      seconds: current.seconds,
    });
  }

  private onPointerCancel(): void {
    if (!this.drag) return;
    this.drag = null;
    this.editor.cancelLive();
  }

  private onKeyDown(event: KeyboardEvent): void {
    const hit = edgeOf(event.target);
    const slot = hit ? this.wordSlotOf(hit.handle) : null;
    const shown = slot ? this.wordOf(slot) : null;
    if (!hit || !shown || !this.data) return;
    const step = (event.shiftKey ? 10 : 1) / this.data.fps;
    const by =
      event.key === 'ArrowLeft' || event.key === 'ArrowDown'
        ? -step
        : event.key === 'ArrowRight' || event.key === 'ArrowUp'
          ? step
          : 0;
    if (by === 0) return;
    event.preventDefault();
    event.stopPropagation();
    this.editor.run(retime, {
      id: shown.word.id,
      edge: hit.edge,
      seconds: (hit.edge === 'start' ? shown.start : shown.end) + by,
    });
  }
}

function isFocusVisible(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    // A DOM without the selector (jsdom): any focus counts.
    return true;
  }
}
