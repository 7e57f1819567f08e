/**
 * The caption styler's outbox (the editor kit's, see editor-kit/outbox.ts): its changes kept on
 * this device (localStorage, per project) so a reload or a lost connection loses nothing, and
 * reconciled with the service on return: edits the service already has are dropped, edits to
 * words changed elsewhere since are counted (saving leaves those words as the other person set
 * them, and says so).
 */
import type { OutboxEntry as KitOutboxEntry } from '@/editor-kit/contract.ts';
import type { CaptionDoc } from './caption-doc.ts';
import { indexOfWords } from './caption-doc.ts';
import { hasSettings, hasValues, type CaptionChange } from './caption-change.ts';

export type OutboxEntry = KitOutboxEntry<CaptionChange>;

export const outboxKey = (projectId: string) => `cutroom:captions:unsaved:${projectId}`;

/** The changes left from an earlier visit: all unsaved now (none is being sent). */
export function loadOutbox(storage: Storage | undefined, projectId: string): OutboxEntry[] {
  if (!storage) return [];
  try {
    const raw = storage.getItem(outboxKey(projectId));
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (entry): entry is OutboxEntry =>
          typeof entry === 'object' &&
          entry !== null &&
          typeof (entry as OutboxEntry).id === 'string' &&
          typeof (entry as OutboxEntry).label === 'string' &&
          Array.isArray((entry as OutboxEntry).change?.words),
      )
      .map((entry) => ({ ...entry, status: 'unsaved' as const }));
  } catch {
    return [];
  }
}

/** Keeps the entries on this device; false when the device refused (full storage). */
export function saveOutbox(
  storage: Storage | undefined,
  projectId: string,
  entries: readonly OutboxEntry[],
): boolean {
  if (!storage) return false;
  try {
    if (entries.length === 0) storage.removeItem(outboxKey(projectId));
    else storage.setItem(outboxKey(projectId), JSON.stringify(entries));
    return true;
  } catch {
    return false;
  }
}

export interface Reconciled {
  entries: OutboxEntry[];
  /** Edits the service already had (saved before the page went away). */
  alreadySaved: number;
  /** Words whose touched fields were changed elsewhere since the change was made. */
  changedElsewhere: string[];
}

/** The entries against the service's document: drops what it has, counts what conflicts. */
export function reconcile(entries: readonly OutboxEntry[], doc: CaptionDoc): Reconciled {
  const index = indexOfWords(doc.words.words);
  let alreadySaved = 0;
  const changedElsewhere: string[] = [];
  const kept: OutboxEntry[] = [];
  for (const entry of entries) {
    const words = entry.change.words.filter((edit) => {
      const at = index.get(edit.id);
      const word = at === undefined ? undefined : doc.words.words[at];
      if (!word) {
        changedElsewhere.push(String(edit.from.word ?? edit.id));
        return true;
      }
      if (hasValues(word, edit.to)) {
        alreadySaved += 1;
        return false;
      }
      if (word.revision !== edit.revision && !hasValues(word, edit.from))
        changedElsewhere.push(word.word);
      return true;
    });
    let style = entry.change.style;
    if (style && hasSettings(doc.style, style.to)) {
      alreadySaved += 1;
      style = undefined;
    }
    if (words.length === 0 && !style) continue;
    kept.push({ ...entry, change: { words, ...(style ? { style } : {}) } });
  }
  return { entries: kept, alreadySaved, changedElsewhere };
}
