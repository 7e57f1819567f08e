import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { browserLocks } from './web-locks.ts';

/**
 * The work this browser started (jobs, exports, posts), so finished work is announced with a toast
 * only to the person who started it; everything else goes to the jobs tray. Kept in localStorage
 * so a reload does not forget it, and pruned to the most recent entries.
 */
interface StartedWorkState {
  /** id → epoch ms started. Ids of jobs, exports and posts share one map (prefixes differ). */
  started: Record<string, number>;
  /** Ids whose outcome was already announced (by an event or by polling, whichever came first). */
  announced: Record<string, number>;
  markStarted: (...ids: Array<string | null | undefined>) => void;
}

const MAX_ENTRIES = 200;
const STORE_NAME = 'cutroom.started-work';

function prune(map: Record<string, number>): Record<string, number> {
  const entries = Object.entries(map);
  if (entries.length <= MAX_ENTRIES) return map;
  return Object.fromEntries(entries.sort((a, b) => b[1] - a[1]).slice(0, MAX_ENTRIES));
}

export const useStartedWork = create<StartedWorkState>()(
  persist(
    (set) => ({
      started: {},
      announced: {},
      markStarted: (...ids) =>
        set((state) => {
          const next = { ...state.started };
          for (const id of ids) if (id) next[id] = Date.now();
          return { started: prune(next) };
        }),
    }),
    { name: STORE_NAME, version: 1 },
  ),
);

/**
 * The browser's other tabs write the same entry: read theirs when it changes, so a tab neither
 * announces an outcome another tab already did nor drops, on its next write, work another tab
 * started.
 */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORE_NAME) refreshStartedWork();
  });
}

/** Reads the entry again now (the storage event of another tab's write may not have come yet). */
export function refreshStartedWork(): void {
  // No storage (tests outside a browser): the store is not persisted and has no `persist`.
  const persist = useStartedWork.persist as typeof useStartedWork.persist | undefined;
  void persist?.rehydrate();
}

/** Ids of the work started in this tab (not kept: a reloaded tab started nothing). */
const startedInTab = new Set<string>();

/**
 * The Web Lock a tab holds, while it is open, for each piece of work it started: the other tabs
 * leave the announcement of its outcome to that tab (whichever of them learns of it first), and
 * take it up once the tab is closed or reloaded (the browser then lets go of its locks).
 */
export const startedLockName = (id: string) => `cutroom.started-in:${id}`;

export const markStarted = (...ids: Array<string | null | undefined>) => {
  const locks = browserLocks();
  for (const id of ids) {
    if (!id || startedInTab.has(id)) continue;
    startedInTab.add(id);
    void locks
      ?.request(startedLockName(id), {}, () => new Promise<never>(() => undefined))
      .catch(() => undefined);
  }
  useStartedWork.getState().markStarted(...ids);
};

/** True when any of the ids belongs to work started in this very tab. */
export function isStartedInThisTab(...ids: Array<string | null | undefined>): boolean {
  return ids.some((id) => Boolean(id && startedInTab.has(id)));
}

/** True when any of the ids belongs to work this browser started. */
export function isStartedHere(...ids: Array<string | null | undefined>): boolean {
  const { started } = useStartedWork.getState();
  return ids.some((id) => Boolean(id && started[id]));
}

/**
 * What this browser shows right now (a plan revision open on screen): its outcome is announced
 * here too, though another browser started the work. Held in memory, counted per id, so two
 * views of the same revision keep it watched until both are gone.
 */
const watched = new Map<string, number>();

/** Watches `id` while it is on screen; call the returned function when it leaves the screen. */
export function watchHere(id: string): () => void {
  watched.set(id, (watched.get(id) ?? 0) + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const count = (watched.get(id) ?? 0) - 1;
    if (count > 0) watched.set(id, count);
    else watched.delete(id);
  };
}

/** True when any of the ids is on screen in this browser now (see watchHere). */
export function isWatchedHere(...ids: Array<string | null | undefined>): boolean {
  return ids.some((id) => Boolean(id && watched.has(id)));
}

/**
 * Claims the one announcement of an outcome: true the first time for `key`, false after, so a
 * live event and the polling fallback never toast the same outcome twice.
 */
export function claimAnnouncement(key: string): boolean {
  const { announced } = useStartedWork.getState();
  if (announced[key]) return false;
  useStartedWork.setState({ announced: prune({ ...announced, [key]: Date.now() }) });
  return true;
}
