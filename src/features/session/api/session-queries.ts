import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/api-error.ts';
import type { components, Session } from '@/api/bff-schema.gen.ts';
import { bff, unwrap } from '@/api/client.ts';
import { setCsrfToken } from '@/api/csrf-token.ts';
import { queryKeys } from '@/api/query-keys.ts';

// The BFF's own endpoints are described by src/api/bff.yaml; these are its generated types.
export type LoginInput = components['schemas']['LoginRequest'];

export const sessionQueryKey = queryKeys.session;

function acceptSession(session: Session): Session {
  setCsrfToken(session.csrf_token);
  return session;
}

/** The current session, or null when signed out. */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async ({ signal }): Promise<Session | null> => {
    try {
      return acceptSession(await unwrap(bff.GET('/bff/session', { signal })));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setCsrfToken(null);
        return null;
      }
      throw error;
    }
  },
  staleTime: 5 * 60_000,
});

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) =>
      acceptSession(await unwrap(bff.POST('/bff/session', { body: input }))),
    onSuccess: (session) => {
      // A new identity: nothing cached for the previous one may be shown.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.bffConfig[0] });
      queryClient.setQueryData(sessionQueryKey, session);
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(bff.DELETE('/bff/session')),
    onSettled: () => {
      setCsrfToken(null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.bffConfig[0] });
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}

/** Client-side check before any request: catches pasted whitespace and obvious non-keys. */
export function validateApiKeyInput(value: string): string | undefined {
  const key = value.trim();
  if (key === '') return 'Paste your API key.';
  if (/\s/.test(key)) return 'An API key has no spaces or line breaks.';
  if (key.length < 12) return 'That is too short to be an API key.';
  if (key.length > 512) return 'That is too long to be an API key.';
  return undefined;
}
