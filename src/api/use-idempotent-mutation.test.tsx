import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@/test/render.tsx';
import { api, unwrap } from './client.ts';
import { useIdempotentMutation } from './use-idempotent-mutation.ts';

const apiBase = `${window.location.origin}/api/v1`;
const seenKeys: (string | null)[] = [];
let failuresLeft = 0;
const server = setupServer(
  http.post(`${apiBase}/characters/:characterId/primary-reference`, ({ request }) => {
    seenKeys.push(request.headers.get('Idempotency-Key'));
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      return HttpResponse.json(
        { error: { code: 'rate_limited', message: 'Slow down.' } },
        { status: 429, headers: { 'Retry-After': '0' } },
      );
    }
    return HttpResponse.json({ id: 'c1', name: 'Ada' });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seenKeys.length = 0;
});
afterAll(() => server.close());

function useSetPrimaryReference() {
  return useIdempotentMutation({
    mutationFn: (assetId: string, idempotencyKey: string) =>
      unwrap(
        api.POST('/characters/{characterId}/primary-reference', {
          params: {
            path: { characterId: '8c3a5a3e-4b8e-4a5f-9d61-7b0f4c2d1e90' },
            header: { 'Idempotency-Key': idempotencyKey },
          },
          body: { asset_id: assetId },
        }),
      ),
  });
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>
);

describe('useIdempotentMutation', () => {
  it('retries a throttled write with the same Idempotency-Key', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    failuresLeft = 2;
    const { result } = renderHook(() => useSetPrimaryReference(), { wrapper });
    act(() => result.current.mutate('5d1f2c3b-9a8e-4f7d-8c6b-5a4e3d2c1b0a'));
    await waitFor(() => expect(result.current.isSuccess).toBe(true), { timeout: 10_000 });
    expect(seenKeys).toHaveLength(3);
    expect(new Set(seenKeys).size).toBe(1);
    expect(seenKeys[0]).toMatch(/^[A-Za-z0-9._:-]{8,200}$/);
  });

  it('uses a new key for a new write', async () => {
    const { result } = renderHook(() => useSetPrimaryReference(), { wrapper });
    act(() => result.current.mutate('5d1f2c3b-9a8e-4f7d-8c6b-5a4e3d2c1b0a'));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    act(() => result.current.mutate('5d1f2c3b-9a8e-4f7d-8c6b-5a4e3d2c1b0a'));
    await waitFor(() => expect(seenKeys).toHaveLength(2));
    expect(seenKeys[0]).not.toBe(seenKeys[1]);
  });

  it('keeps a key the caller holds for one intent across separate calls', async () => {
    const { result } = renderHook(() => useSetPrimaryReference(), { wrapper });
    act(() => result.current.mutate('5d1f2c3b-9a8e-4f7d-8c6b-5a4e3d2c1b0a', {}, 'intent-key-0001'));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    act(() => result.current.mutate('5d1f2c3b-9a8e-4f7d-8c6b-5a4e3d2c1b0a', {}, 'intent-key-0001'));
    await waitFor(() => expect(seenKeys).toHaveLength(2));
    expect(seenKeys).toEqual(['intent-key-0001', 'intent-key-0001']);
  });
});
