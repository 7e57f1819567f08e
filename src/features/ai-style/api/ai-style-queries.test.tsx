/** A dry run or an apply of an AI edit style survives a 429. */
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API_BASE_URL } from '@/api/client.ts';
import type { AiEditStyleResult } from '@/api/schema.gen.ts';
import { queryClientWrapper, refusedOnceThen } from '@/test/throttled-write.tsx';
import { useApplyStyle } from './ai-style-queries.ts';
import { setupTestServer } from '@/test/msw-server.ts';

const server = setupTestServer();

describe('useApplyStyle', () => {
  it('sends the dry run again after a 429', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const result: AiEditStyleResult = {
      success: true,
      dry_run: true,
      run_id: 'run_1',
      style_id: 'mirage-black',
      receipts: [],
    };
    const { handler, calls } = refusedOnceThen(
      'post',
      `${API_BASE_URL}/ai-edit/runs/:runId/apply-style`,
      () => HttpResponse.json(result),
    );
    server.use(handler);
    const hook = renderHook(() => useApplyStyle(), { wrapper: queryClientWrapper() });
    act(() =>
      hook.result.current.mutate({ runId: 'run_1', styleId: 'mirage-black', dryRun: true }),
    );
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(calls.count).toBe(2);
  });
});
