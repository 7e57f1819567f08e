import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { spreadAnswer } from './object-caches.ts';
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
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: handleError,
      // Every answer about a post, job, export, clip or revision reaches every view of it.
      onSuccess: (data, query) => spreadAnswer(client, query.queryKey, data),
    }),
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
  return client;
}
