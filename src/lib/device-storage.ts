/**
 * Work kept on this device (localStorage) so a reload does not lose it: read, written and removed
 * without ever throwing (storage may be full, refused in private mode, or hold an older shape).
 */

/** The page's localStorage, or null where there is none (tests without a DOM, refused access). */
export function deviceStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The stored value under `key` if `accept` takes it (null when absent, unreadable or refused). */
export function loadStored<T>(
  storage: Storage | null,
  key: string,
  accept: (value: unknown) => T | null,
): T | null {
  try {
    const text = storage?.getItem(key);
    return text ? accept(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

export function saveStored(storage: Storage | null, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the work lives only as long as the page.
  }
}

export function clearStored(storage: Storage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing stored that could be removed.
  }
}
