/**
 * The pure half of the caption painter: no canvas. Which words form a page (line breaks by
 * `wordsPerLineLimit`, page breaks by `maxLinesPerCaption`, never across two captions), which
 * page is on screen at a time, which word is active, and how far each word's animations have run
 * (active-word pop/bounce/underline/highlight, word reveal fade/pop/typewriter).
 */
import type { CaptionSettings, CaptionWordStyle } from '@/api/schema.gen.ts';

/** What the painter needs of a word (a caption word of the contract fits). */
export interface PaintableWord {
  id: string;
  word: string;
  startSeconds?: number;
  endSeconds?: number;
  isEmphasis?: boolean;
  orderIndex?: number;
  sequenceIndex?: number;
  /** Words of different captions never share a page. */
  captionId?: string;
  timelineItemId?: string;
  /** The word's own style (absent or null fields inherit: `caption-cascade.ts`). */
  style?: Partial<CaptionWordStyle> | undefined;
}

export interface CaptionPage {
  lines: PaintableWord[][];
  startSeconds: number;
  endSeconds: number;
  /** Position of the page in its list (pages of one caption are consecutive). */
  index: number;
  /** The caption the page belongs to (empty when the words name none). */
  captionId: string;
}

const sequence = (word: PaintableWord) => word.sequenceIndex ?? word.orderIndex ?? 0;

const inOrder = (a: PaintableWord, b: PaintableWord) =>
  sequence(a) - sequence(b) || (a.startSeconds ?? 0) - (b.startSeconds ?? 0);

function sorted(words: readonly PaintableWord[]): readonly PaintableWord[] {
  // Lists from the service come in order: checking is O(n), sorting only when needed.
  for (let i = 1; i < words.length; i += 1) {
    if (inOrder(words[i - 1]!, words[i]!) > 0) return [...words].sort(inOrder);
  }
  return words;
}

const whole = (value: number | undefined, fallback: number) =>
  Math.max(1, Math.floor(value ?? fallback));

/**
 * Pages of at most `maxLinesPerCaption` lines of at most `wordsPerLineLimit` words, in word order;
 * a new caption (`captionId`, else `timelineItemId`) starts a new page.
 */
export function paginate(
  words: readonly PaintableWord[],
  settings: Pick<Partial<CaptionSettings>, 'wordsPerLineLimit' | 'maxLinesPerCaption'>,
): readonly CaptionPage[] {
  const perLine = whole(settings.wordsPerLineLimit, 4);
  const perPage = perLine * whole(settings.maxLinesPerCaption, 2);
  // The preview asks for the same words' pages several times an animation frame while playing.
  const known = paginated.get(words);
  if (known && known.perLine === perLine && known.perPage === perPage) return known.pages;
  const pages = paginateWords(words, perLine, perPage);
  paginated.set(words, { perLine, perPage, pages });
  return pages;
}

/** The last pages made of each words list (a list is not changed once made). */
const paginated = new WeakMap<
  readonly PaintableWord[],
  { perLine: number; perPage: number; pages: readonly CaptionPage[] }
>();

function paginateWords(
  words: readonly PaintableWord[],
  perLine: number,
  perPage: number,
): CaptionPage[] {
  const pages: CaptionPage[] = [];
  let current: PaintableWord[] = [];
  let caption = '';
  const flush = () => {
    if (current.length === 0) return;
    const lines: PaintableWord[][] = [];
    for (let i = 0; i < current.length; i += perLine) lines.push(current.slice(i, i + perLine));
    let start = Infinity;
    let end = -Infinity;
    for (const word of current) {
      start = Math.min(start, word.startSeconds ?? 0);
      end = Math.max(end, word.endSeconds ?? 0);
    }
    pages.push({
      lines,
      startSeconds: start,
      endSeconds: end,
      index: pages.length,
      captionId: caption,
    });
    current = [];
  };
  for (const word of sorted(words)) {
    const id = word.captionId ?? word.timelineItemId ?? '';
    if (id !== caption || current.length === perPage) {
      flush();
      caption = id;
    }
    current.push(word);
  }
  flush();
  return pages;
}

/** Index of the page on screen at `seconds` (binary search over the pages' starts), or -1. */
export function pageIndexAt(pages: readonly CaptionPage[], seconds: number): number {
  let low = 0;
  let high = pages.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (pages[mid]!.startSeconds <= seconds) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  // Pages may overlap after a retiming: the latest page that started and has not ended.
  for (let i = found; i >= 0 && i >= found - 2; i -= 1) {
    const page = pages[i]!;
    if (seconds >= page.startSeconds && seconds < page.endSeconds) return i;
  }
  return -1;
}

/**
 * The page on screen at `seconds`, else the page nearest to it (the one that ended last before
 * it, or the next one, whichever is closer in time; the next one on a tie), or -1 when there are
 * no pages. What a preview shows between captions instead of nothing.
 */
export function nearestPageIndex(pages: readonly CaptionPage[], seconds: number): number {
  const at = pageIndexAt(pages, seconds);
  if (at >= 0 || pages.length === 0) return at;
  // The first page starting after `seconds`.
  let low = 0;
  let high = pages.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (pages[mid]!.startSeconds <= seconds) low = mid + 1;
    else high = mid;
  }
  const next = low < pages.length ? low : -1;
  // The page before that ended last (pages may overlap after a retiming).
  let before = -1;
  for (let i = low - 1; i >= 0 && i >= low - 3; i -= 1)
    if (before < 0 || pages[i]!.endSeconds > pages[before]!.endSeconds) before = i;
  if (next < 0) return before;
  if (before < 0) return next;
  const sinceBefore = seconds - pages[before]!.endSeconds;
  const untilNext = pages[next]!.startSeconds - seconds;
  return sinceBefore < untilNext ? before : next;
}

/** The page on screen at `seconds`, or null when no page covers it. */
export function pageAt(pages: readonly CaptionPage[], seconds: number): CaptionPage | null {
  const index = pageIndexAt(pages, seconds);
  return index < 0 ? null : pages[index]!;
}

/** The index of the page holding the word, or -1. */
export function pageOfWord(pages: readonly CaptionPage[], wordId: string): number {
  return pages.findIndex((page) => page.lines.some((line) => line.some((w) => w.id === wordId)));
}

/** Whether a word is the active (spoken) word at `seconds`: start ≤ t < end. */
export const isActiveAt = (word: PaintableWord, seconds: number): boolean =>
  seconds >= (word.startSeconds ?? Infinity) && seconds < (word.endSeconds ?? -Infinity);

/** The active word of a page at `seconds`, or null. */
export function activeWordAt(page: CaptionPage | null, seconds: number): PaintableWord | null {
  if (!page) return null;
  for (const line of page.lines)
    for (const word of line) if (isActiveAt(word, seconds)) return word;
  return null;
}

// ───────────────────────────── motion ─────────────────────────────

/** How long the active-word and reveal animations run, in seconds. */
export const ACTIVE_IN_SECONDS = 0.12;
export const BOUNCE_SECONDS = 0.25;
export const REVEAL_SECONDS = 0.15;
export const TYPEWRITER_MAX_SECONDS = 0.3;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const easeOut = (p: number) => 1 - (1 - p) * (1 - p);
/** Overshoots a little before settling (a "pop"). */
const easeOutBack = (p: number) => {
  const c = 1.70158;
  return 1 + (c + 1) * (p - 1) ** 3 + c * (p - 1) ** 2;
};

export interface WordMotion {
  /** Multiplies the word's opacity (reveal fade; 0 hides it). */
  alpha: number;
  /** Multiplies the word's scale (active pop, reveal pop). */
  scale: number;
  /** Added to the word's vertical offset, in font-size units (bounce, up is negative). */
  lift: number;
  /** How much of the text is shown (typewriter), 0 to 1. */
  shown: number;
  /** Underline length as a share of the word (active underline), 0 when none. */
  underline: number;
  /** Whether the highlight box is drawn behind the word. */
  highlight: boolean;
}

export const STILL: WordMotion = {
  alpha: 1,
  scale: 1,
  lift: 0,
  shown: 1,
  underline: 0,
  highlight: false,
};

/**
 * The animation state of one word at `seconds`. `playing` is whether the page is on screen at
 * that time: a page shown at rest (the styler showing a chosen page) has every word revealed.
 */
export function wordMotion(
  word: PaintableWord,
  seconds: number,
  settings: Pick<
    Partial<CaptionSettings>,
    'activeWordAnimation' | 'wordRevealAnimation' | 'showActiveWord'
  >,
  playing: boolean,
): WordMotion {
  if (!playing) return STILL;
  const start = word.startSeconds ?? 0;
  const end = word.endSeconds ?? start;
  const since = seconds - start;
  const motion = { ...STILL };
  switch (settings.wordRevealAnimation) {
    case 'fade':
      motion.alpha = clamp01(since / REVEAL_SECONDS);
      break;
    case 'pop':
      if (since < 0) motion.alpha = 0;
      else motion.scale = 0.6 + 0.4 * easeOutBack(clamp01(since / ACTIVE_IN_SECONDS));
      break;
    case 'typewriter':
      motion.shown = clamp01(since / Math.max(1e-3, Math.min(end - start, TYPEWRITER_MAX_SECONDS)));
      if (since < 0) motion.alpha = 0;
      break;
    default:
      break;
  }
  if (settings.showActiveWord === false || !isActiveAt(word, seconds)) return motion;
  // The word's own animation, else the setting's, resolved by the caller (the cascade).
  const animation = settings.activeWordAnimation ?? 'none';
  const p = clamp01(since / ACTIVE_IN_SECONDS);
  switch (animation) {
    case 'pop':
      motion.scale *= 1 + 0.12 * easeOut(p);
      break;
    case 'bounce':
      motion.lift = -0.18 * Math.sin(Math.PI * clamp01(since / BOUNCE_SECONDS));
      break;
    case 'underline':
      motion.underline = easeOut(p);
      break;
    case 'highlight':
      motion.highlight = true;
      break;
    default:
      break;
  }
  return motion;
}

/** Whether a page needs repainting every frame at `seconds` (an animation is running on it). */
export function isAnimating(page: CaptionPage, seconds: number): boolean {
  const window = Math.max(BOUNCE_SECONDS, REVEAL_SECONDS, TYPEWRITER_MAX_SECONDS);
  for (const line of page.lines) {
    for (const word of line) {
      const since = seconds - (word.startSeconds ?? 0);
      if (since >= 0 && since < window) return true;
    }
  }
  return false;
}

/**
 * What a page shows at `seconds` when nothing on it moves (which words are revealed, which one
 * is active), or null while an animation runs on it: painted again only when this changes. A
 * word's own active animation may be any, so the longest one's time is allowed after its start.
 */
export function pageStillKey(
  page: CaptionPage,
  settings: Pick<Partial<CaptionSettings>, 'wordRevealAnimation' | 'showActiveWord'>,
  seconds: number,
): string | null {
  const reveal =
    (settings.wordRevealAnimation ?? 'none') === 'none'
      ? 0
      : Math.max(REVEAL_SECONDS, TYPEWRITER_MAX_SECONDS);
  const active =
    settings.showActiveWord === false ? 0 : Math.max(ACTIVE_IN_SECONDS, BOUNCE_SECONDS);
  let revealed = 0;
  let activeId = '';
  for (const line of page.lines) {
    for (const word of line) {
      const since = seconds - (word.startSeconds ?? 0);
      if (since < 0) continue;
      revealed += 1;
      if (since < reveal) return null;
      if (settings.showActiveWord !== false && isActiveAt(word, seconds)) {
        if (since < active) return null;
        activeId = word.id;
      }
    }
  }
  return `${page.startSeconds}|${revealed}|${activeId}`;
}
