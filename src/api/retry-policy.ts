import { ApiError, NetworkError } from './api-error.ts';

/** Retries only what can succeed later: network failures, 429 and 5xx. Never other 4xx. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  if (error instanceof ApiError) return error.status === 429 || error.status >= 500;
  return false;
}

export const MAX_RETRIES = 3;
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 20_000;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isRetryable(error);
}

/**
 * Only a 429: the server refused the request before doing anything, so even a write that is not
 * idempotent (and has no Idempotency-Key to make it so) is safe to send again.
 */
export function isRefusedUnprocessed(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 429;
}

/**
 * Longest `Retry-After` a write waits out on its own. Beyond it the user sees the refusal ("Try
 * again in N s") instead of a button that seems stuck (e.g. the login limit's minutes-long wait).
 */
export const MAX_SILENT_RETRY_AFTER_MS = 10_000;

/**
 * React Query options for a write that carries no Idempotency-Key: a 429 is sent again (with
 * backoff, never sooner than `Retry-After`), since the service did nothing with it; a 5xx or a
 * network failure is not, since the write may have happened.
 */
export const retryWhenRefused = {
  retry: (failureCount: number, error: unknown) =>
    failureCount < MAX_RETRIES &&
    isRefusedUnprocessed(error) &&
    (error.retryAfterMs ?? 0) <= MAX_SILENT_RETRY_AFTER_MS,
  retryDelay: (attempt: number, error: unknown) => retryDelayMs(attempt, error),
};

/**
 * Exponential backoff with full jitter (AWS architecture blog's "full jitter"), but never sooner
 * than the server's `Retry-After`.
 */
export function retryDelayMs(attempt: number, error: unknown, random: () => number = Math.random) {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  const jittered = Math.floor(random() * ceiling);
  const retryAfter = error instanceof ApiError ? error.retryAfterMs : undefined;
  return retryAfter !== undefined ? Math.max(retryAfter, jittered) : jittered;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs one request, retrying network failures, 429 and 5xx with backoff. The caller makes a retry
 * safe: a read, an operation the service answers the same way twice, or a write under an
 * Idempotency-Key reused by every attempt. A write that is none of these passes
 * `isRefusedUnprocessed`, so only a 429 is sent again.
 */
export async function withRetries<T>(
  send: () => Promise<T>,
  retryable: (error: unknown) => boolean = isRetryable,
): Promise<T> {
  for (let failures = 0; ; failures += 1) {
    try {
      return await send();
    } catch (error) {
      if (failures >= MAX_RETRIES || !retryable(error)) throw error;
      await wait(retryDelayMs(failures, error));
    }
  }
}
