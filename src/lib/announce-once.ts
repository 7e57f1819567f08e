import { claimInBrowser } from './announce-claim.ts';
import type { LocksLike } from './web-locks.ts';
import { isStartedHere, isStartedInThisTab, isWatchedHere } from './started-work.ts';

/**
 * Which tab announces finished work. Every tab of the browser receives each event; the toast
 * for work this user started shows once: in the tab that started it, else in a tab the user is
 * looking at (that started it in an earlier page, or shows the plan revision it is about), else
 * in any tab of the browser. Tabs wait their turn by these delays, and the first to claim the
 * announcement across the browser shows it.
 */
export const TURN_DELAY_MS = { startedHere: 0, visible: 250, anywhere: 1_500 } as const;

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
 * turn still waiting when `signal` aborts is given up). True when this tab has a turn.
 */
export function announceOnce(
  subject: Subject,
  show: () => void,
  options: { visible: boolean; locks: LocksLike | undefined; signal: AbortSignal },
): boolean {
  const { signal } = options;
  const delay = turnOf(subject, options.visible);
  if (delay === null || signal.aborted) return false;
  const timer = setTimeout(() => {
    signal.removeEventListener('abort', cancel);
    void claimInBrowser(subject.key, show, {
      locks: options.locks,
      stillWanted: () => !signal.aborted,
    });
  }, delay);
  const cancel = () => clearTimeout(timer);
  signal.addEventListener('abort', cancel, { once: true });
  return true;
}
