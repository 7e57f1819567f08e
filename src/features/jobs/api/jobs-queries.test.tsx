/** Cancelling a job survives a 429. */
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API_BASE_URL } from '@/api/client.ts';
import type { Job } from '@/api/schema.gen.ts';
import { queryClientWrapper, refusedOnceThen } from '@/test/throttled-write.tsx';
import { useCancelJob } from './jobs-queries.ts';
import { setupTestServer } from '@/test/msw-server.ts';

const server = setupTestServer();

describe('useCancelJob', () => {
  it('sends the cancel again after a 429', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const cancelled: Job = {
      job_id: 'job_1',
      type: 'export',
      status: 'cancelled',
      created_at: '2026-11-23T22:00:00.000Z',
    };
    const { handler, calls } = refusedOnceThen('post', `${API_BASE_URL}/jobs/:jobId/cancel`, () =>
      HttpResponse.json(cancelled),
    );
    server.use(handler);
    const { result } = renderHook(() => useCancelJob(), { wrapper: queryClientWrapper() });
    act(() => result.current.mutate('job_1'));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls.count).toBe(2);
  });
});
