/**
 * What the BFF's own database-backed routes (notes, decisions, names, the audit trail) check
 * first: the session's rate, shared with the proxy (one budget per session), and the database,
 * whose absence is a 503 in words while the rest of the BFF works on.
 */
import { DatabaseUnavailableError } from '../db/database.ts';
import type { TokenBuckets } from '../shared-state/shared-state.ts';
import { BffError } from './errors.ts';

/** Seconds a client waits before asking again while the database is unreachable. */
const DATABASE_RETRY_SECONDS = 5;

/** 429 in words when the session is over its rate (as the proxy answers). */
export async function admitSession(limiter: TokenBuckets, sessionId: string): Promise<void> {
  const decided = await limiter.take(sessionId);
  if (!decided.allowed) {
    throw new BffError(429, 'rate_limited', 'Too many requests from this session; slow down.', {
      headers: { 'retry-after': String(decided.retryAfterSeconds) },
    });
  }
}

/** Runs `work`; an unreachable database becomes 503 `database_unavailable` in words. */
export async function withDatabase<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) {
      throw new BffError(
        503,
        'database_unavailable',
        'Notes, decisions and the audit trail are unavailable right now (their database cannot be reached); everything else works. Try again in a moment.',
        { headers: { 'retry-after': String(DATABASE_RETRY_SECONDS) } },
      );
    }
    throw error;
  }
}
