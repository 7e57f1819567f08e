import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { createQueryClient } from './query-client.ts';

const error = (status: number, retryAfterMs?: number) =>
  new ApiError({ status, code: 'x', message: 'x', retryAfterMs });

describe('createQueryClient', () => {
  it('retries a 429 after the Retry-After delay, then succeeds', async () => {
    vi.useFakeTimers();
    try {
      const client = createQueryClient();
      const queryFn = vi
        .fn<() => Promise<string>>()
        .mockRejectedValueOnce(error(429, 2000))
        .mockResolvedValueOnce('ok');
      const result = client.fetchQuery({ queryKey: ['t'], queryFn });
      await vi.advanceTimersByTimeAsync(1999);
      expect(queryFn).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toBe('ok');
      expect(queryFn).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not retry a 4xx other than 429', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn<() => Promise<string>>().mockRejectedValue(error(404));
    await expect(client.fetchQuery({ queryKey: ['t404'], queryFn })).rejects.toThrow();
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('reports a 401 from any query so the app can return to the login screen', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await expect(
      client.fetchQuery({ queryKey: ['t401'], queryFn: () => Promise.reject(error(401)) }),
    ).rejects.toThrow();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('sends a write again after a 429 (the service did nothing with it), after Retry-After', async () => {
    vi.useFakeTimers();
    try {
      const client = createQueryClient();
      const mutationFn = vi
        .fn<() => Promise<string>>()
        .mockRejectedValueOnce(error(429, 1000))
        .mockResolvedValueOnce('ok');
      const result = client.getMutationCache().build(client, { mutationFn }).execute(undefined);
      await vi.advanceTimersByTimeAsync(999);
      expect(mutationFn).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toBe('ok');
      expect(mutationFn).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never sends a write again after a 5xx (it may have happened) or a long Retry-After', async () => {
    const client = createQueryClient();
    for (const failure of [error(500), error(503), error(429, 60_000), error(409)]) {
      const mutationFn = vi.fn<() => Promise<string>>().mockRejectedValue(failure);
      await expect(
        client.getMutationCache().build(client, { mutationFn }).execute(undefined),
      ).rejects.toBe(failure);
      expect(mutationFn).toHaveBeenCalledTimes(1);
    }
  });
});
