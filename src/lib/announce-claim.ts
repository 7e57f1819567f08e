import { claimAnnouncement, refreshStartedWork } from './started-work.ts';
import { browserLocks, type LocksLike } from './web-locks.ts';

/**
 * How long a claim keeps its lock: a tab that tries while it is held gives up, and after it the
 * claim is in every tab's storage (written by the winner; other tabs see it a moment later).
 */
export const CLAIM_HOLD_MS = 3_000;

/**
 * Claims the one announcement of `key` (see claimAnnouncement) for this tab, in one tab of the
 * browser only, and calls `onClaimed` at once when it does. The claim is made under a Web Lock
 * (`ifAvailable`: a tab that finds it held gives up) after reading the other tabs' claims from
 * storage; without Web Locks, from this tab's view of storage.
 */
export async function claimInBrowser(
  key: string,
  onClaimed: () => void,
  options: { locks?: LocksLike | undefined; stillWanted?: () => boolean } = {},
): Promise<void> {
  const locks = 'locks' in options ? options.locks : browserLocks();
  const claim = (): boolean => {
    if (options.stillWanted && !options.stillWanted()) return false;
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
