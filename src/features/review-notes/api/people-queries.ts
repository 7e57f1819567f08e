/** The signed-in user's display name (the service knows people only by id), read and set. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { bff, unwrap } from '@/api/client.ts';
import { queryKeys } from '@/api/query-keys.ts';
import { retryDelayMs, shouldRetry } from '@/api/retry-policy.ts';
import type { Person } from '@/api/bff-schema.gen.ts';

export const myPersonQueryOptions = queryOptions({
  queryKey: queryKeys.people.me,
  queryFn: ({ signal }) => unwrap(bff.GET('/bff/people/me', { signal })),
  staleTime: 5 * 60_000,
});

/** Sets (or, with null, clears) one's display name; every name shown is read again. */
export function useSetDisplayName() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (displayName: string | null) =>
      unwrap(bff.PUT('/bff/people/me', { body: { display_name: displayName } })),
    // Setting a name twice sets it once: safe to send again.
    retry: shouldRetry,
    retryDelay: retryDelayMs,
    onSuccess: (person: Person) => client.setQueryData(queryKeys.people.me, person),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.people.all }),
        client.invalidateQueries({ queryKey: queryKeys.planNotes.all }),
        client.invalidateQueries({ queryKey: queryKeys.audit.all }),
      ]),
  });
}
