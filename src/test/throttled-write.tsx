/**
 * Test support for writes that must survive a 429: an msw handler that refuses the first request
 * with 429 (`Retry-After: 0`) and answers the next ones, counting them, plus a QueryClient wrapper
 * for `renderHook`.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { createTestQueryClient } from './render.tsx';

export function refusedOnceThen(
  method: 'post' | 'delete',
  url: string,
  answer: () => Response,
  status = 429,
) {
  const calls = { count: 0 };
  const handler = http[method](url, () => {
    calls.count += 1;
    if (calls.count > 1) return answer();
    return HttpResponse.json(
      {
        error: {
          code: status === 429 ? 'rate_limited' : 'internal_error',
          message: status === 429 ? 'Slow down.' : 'Something broke.',
          param: '',
          doc_url: '',
        },
      },
      { status, headers: { 'Retry-After': '0' } },
    );
  });
  return { handler, calls };
}

export function queryClientWrapper() {
  const client = createTestQueryClient();
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}
