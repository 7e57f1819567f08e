/** Cancelling a post survives a 429; scheduling one retries under one Idempotency-Key. */
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API_BASE_URL } from '@/api/client.ts';
import type { ScheduledPost } from '@/api/schema.gen.ts';
import { queryClientWrapper, refusedOnceThen } from '@/test/throttled-write.tsx';
import { useCancelPost } from './publishing-queries.ts';
import { setupTestServer } from '@/test/msw-server.ts';

const server = setupTestServer();

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
