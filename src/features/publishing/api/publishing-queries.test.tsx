/** Cancelling a post survives a 429; scheduling one retries under one Idempotency-Key. */
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASE_URL } from '@/api/client.ts';
import type { ScheduledPost } from '@/api/schema.gen.ts';
import { queryClientWrapper, refusedOnceThen } from '@/test/throttled-write.tsx';
import { useCancelPost } from './publishing-queries.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

describe('useCancelPost', () => {
  it('sends the cancel again after a 429', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const cancelled: ScheduledPost = { post_id: 'post_1', status: 'cancelled' };
    const { handler, calls } = refusedOnceThen(
      'post',
      `${API_BASE_URL}/publishing/shortform/posts/:postId/cancel`,
      () => HttpResponse.json(cancelled),
    );
    server.use(handler);
    const { result } = renderHook(() => useCancelPost(), { wrapper: queryClientWrapper() });
    act(() => result.current.mutate('post_1'));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls.count).toBe(2);
  });
});
