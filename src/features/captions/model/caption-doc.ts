/**
 * The caption styler's document: every word of the project (with the frame rate and the caption
 * spans) and the project's caption style, two resources read as one by the editor kit. The
 * resources' types are the contract's generated ones (imported by name from schema.gen.ts) and the
 * shared `WordsDoc` (`@/api/caption-queries.ts`); the interface below is the editor's view of them.
 */
import type { WordsDoc } from '@/api/caption-queries.ts';
import type { CaptionStyleResponse, CaptionWord } from '@/api/schema.gen.ts';
import type { CaptionPage } from '@/caption-painter/caption-pages.ts';

export interface CaptionDoc {
  words: WordsDoc;
  style: CaptionStyleResponse;
}

const indexes = new WeakMap<readonly CaptionWord[], Map<string, number>>();

/** Position of each word in the list by id (computed once per list). */
export function indexOfWords(words: readonly CaptionWord[]): Map<string, number> {
  let index = indexes.get(words);
  if (!index) {
    index = new Map(words.map((word, i) => [word.id, i]));
    indexes.set(words, index);
  }
  return index;
}

/**
 * `to` holds the same words as `from` at the same positions (a change applied in place): it
 * shares `from`'s index instead of building one (10,000 words: no Map per edit).
 */
export function shareIndex(from: readonly CaptionWord[], to: readonly CaptionWord[]): void {
  const index = indexes.get(from);
  if (index && from.length === to.length) indexes.set(to, index);
}

/**
 * Whether two lists have the same structure: the same words in the same places, with the same
 * timing, caption and paragraph (what the rows and the pages depend on; styles and text do not
 * count). Unchanged words are the same objects, so this is a quick pass.
 */
export function sameStructure(a: readonly CaptionWord[], b: readonly CaptionWord[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    if (
      x.id !== y.id ||
      x.startSeconds !== y.startSeconds ||
      x.endSeconds !== y.endSeconds ||
      captionOf(x) !== captionOf(y) ||
      x.paragraphIndex !== y.paragraphIndex ||
      x.sequenceIndex !== y.sequenceIndex ||
      x.orderIndex !== y.orderIndex
    )
      return false;
  }
  return true;
}

export function wordById(words: readonly CaptionWord[], id: string): CaptionWord | undefined {
  const at = indexOfWords(words).get(id);
  return at === undefined ? undefined : words[at];
}

/** The caption (timeline item) a word belongs to. */
export const captionOf = (word: CaptionWord): string => word.captionId ?? word.timelineItemId ?? '';

/** The words of the same caption as `words[at]`, in order, and its position among them. */
export function captionNeighbours(
  words: readonly CaptionWord[],
  at: number,
): { before: CaptionWord | undefined; after: CaptionWord | undefined } {
  const word = words[at];
  if (!word) return { before: undefined, after: undefined };
  const caption = captionOf(word);
  const before = words[at - 1];
  const after = words[at + 1];
  return {
    before: before && captionOf(before) === caption ? before : undefined,
    after: after && captionOf(after) === caption ? after : undefined,
  };
}

export function emphasisCount(words: readonly CaptionWord[]): number {
  let count = 0;
  for (const word of words) if (word.isEmphasis) count += 1;
  return count;
}

/**
 * The page with its words as they are now: pages follow the words' structure (order, timing,
 * captions), not their styles or text, so a page keeps the word objects it was built from. The
 * same page object when none of its words changed (views compare pages by identity).
 */
export function withCurrentWords(page: CaptionPage, words: readonly CaptionWord[]): CaptionPage {
  const index = indexOfWords(words);
  let changed = false;
  const lines = page.lines.map((line) =>
    line.map((word) => {
      const at = index.get(word.id);
      const now = at === undefined ? undefined : words[at];
      if (!now || now === word) return word;
      changed = true;
      return now;
    }),
  );
  return changed ? { ...page, lines } : page;
}
