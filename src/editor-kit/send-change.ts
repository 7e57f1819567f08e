/**
 * Sending one change to the service: the document binding's `send`, retried on 429, 5xx and
 * network failures with backoff (honouring Retry-After), under one Idempotency-Key throughout, so
 * a retried request is applied once.
 */
import { retryDelayMs, shouldRetry } from '@/api/retry-policy.ts';
import type { DocumentBinding } from './contract.ts';

const plainWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function sendChange<Doc, Change, Result>(
  binding: DocumentBinding<Doc, Change, Result>,
  change: Change,
  base: Doc,
  wait: (ms: number) => Promise<void> = plainWait,
): Promise<Result> {
  const key = `cutroom-${crypto.randomUUID()}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await binding.send(change, base, key);
    } catch (error) {
      if (!shouldRetry(attempt, error)) throw error;
      await wait(retryDelayMs(attempt, error));
    }
  }
}
