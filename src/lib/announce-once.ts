import { claimInBrowser } from './announce-claim.ts';
import type { LocksLike } from './web-locks.ts';
import {
  isStartedHere,
  isStartedInThisTab,
  isWatchedHere,
  startedLockName,
} from './started-work.ts';

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

/** The lock of the open tab that started the subject's work (see startedLockName), or null. */
async function startedInOpenTab(
  subject: Subject,
  locks: LocksLike | undefined,
): Promise<string | null> {
  if (!locks) return null;
  const names = new Set(subject.ids.map(startedLockName));
  try {
    const { held = [] } = await locks.query();
    return held.find((lock) => lock.name !== undefined && names.has(lock.name))?.name ?? null;
  } catch {
    return null;
  }
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
  const claim = () =>
    claimInBrowser(subject.key, show, {
      locks: options.locks,
      stillWanted: () => !signal.aborted,
    });
  const timer = setTimeout(() => {
    signal.removeEventListener('abort', cancel);
    if (delay === TURN_DELAY_MS.startedHere) {
      void claim();
      return;
    }
    void startedInOpenTab(subject, options.locks).then((lock) => {
      if (lock === null) return claim();
      // The tab that started it is open and announces it; this one only once that tab is gone
      // (a claim it made by then is in storage, and this claim then fails).
      return options.locks
        ?.request(lock, { signal }, () => undefined)
        .then(claim)
        .catch(() => undefined);
    });
  }, delay);
  const cancel = () => clearTimeout(timer);
  signal.addEventListener('abort', cancel, { once: true });
  return true;
}
