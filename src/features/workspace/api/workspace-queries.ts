import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api, bffRequest, unwrap } from '@/api/client.ts';
import { queryKeys } from '@/api/query-keys.ts';
import type { components } from '@/api/schema.gen.ts';
import { webhookEventNameValues } from '@/api/schema.gen.ts';

export type Webhook = components['schemas']['Webhook'];
export type WebhookEventName = components['schemas']['WebhookEventName'];
export type WebsiteScanResult = components['schemas']['WebsiteScanResult'];
export type OnboardingCompleteBody = components['schemas']['OnboardingCompleteRequest'];
export type CaptionDefaults = components['schemas']['CaptionDefaults'];

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

// The BFF's own endpoint (not the service's); its shape is checked here.
const deliverySchema = z.object({
  id: z.string(),
  received_at: z.string(),
  organization_id: z.nullable(z.string()),
  event_id: z.nullable(z.string()),
  event_type: z.nullable(z.string()),
  verified: z.boolean(),
  outcome: z.enum([
    'delivered',
    'duplicate',
    'ignored_unknown_type',
    'ignored_no_organization',
    'refused_signature',
    'refused_body',
  ]),
  reason: z.nullable(z.string()),
  status: z.number(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveriesQueryOptions = queryOptions({
  queryKey: queryKeys.webhookDeliveries,
  queryFn: async ({ signal }) =>
    z
      .object({ deliveries: z.array(deliverySchema) })
      .parse(await bffRequest('/bff/webhook-deliveries?limit=50', { signal })).deliveries,
  // Live events refresh it; a slow poll covers refused deliveries (they raise no event).
  refetchInterval: 30_000,
});

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { url: string; events: WebhookEventName[] }) =>
      unwrap(api.POST('/webhooks', { body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) =>
      unwrap(api.DELETE('/webhooks/{webhookId}', { params: { path: { webhookId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks }),
  });
}

export function useScanWebsite() {
  return useMutation({
    mutationFn: (url: string) => unwrap(api.POST('/onboarding/website-scan', { body: { url } })),
  });
}

export function useImportLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sourceUrl: string) =>
      unwrap(api.POST('/onboarding/logo-import', { body: { source_url: sourceUrl } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.media.all }),
  });
}

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
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
