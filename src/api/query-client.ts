import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { retryDelayMs, shouldRetry } from './retry-policy.ts';

/**
 * The app's one QueryClient. Queries retry 429/5xx/network failures with full-jitter backoff and
 * honour Retry-After; writes do not retry unless they carry an Idempotency-Key (see mutations that
 * opt in with the same policy).
 */
export function createQueryClient(options: { onUnauthorized?: () => void } = {}): QueryClient {
  const handleError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) options.onUnauthorized?.();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: retryDelayMs,
        staleTime: 15_000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
