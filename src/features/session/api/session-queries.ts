import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ApiError } from '@/api/api-error.ts';
import { bffRequest } from '@/api/client.ts';
import { setCsrfToken } from '@/api/csrf-token.ts';
import { queryKeys } from '@/api/query-keys.ts';

// The BFF's own endpoints are not part of the service contract; their shapes are checked here.
export const sessionSchema = z.object({
  organization_id: z.string(),
  user_id: z.string(),
  plan: z.string(),
  environment: z.enum(['live', 'test']),
  key_prefix: z.string(),
  csrf_token: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionQueryKey = queryKeys.session;

function acceptSession(body: unknown): Session {
  const session = sessionSchema.parse(body);
  setCsrfToken(session.csrf_token);
  return session;
}

/** The current session, or null when signed out. */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async ({ signal }): Promise<Session | null> => {
    try {
      return acceptSession(await bffRequest('/bff/session', { signal }));
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

export type LoginInput = { api_key: string } | { demo: true };

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) =>
      acceptSession(await bffRequest('/bff/session', { method: 'POST', body: input })),
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
    mutationFn: () => bffRequest<void>('/bff/session', { method: 'DELETE' }),
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
