/** Starting an export survives a 429 (sent again, once the service allows), never a 5xx. */
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASE_URL } from '@/api/client.ts';
import type { Job } from '@/api/schema.gen.ts';
import { queryClientWrapper, refusedOnceThen } from '@/test/throttled-write.tsx';
import { useStartExport } from './exports-queries.ts';

const server = setupServer();
const EXPORTS = `${API_BASE_URL}/projects/:projectId/exports`;
const job: Job = {
  job_id: 'job_1',
  type: 'export',
  status: 'queued',
  progress: 0,
  export_id: 'exp_1',
  project_id: 'p1',
  created_at: '2026-11-23T22:00:00.000Z',
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

describe('useStartExport', () => {
  it('sends the export again after a 429 and succeeds', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { handler, calls } = refusedOnceThen('post', EXPORTS, () =>
      HttpResponse.json(job, { status: 202 }),
    );
    server.use(handler);
    const { result } = renderHook(() => useStartExport('p1'), { wrapper: queryClientWrapper() });
    act(() => result.current.mutate({ format: 'mp4', resolution: '1080p' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls.count).toBe(2);
    expect(result.current.data?.job_id).toBe('job_1');
  });

  it('does not send it again after a 500 (the render may have started)', async () => {
    const { handler, calls } = refusedOnceThen(
      'post',
      EXPORTS,
      () => HttpResponse.json(job, { status: 202 }),
      500,
    );
    server.use(handler);
    const { result } = renderHook(() => useStartExport('p1'), { wrapper: queryClientWrapper() });
    act(() => result.current.mutate({ format: 'mp4', resolution: '1080p' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(calls.count).toBe(1);
  });
});
