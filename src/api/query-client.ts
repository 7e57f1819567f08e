import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { retryDelayMs, retryWhenRefused, shouldRetry } from './retry-policy.ts';

/**
 * The app's one QueryClient. Queries retry 429/5xx/network failures with full-jitter backoff and
 * honour Retry-After. Writes are sent again only after a 429 (the service did nothing with them)
 * unless they carry an Idempotency-Key (mutations that opt in to the full policy).
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
      mutations: { ...retryWhenRefused },
    },
  });
}
