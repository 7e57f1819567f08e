import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, parseRetryAfter } from './api-error.ts';
import {
  isRefusedUnprocessed,
  MAX_RETRIES,
  retryDelayMs,
  retryWhenRefused,
  shouldRetry,
  withRetries,
} from './retry-policy.ts';

const apiError = (status: number, retryAfterMs?: number) =>
  new ApiError({ status, code: 'x', message: 'x', retryAfterMs });

describe('shouldRetry', () => {
  it('retries 429, 5xx and network failures', () => {
    expect(shouldRetry(0, apiError(429))).toBe(true);
    expect(shouldRetry(0, apiError(500))).toBe(true);
    expect(shouldRetry(0, apiError(503))).toBe(true);
    expect(shouldRetry(0, new NetworkError())).toBe(true);
  });
  it('never retries other 4xx or unknown errors', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 415]) {
      expect(shouldRetry(0, apiError(status))).toBe(false);
    }
    expect(shouldRetry(0, new Error('boom'))).toBe(false);
  });
  it('stops after the maximum number of retries', () => {
    expect(shouldRetry(MAX_RETRIES - 1, apiError(500))).toBe(true);
    expect(shouldRetry(MAX_RETRIES, apiError(500))).toBe(false);
  });
});

describe('retryDelayMs', () => {
  it('uses full jitter below an exponential ceiling', () => {
    expect(retryDelayMs(0, apiError(500), () => 0.999)).toBe(499);
    expect(retryDelayMs(3, apiError(500), () => 0.5)).toBe(2000);
    expect(retryDelayMs(2, apiError(500), () => 0)).toBe(0);
    expect(retryDelayMs(20, apiError(500), () => 0.999)).toBeLessThanOrEqual(20_000);
  });
  it('never retries sooner than Retry-After', () => {
    expect(retryDelayMs(0, apiError(429, 3000), () => 0.1)).toBe(3000);
    expect(retryDelayMs(6, apiError(429, 1000), () => 0.5)).toBe(10_000);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter('0.5')).toBe(500);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});

describe('withRetries', () => {
  it('sends a write that is not idempotent again only after a 429', async () => {
    vi.useFakeTimers();
    try {
      const refusedThenOk = vi
        .fn<() => Promise<string>>()
        .mockRejectedValueOnce(apiError(429, 10))
        .mockResolvedValueOnce('opened');
      const result = withRetries(refusedThenOk, isRefusedUnprocessed);
      await vi.runAllTimersAsync();
      await expect(result).resolves.toBe('opened');
      expect(refusedThenOk).toHaveBeenCalledTimes(2);

      const failed = vi.fn<() => Promise<string>>().mockRejectedValue(apiError(500));
      await expect(withRetries(failed, isRefusedUnprocessed)).rejects.toMatchObject({
        status: 500,
      });
      expect(failed).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
  it('gives up after the maximum number of retries', async () => {
    vi.useFakeTimers();
    try {
      const busy = vi.fn<() => Promise<string>>().mockRejectedValue(apiError(503, 1));
      const result = withRetries(busy);
      const settled = expect(result).rejects.toMatchObject({ status: 503 });
      await vi.runAllTimersAsync();
      await settled;
      expect(busy).toHaveBeenCalledTimes(MAX_RETRIES + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('retryWhenRefused', () => {
  it('sends a write without an Idempotency-Key again only after a 429', () => {
    expect(retryWhenRefused.retry(0, apiError(429))).toBe(true);
    expect(retryWhenRefused.retry(MAX_RETRIES, apiError(429))).toBe(false);
    for (const error of [apiError(500), apiError(503), apiError(400), new NetworkError()]) {
      expect(retryWhenRefused.retry(0, error)).toBe(false);
    }
  });
  it('waits at least what Retry-After asks', () => {
    expect(retryWhenRefused.retryDelay(0, apiError(429, 3000))).toBeGreaterThanOrEqual(3000);
  });
});
