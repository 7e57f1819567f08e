import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { newIdempotencyKey } from './client.ts';
import { retryDelayMs, shouldRetry } from './retry-policy.ts';

interface Keyed<TVariables> {
  variables: TVariables;
  idempotencyKey: string;
}

/**
 * A write that may be retried safely: each `mutate` call gets one Idempotency-Key, and every
 * retry of that call (429/5xx/network, with backoff and Retry-After) sends the same key, so the
 * service applies the write at most once. A caller whose intent outlives one call (a draft sent
 * again after a failure or a reload) passes the key it keeps for that intent.
 */
export function useIdempotentMutation<TData, TVariables>(
  options: Omit<UseMutationOptions<TData, Error, Keyed<TVariables>>, 'mutationFn' | 'retry'> & {
    mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TData>;
  },
) {
  const { mutationFn, ...rest } = options;
  const mutation = useMutation<TData, Error, Keyed<TVariables>>({
    ...rest,
    mutationFn: ({ variables, idempotencyKey }) => mutationFn(variables, idempotencyKey),
    retry: shouldRetry,
    retryDelay: retryDelayMs,
  });
  return {
    ...mutation,
    mutate: (
      variables: TVariables,
      callbacks?: Parameters<typeof mutation.mutate>[1],
      idempotencyKey: string = newIdempotencyKey(),
    ) => mutation.mutate({ variables, idempotencyKey }, callbacks),
    mutateAsync: (variables: TVariables, idempotencyKey: string = newIdempotencyKey()) =>
      mutation.mutateAsync({ variables, idempotencyKey }),
  };
}
