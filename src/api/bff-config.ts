import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { bffRequest } from './client.ts';
import { queryKeys } from './query-keys.ts';

// The BFF's own endpoint, not part of the service contract; its shape is checked here.
const bffConfigSchema = z.object({
  demo_available: z.boolean(),
  upstream: z.enum(['simulator', 'remote']),
  /** The BFF's webhook receiver, offered by default when registering a webhook. */
  webhook_receiver_url: z.optional(z.string()),
});

export const bffConfigQueryOptions = queryOptions({
  queryKey: queryKeys.bffConfig,
  queryFn: async ({ signal }) => bffConfigSchema.parse(await bffRequest('/bff/config', { signal })),
  staleTime: Infinity,
});
