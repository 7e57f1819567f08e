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

  it('never retries writes by default', async () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().mutations?.retry).toBe(false);
  });
});
