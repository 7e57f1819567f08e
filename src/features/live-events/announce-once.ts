import {
  claimAnnouncement,
  isStartedHere,
  isStartedInThisTab,
  isWatchedHere,
  refreshStartedWork,
} from '@/lib/started-work.ts';
import type { LocksLike } from './shared-stream.ts';

/**
 * Which tab announces finished work. Every tab of the browser receives each event; the toast
 * for work this user started shows once: in the tab that started it, else in a tab the user is
 * looking at (that started it in an earlier page, or shows the plan revision it is about), else
 * in any tab of the browser. Tabs wait their turn by these delays, and the first to claim the
 * announcement across the browser shows it.
 */
export const TURN_DELAY_MS = { startedHere: 0, visible: 250, anywhere: 1_500 } as const;

/**
 * How long a claim keeps its lock: a tab that tries while it is held gives up, and after it the
 * claim is in every tab's storage (written by the winner; other tabs see it a moment later).
 */
export const CLAIM_HOLD_MS = 3_000;

export interface Subject {
  /** The job / export / revision ids the event is about. */
  ids: string[];
  /** The outcome's one announcement (see `outcomeKey`). */
  key: string;
}

/** This tab's turn to announce the subject's outcome (ms after the event), or null: not here. */
export function turnOf(subject: Subject, visible: boolean): number | null {
  if (isStartedInThisTab(...subject.ids)) return TURN_DELAY_MS.startedHere;
  if (!isStartedHere(...subject.ids) && !isWatchedHere(...subject.ids)) return null;
  return visible ? TURN_DELAY_MS.visible : TURN_DELAY_MS.anywhere;
}

/**
 * Announces the subject's outcome with `show` if this tab's turn comes and its claim wins (a
 * turn still waiting when `signal` aborts is given up).
 */
export function announceOnce(
  subject: Subject,
  show: () => void,
  options: { visible: boolean; locks: LocksLike | undefined; signal: AbortSignal },
): void {
  const { signal } = options;
  const delay = turnOf(subject, options.visible);
  if (delay === null || signal.aborted) return;
  const timer = setTimeout(() => {
    signal.removeEventListener('abort', cancel);
    void claimInBrowser(subject.key, options.locks, show, () => !signal.aborted);
  }, delay);
  const cancel = () => clearTimeout(timer);
  signal.addEventListener('abort', cancel, { once: true });
}

/**
 * Claims the announcement of `key` for this tab, in one tab of the browser only, and calls
 * `onClaimed` at once when it does. The claim is made under a Web Lock (`ifAvailable`: a tab
 * that finds it held gives up) after reading the other tabs' claims from storage; without Web
 * Locks, from this tab's view of storage.
 */
export async function claimInBrowser(
  key: string,
  locks: LocksLike | undefined,
  onClaimed: () => void,
  stillWanted: () => boolean = () => true,
): Promise<void> {
  const claim = (): boolean => {
    if (!stillWanted()) return false;
    refreshStartedWork();
    if (!claimAnnouncement(key)) return false;
    onClaimed();
    return true;
  };
  if (!locks) {
    claim();
    return;
  }
  await locks
    .request(`cutroom.announce:${key}`, { ifAvailable: true }, (lock) => {
      if (!lock || !claim()) return undefined;
      // Kept a while after a claim: the lock stops tabs whose storage has not seen it yet.
      return new Promise((resolve) => setTimeout(resolve, CLAIM_HOLD_MS));
    })
    .catch(() => undefined);
}
