import { browserLocks, type LocksLike } from '@/lib/web-locks.ts';

/**
 * Upload parts in flight at once across all the browser's tabs. A part's request runs as long as
 * its bytes take; the browser gives a host six HTTP/1.1 connections, and the tabs share them. With
 * the one live-event stream, two parts leave three connections for pages and API calls, however
 * many tabs upload.
 */
export const BROWSER_PART_SLOTS = 2;

/**
 * Runs `send` (one part's request) once one of the browser's part slots is free, holding it
 * while the part is sent. Slots are Web Locks (`cutroom.upload-part:<n>`): this tab waits in line
 * for all of them at once and takes the first granted. Without Web Locks, sends at once (the
 * tab's own limit still holds).
 */
export async function withPartSlot<T>(
  send: () => Promise<T>,
  options: { signal?: AbortSignal | undefined; locks?: LocksLike | undefined; slots?: number } = {},
): Promise<T> {
  const locks = 'locks' in options ? options.locks : browserLocks();
  if (!locks) return send();
  const { signal } = options;
  signal?.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    let granted = false;
    const line = new AbortController();
    const giveUp = () => {
      line.abort();
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', giveUp, { once: true });
    for (let n = 0; n < (options.slots ?? BROWSER_PART_SLOTS); n += 1) {
      locks
        .request(`cutroom.upload-part:${n}`, { signal: line.signal }, async () => {
          // Another slot came first: this one is given back at once.
          if (granted) return;
          granted = true;
          line.abort();
          signal?.removeEventListener('abort', giveUp);
          try {
            resolve(await send());
          } catch (error) {
            reject(error);
          }
        })
        .catch(() => {
          // Left the line: another slot came first, or the part was given up.
        });
    }
  });
}
