import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components as BffComponents } from '@/api/bff-schema.gen.ts';
import { api, bff, unwrap } from '@/api/client.ts';
import { queryKeys } from '@/api/query-keys.ts';
import { retryWhenRefused } from '@/api/retry-policy.ts';
import type { components, WebhookEventName } from '@/api/schema.gen.ts';
import { webhookEventNameValues } from '@/api/schema.gen.ts';

export type OnboardingCompleteBody = components['schemas']['OnboardingCompleteRequest'];

/** The 10 event names of the reference, from the contract. */
export const WEBHOOK_EVENT_NAMES: readonly WebhookEventName[] = webhookEventNameValues;

export const serviceInfoQueryOptions = queryOptions({
  queryKey: queryKeys.serviceInfo,
  queryFn: ({ signal }) => unwrap(api.GET('/', { signal })),
  staleTime: 10 * 60_000,
});

export const authValidationQueryOptions = queryOptions({
  queryKey: queryKeys.authValidation,
  queryFn: ({ signal }) => unwrap(api.GET('/auth/validate', { signal })),
  staleTime: 5 * 60_000,
});

export const webhooksQueryOptions = queryOptions({
  queryKey: queryKeys.webhooks,
  queryFn: ({ signal }) => unwrap(api.GET('/webhooks', { signal })),
});

export type Delivery = BffComponents['schemas']['WebhookDeliveryEntry'];

export const deliveriesQueryOptions = queryOptions({
  queryKey: queryKeys.webhookDeliveries,
  queryFn: async ({ signal }) =>
    (await unwrap(bff.GET('/bff/webhook-deliveries', { params: { query: { limit: 50 } }, signal })))
      .deliveries,
  // Live events refresh it; a slow poll covers refused deliveries (they raise no event).
  refetchInterval: 30_000,
});

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    ...retryWhenRefused,
    mutationFn: (body: { url: string; events: WebhookEventName[] }) =>
      unwrap(api.POST('/webhooks', { body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    ...retryWhenRefused,
    mutationFn: (webhookId: string) =>
      unwrap(api.DELETE('/webhooks/{webhookId}', { params: { path: { webhookId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks }),
  });
}

export function useScanWebsite() {
  return useMutation({
    ...retryWhenRefused,
    mutationFn: (url: string) => unwrap(api.POST('/onboarding/website-scan', { body: { url } })),
  });
}

export function useImportLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    ...retryWhenRefused,
    mutationFn: (sourceUrl: string) =>
      unwrap(api.POST('/onboarding/logo-import', { body: { source_url: sourceUrl } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.media.all }),
  });
}

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    ...retryWhenRefused,
    mutationFn: (body: OnboardingCompleteBody) =>
      unwrap(api.POST('/onboarding/complete', { body })),
    onSuccess: (state) => queryClient.setQueryData(queryKeys.onboarding, state),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.onboarding }),
  });
}

/** Checks a webhook URL before sending: absolute http(s), https unless it is this machine. */
export function validateWebhookUrl(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return 'Enter the address that should receive the events.';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Enter a full address, starting with https://';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return 'The address must start with https:// (or http:// for this machine).';
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol === 'http:' && !local) {
    return 'Use https:// so events cannot be read or changed on the way.';
  }
  if (text.length > 2000) return 'The address is too long (2,000 characters at most).';
  return undefined;
}
