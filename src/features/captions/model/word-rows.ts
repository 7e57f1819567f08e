/**
 * The word list as rows for the virtualised list: a heading row for each caption (with its
 * paragraph, time range and word count) followed by its words; with a search, only matching words
 * and their captions. Also selection by click, Ctrl/⌘-click and Shift-click over the rows' order,
 * and the parts of a word a search highlights.
 */
import type { CaptionWord } from '@/api/schema.gen.ts';
import { captionOf } from './caption-doc.ts';

export type WordRow =
  | {
      kind: 'caption';
      key: string;
      captionId: string;
      /** 1-based caption number in the project. */
      number: number;
      paragraph: number;
      /** The first caption of its paragraph. */
      opensParagraph: boolean;
      startSeconds: number;
      endSeconds: number;
      words: number;
    }
  | { kind: 'word'; key: string; id: string; at: number };

/** Rows for `words`; `visible` (a set of ids) keeps only those words and their captions. */
export function buildRows(
  words: readonly CaptionWord[],
  visible: ReadonlySet<string> | null = null,
): WordRow[] {
  const rows: WordRow[] = [];
  let caption: Extract<WordRow, { kind: 'caption' }> | null = null;
  let number = 0;
  let paragraph = -1;
  words.forEach((word, at) => {
    const id = captionOf(word);
    if (!caption || caption.captionId !== id) {
      number += 1;
      const wordParagraph = word.paragraphIndex ?? 0;
      caption = {
        kind: 'caption',
        key: `caption:${id}:${at}`,
        captionId: id,
        number,
        paragraph: wordParagraph,
        opensParagraph: wordParagraph !== paragraph,
        startSeconds: word.startSeconds ?? 0,
        endSeconds: word.endSeconds ?? 0,
        words: 0,
      };
      paragraph = wordParagraph;
      rows.push(caption);
    }
    caption.words += 1;
    caption.endSeconds = Math.max(caption.endSeconds, word.endSeconds ?? 0);
    if (visible === null || visible.has(word.id))
      rows.push({ kind: 'word', key: word.id, id: word.id, at });
  });
  // With a filter, captions without a visible word go.
  if (visible === null) return rows;
  return rows.filter((row, i) => row.kind === 'word' || rows[i + 1]?.kind === 'word');
}

/** The word ids in list order. */
export const wordIdsOf = (rows: readonly WordRow[]): string[] =>
  rows.flatMap((row) => (row.kind === 'word' ? [row.id] : []));

export type SelectMode = 'replace' | 'toggle' | 'range';

/** The selection after a click on `id` (Shift: range from the anchor; Ctrl/⌘: toggle). */
export function selectWord(
  selection: ReadonlySet<string>,
  anchor: string | null,
  id: string,
  mode: SelectMode,
  order: readonly string[],
): { selection: Set<string>; anchor: string } {
  if (mode === 'toggle') {
    const next = new Set(selection);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return { selection: next, anchor: id };
  }
  if (mode === 'range' && anchor !== null) {
    const from = order.indexOf(anchor);
    const to = order.indexOf(id);
    if (from >= 0 && to >= 0) {
      const [low, high] = from <= to ? [from, to] : [to, from];
      return { selection: new Set(order.slice(low, high + 1)), anchor };
    }
  }
  return { selection: new Set([id]), anchor: id };
}

/** The word split around case-insensitive matches of `query` (for `<mark>`). */
export function highlight(text: string, query: string): Array<{ text: string; match: boolean }> {
  const needle = query.trim().toLowerCase();
  if (!needle) return [{ text, match: false }];
  const parts: Array<{ text: string; match: boolean }> = [];
  const lower = text.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts.length > 0 ? parts : [{ text, match: false }];
}

/** Row index of each word row, by word id (to find the row of the spoken word). */
export function rowIndexById(rows: readonly WordRow[]): Map<string, number> {
  const index = new Map<string, number>();
  rows.forEach((row, at) => {
    if (row.kind === 'word') index.set(row.id, at);
  });
  return index;
}

/**
 * Where to scroll the list so that a row (`start`..`end`, px from the list's top) is in view:
 * null when it is wholly in view already (the list stays still), else a third down the view, so
 * the words that follow are in view as well.
 */
export function followOffset(
  row: { start: number; end: number },
  view: { scrollTop: number; height: number; scrollHeight: number },
): number | null {
  if (row.start >= view.scrollTop && row.end <= view.scrollTop + view.height) return null;
  const most = Math.max(0, view.scrollHeight - view.height);
  return Math.min(most, Math.max(0, Math.round(row.start - view.height / 3)));
}
