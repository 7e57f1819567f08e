/** The part of the Web Locks API the app uses (tests pass a stand-in). */
export interface LocksLike {
  request(
    name: string,
    options: { signal?: AbortSignal; ifAvailable?: boolean },
    callback: (lock: unknown) => Promise<unknown> | unknown,
  ): Promise<unknown>;
  /** The locks held and asked for now, by any tab of the origin. */
  query(): Promise<{ held?: ReadonlyArray<{ name?: string }> }>;
}

/** The browser's Web Locks, where it has them (secure origins: https, localhost). */
export function browserLocks(): LocksLike | undefined {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : undefined;
}
