/**
 * The word list's rows as plain DOM, built once per slot and then only written to: a row
 * scrolled in takes the slot of one scrolled out (see `SlotPool`) and `show` sets only what
 * differs from what the slot showed before (a text node's data, an attribute, one class), so a
 * scrolled frame creates no element, allocates no style object and leaves React out.
 *
 * Every part is absolutely placed at a fixed size, so laying out a row that shows a new word
 * measures its texts and nothing else (no grid or flex tracks sized from content). From the
 * right: the unsaved mark (when shown), the style at a glance, the timing track, the text-fix
 * button; the word (and its time under it) fills the rest. Literal classes (Tailwind finds them).
 */
import type { CaptionSpan, CaptionWord } from '@/api/schema.gen.ts';
import { emojiFor } from '@/caption-painter/caption-painter.ts';
import { formatTime } from '../model/timing.ts';
import { highlight, type WordRow } from '../model/word-rows.ts';

export const CAPTION_ROW = 34;
export const WORD_ROW = 52;
export const TRACK_WIDTH = 132;

/** Where a word row's parts sit, without and with the unsaved mark. */
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

const ROW_CLASS = 'absolute inset-x-0 border-b border-slate-100 [contain:strict]';
const SELECTED_CLASS = 'bg-indigo-50';
const SPOKEN_CLASS = 'outline outline-2 -outline-offset-2 outline-amber-400';
const WORD_CLASS =
  'absolute left-3 top-1.5 h-6 truncate rounded px-1.5 text-left text-sm font-medium leading-6 text-slate-900 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600';
const FIX_CLASS =
  'absolute top-1.5 h-6 w-5 rounded text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600';
const TRACK_CLASS =
  'absolute top-3.5 box-border h-6 w-[132px] rounded border-y-[6px] border-slate-100 bg-indigo-300';
const HANDLE_CLASS =
  'absolute -top-1.5 h-6 w-2.5 cursor-ew-resize touch-none rounded-sm bg-indigo-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600';
const GLANCE_CLASS =
  'absolute top-[18px] h-4 w-24 truncate pl-5 font-mono text-xs leading-4 text-slate-700';

/** What a word row shows. */
export interface WordRowData {
  word: CaptionWord;
  span: CaptionSpan | undefined;
  fps: number;
  query: string;
  selected: boolean;
  unsaved: boolean;
  spoken: boolean;
  /** Its text is being fixed (the field, rendered by React, goes in `fieldHost`). */
  editing: boolean;
  /** 1-based place in the list, and the list's length. */
  position: number;
  count: number;
  top: number;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  parent: HTMLElement,
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  made.className = className;
  parent.appendChild(made);
  return made;
}

function text(parent: HTMLElement, data = ''): Text {
  const node = document.createTextNode(data);
  parent.appendChild(node);
  return node;
}

/** Sets an attribute only when it changes (`null` removes it); the values last set are kept. */
class Attributes {
  private readonly last = new Map<string, string | null>();

  constructor(private readonly target: HTMLElement) {}

  set(name: string, value: string | null): void {
    if (this.last.get(name) === value) return;
    this.last.set(name, value);
    if (value === null) this.target.removeAttribute(name);
    else this.target.setAttribute(name, value);
  }
}

function setData(node: Text, data: string): void {
  if (node.data !== data) node.data = data;
}

/** The track's time range: the word's caption's span (never shorter than a frame). */
export function trackRange(
  word: CaptionWord,
  span: CaptionSpan | undefined,
  fps: number,
): { start: number; end: number; from: number; to: number } {
  const start = word.startSeconds ?? 0;
  const end = word.endSeconds ?? start;
  const from = Math.min(span?.startSeconds ?? start, start);
  const to = Math.max(span?.endSeconds ?? end, end, from + 1 / fps);
  return { start, end, from, to };
}

function sameRow(a: WordRowData, b: WordRowData): boolean {
  return (
    a.word === b.word &&
    a.span === b.span &&
    a.fps === b.fps &&
    a.query === b.query &&
    a.selected === b.selected &&
    a.unsaved === b.unsaved &&
    a.spoken === b.spoken &&
    a.editing === b.editing &&
    a.position === b.position &&
    a.count === b.count &&
    a.top === b.top
  );
}

export class WordRowSlot {
  readonly kind = 'word';
  readonly element: HTMLDivElement;
  /** Where React renders the text-fix field while this row's word is edited. */
  readonly fieldHost: HTMLDivElement;
  readonly track: HTMLDivElement;
  /** The word shown (null while idle). */
  wordId: string | null = null;
  word: CaptionWord | null = null;
  /** What was shown last (nothing is written when it is shown again). */
  private readonly last = {} as WordRowData;
  private hasLast = false;
  private readonly attrs: Attributes;
  private readonly wordButton: HTMLButtonElement;
  private readonly wordAttrs: Attributes;
  private readonly wordText: Text;
  private readonly fix: HTMLButtonElement;
  private readonly fixAttrs: Attributes;
  private readonly time: HTMLSpanElement;
  private readonly timeText: Text;
  private readonly trackAttrs: Attributes;
  private readonly handles: Record<'start' | 'end', Attributes>;
  private readonly glance: HTMLSpanElement;
  private readonly glanceAttrs: Attributes;
  private readonly swatch: HTMLSpanElement;
  private readonly marks: Text;
  private readonly glow: HTMLSpanElement;
  private readonly unsavedMark: HTMLSpanElement;
  private shownText: { word: string; query: string } = { word: '', query: '' };
  private rowClass = '';
  private top = Number.NaN;
  private border = { left: Number.NaN, right: Number.NaN };
  private swatchFill = '';
  private glowColor = '';
  private editing = false;
  private unsaved: boolean | null = null;

  constructor(parent: HTMLElement) {
    const row = document.createElement('div');
    row.setAttribute('role', 'listitem');
    row.style.height = `${WORD_ROW}px`;
    row.hidden = true;
    this.element = row;
    this.attrs = new Attributes(row);

    this.wordButton = element('button', WORD_CLASS, row);
    this.wordButton.type = 'button';
    this.wordButton.dataset.part = 'word';
    this.wordAttrs = new Attributes(this.wordButton);
    this.wordText = text(this.wordButton);

    this.fix = element('button', FIX_CLASS, row);
    this.fix.type = 'button';
    this.fix.dataset.part = 'fix';
    this.fix.title = 'Fix the text (the timing stays)';
    this.fix.textContent = '✎';
    this.fixAttrs = new Attributes(this.fix);

    this.time = element(
      'span',
      'absolute left-3 top-[30px] whitespace-nowrap px-1.5 text-xs leading-4 tabular-nums text-slate-600',
      row,
    );
    this.timeText = text(this.time);

    this.fieldHost = element('div', 'absolute left-3 top-1', row);
    this.fieldHost.hidden = true;

    this.track = element('div', TRACK_CLASS, row);
    this.track.setAttribute('role', 'group');
    this.track.dataset.part = 'track';
    this.trackAttrs = new Attributes(this.track);
    const handle = (edge: 'start' | 'end') => {
      const made = element(
        'div',
        `${HANDLE_CLASS} ${edge === 'start' ? 'left-0 -translate-x-1/2' : 'right-0 translate-x-1/2'}`,
        this.track,
      );
      made.setAttribute('role', 'slider');
      made.tabIndex = 0;
      made.dataset.edge = edge;
      return new Attributes(made);
    };
    this.handles = { start: handle('start'), end: handle('end') };

    // Named by its label (not by hidden text, which would be laid out in every mounted row).
    this.glance = element('span', GLANCE_CLASS, row);
    this.glance.setAttribute('role', 'img');
    this.glanceAttrs = new Attributes(this.glance);
    this.swatch = element(
      'span',
      'absolute left-0 top-0 box-border h-4 w-4 border border-slate-400',
      this.glance,
    );
    this.marks = text(this.glance);
    this.glow = element('span', '', this.glance);
    this.glow.textContent = ' ✦';
    this.glow.hidden = true;

    this.unsavedMark = element(
      'span',
      'absolute right-3 top-[18px] w-16 rounded bg-amber-100 text-center text-xs font-medium leading-4 text-amber-900',
      row,
    );
    this.unsavedMark.textContent = 'Unsaved';
    // In the row only while it is unsaved (rare, and a hidden mark would still be text).
    this.unsavedMark.remove();
    parent.appendChild(row);
  }

  /** Shows `data` (read now, not kept), writing only what changed since the last call. */
  show(data: WordRowData): void {
    if (this.hasLast && sameRow(this.last, data)) return;
    // Copied (the caller's object is reused for the next row).
    Object.assign(this.last, data);
    this.hasLast = true;
    const { word } = data;
    this.wordId = word.id;
    this.word = word;
    const row = this.element;
    if (row.hidden) row.hidden = false;
    if (this.top !== data.top) {
      this.top = data.top;
      row.style.top = `${data.top}px`;
    }
    const attrs = this.attrs;
    attrs.set('aria-posinset', String(data.position));
    attrs.set('aria-setsize', String(data.count));
    attrs.set('data-word-id', word.id);
    attrs.set('data-spoken', data.spoken ? 'true' : null);
    attrs.set('aria-current', data.spoken ? 'true' : null);
    const rowClass =
      data.selected || data.spoken
        ? `${ROW_CLASS}${data.selected ? ` ${SELECTED_CLASS}` : ''}${data.spoken ? ` ${SPOKEN_CLASS}` : ''}`
        : ROW_CLASS;
    if (this.rowClass !== rowClass) {
      this.rowClass = rowClass;
      row.className = rowClass;
    }

    if (this.unsaved !== data.unsaved) {
      this.unsaved = data.unsaved;
      const parts = WORD_PARTS[data.unsaved ? 'unsaved' : 'saved'];
      this.wordButton.className = `${WORD_CLASS} ${parts.word}`;
      this.fix.className = `${FIX_CLASS} ${parts.fix}`;
      this.fieldHost.className = `absolute left-3 top-1 ${parts.field}`;
      this.track.className = `${TRACK_CLASS} ${parts.track}`;
      this.glance.className = `${GLANCE_CLASS} ${parts.glance}`;
      if (data.unsaved) row.appendChild(this.unsavedMark);
      else this.unsavedMark.remove();
    }

    this.applyEditing(data.editing);

    // The word, with a search's matches marked.
    this.wordAttrs.set('aria-pressed', data.selected ? 'true' : 'false');
    if (this.shownText.word !== word.word || this.shownText.query !== data.query) {
      const hadMarks = this.shownText.query !== '';
      this.shownText = { word: word.word, query: data.query };
      if (!data.query) {
        if (hadMarks) this.wordButton.replaceChildren(this.wordText);
        setData(this.wordText, word.word);
      } else {
        this.wordButton.replaceChildren(
          ...highlight(word.word, data.query).map((part) => {
            if (!part.match) return part.text;
            const mark = document.createElement('mark');
            mark.className = 'rounded-sm bg-yellow-200 text-slate-900';
            mark.textContent = part.text;
            return mark;
          }),
        );
      }
      this.fixAttrs.set('aria-label', `Edit text of “${word.word}”`);
    }

    // Its time, and the timing track (the span is the track's content box, the rest of the
    // track its borders: plain fills, no element for the bar).
    const { start, end, from, to } = trackRange(word, data.span, data.fps);
    setData(this.timeText, `${formatTime(start)}–${formatTime(end)}`);
    const x = (seconds: number) => ((seconds - from) / (to - from)) * TRACK_WIDTH;
    const barFrom = x(start);
    const barTo = Math.max(barFrom + 2, x(end));
    if (this.border.left !== barFrom) {
      this.border.left = barFrom;
      this.track.style.borderLeftWidth = `${barFrom}px`;
    }
    if (this.border.right !== TRACK_WIDTH - barTo) {
      this.border.right = TRACK_WIDTH - barTo;
      this.track.style.borderRightWidth = `${TRACK_WIDTH - barTo}px`;
    }
    this.trackAttrs.set('aria-label', `Timing of “${word.word}”`);
    const min = String(Number(from.toFixed(3)));
    const max = String(Number(to.toFixed(3)));
    for (const [edge, seconds] of [
      ['start', start],
      ['end', end],
    ] as const) {
      const handle = this.handles[edge];
      handle.set('aria-label', `${edge === 'start' ? 'Start' : 'End'} of “${word.word}”`);
      handle.set('aria-valuemin', min);
      handle.set('aria-valuemax', max);
      const now = Number(seconds.toFixed(3));
      handle.set('aria-valuenow', String(now));
      handle.set('aria-valuetext', `${formatTime(seconds)} (${now} s)`);
    }

    this.showGlance(word);
  }

  /**
   * The text-fix field in place of the word, its button and its time (shown at once when the
   * fix starts, so that the field React renders into `fieldHost` can take the focus).
   */
  startEditing(): void {
    this.hasLast = false;
    this.applyEditing(true);
  }

  private applyEditing(editing: boolean): void {
    if (this.editing === editing) return;
    this.editing = editing;
    this.wordButton.hidden = editing;
    this.fix.hidden = editing;
    this.time.hidden = editing;
    this.fieldHost.hidden = !editing;
  }

  /** Colour or gradient, weight, emphasis, glow and emoji, small. */
  private showGlance(word: CaptionWord): void {
    const style = word.style ?? {};
    const gradient =
      style.textGradientFrom &&
      style.textGradientTo &&
      style.textGradientFrom !== style.textGradientTo
        ? `linear-gradient(90deg, ${style.textGradientFrom}, ${style.textGradientTo})`
        : null;
    const glow =
      !!style.glowColor && style.glowColor !== 'transparent' && (style.glowBlurPx ?? 0) > 0;
    const parts = [
      gradient ? 'gradient' : style.color ? `colour ${style.color}` : 'default colour',
      style.fontWeight ? `weight ${style.fontWeight}` : null,
      word.isEmphasis ? 'emphasised' : null,
      glow ? 'glow' : null,
      style.emojiName ? `emoji ${style.emojiName}` : null,
    ]
      .filter(Boolean)
      .join(', ');
    this.glanceAttrs.set('aria-label', `Style: ${parts}`);
    this.glanceAttrs.set('title', parts);
    // A plain fill unless the word has a gradient (painted as an image).
    const fill = gradient ?? style.color ?? '#ffffff';
    if (this.swatchFill !== fill) {
      this.swatchFill = fill;
      if (gradient) {
        this.swatch.style.backgroundColor = '';
        this.swatch.style.backgroundImage = gradient;
      } else {
        this.swatch.style.backgroundImage = '';
        this.swatch.style.backgroundColor = fill;
      }
    }
    setData(
      this.marks,
      [
        style.fontWeight ?? '–',
        word.isEmphasis ? '★' : '',
        style.emojiName ? emojiFor(style.emojiName) : '',
      ].join(' '),
    );
    const glowColor = glow ? (style.glowColor ?? '') : '';
    if (this.glowColor !== glowColor) {
      this.glowColor = glowColor;
      this.glow.hidden = !glow;
      this.glow.style.color = glowColor;
    }
  }

  /** Not showing a row (kept for later). */
  hide(): void {
    if (this.wordId === null) return;
    this.wordId = null;
    this.word = null;
    this.hasLast = false;
    this.element.hidden = true;
    // Its texts go too (a hidden row's text would still be found on the page).
    this.wordButton.replaceChildren(this.wordText);
    this.wordText.data = '';
    this.shownText = { word: '', query: '' };
    this.timeText.data = '';
    this.marks.data = '';
    this.attrs.set('data-word-id', null);
    this.attrs.set('aria-current', null);
    this.attrs.set('data-spoken', null);
  }
}

/** A caption's heading row: its paragraph (when it opens one), number, time range, words. */
export class CaptionRowSlot {
  readonly kind = 'caption';
  readonly element: HTMLDivElement;
  private readonly attrs: Attributes;
  private readonly paragraph: HTMLSpanElement;
  private readonly paragraphText: Text;
  private readonly numberText: Text;
  private readonly timeText: Text;
  private readonly wordsText: Text;
  private top = Number.NaN;
  private shown = false;

  constructor(parent: HTMLElement) {
    const row = document.createElement('div');
    row.setAttribute('role', 'listitem');
    row.className =
      'absolute inset-x-0 flex items-end gap-2 border-b border-slate-100 bg-slate-50 px-3 pb-1 text-xs text-slate-600 [contain:strict]';
    row.style.height = `${CAPTION_ROW}px`;
    row.hidden = true;
    this.element = row;
    this.attrs = new Attributes(row);
    this.paragraph = element('span', 'font-semibold text-slate-800', row);
    this.paragraphText = text(this.paragraph);
    this.numberText = text(element('span', 'font-medium text-slate-700', row));
    this.timeText = text(element('span', 'tabular-nums', row));
    this.wordsText = text(element('span', '', row));
    parent.appendChild(row);
  }

  show(
    row: Extract<WordRow, { kind: 'caption' }>,
    position: number,
    count: number,
    top: number,
  ): void {
    if (!this.shown) {
      this.shown = true;
      this.element.hidden = false;
    }
    if (this.top !== top) {
      this.top = top;
      this.element.style.top = `${top}px`;
    }
    this.attrs.set('aria-posinset', String(position));
    this.attrs.set('aria-setsize', String(count));
    if (this.paragraph.hidden === row.opensParagraph) this.paragraph.hidden = !row.opensParagraph;
    setData(this.paragraphText, `Paragraph ${row.paragraph + 1}`);
    setData(this.numberText, `Caption ${row.number}`);
    setData(this.timeText, `${formatTime(row.startSeconds)}–${formatTime(row.endSeconds)}`);
    setData(this.wordsText, `${row.words} word${row.words === 1 ? '' : 's'}`);
  }

  hide(): void {
    if (!this.shown) return;
    this.shown = false;
    this.element.hidden = true;
    for (const node of [this.paragraphText, this.numberText, this.timeText, this.wordsText])
      node.data = '';
  }
}
