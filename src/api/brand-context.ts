import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client.ts';
import { queryKeys } from './query-keys.ts';
import type { BrandColor, BrandContext, OnboardingState } from './schema.gen.ts';

/** The workspace's onboarding state (assumed `GET /onboarding`). */
export const onboardingQueryOptions = queryOptions({
  queryKey: queryKeys.onboarding,
  queryFn: ({ signal }) => unwrap(api.GET('/onboarding', { signal })),
  staleTime: 5 * 60_000,
});

/**
 * The brand context chosen at onboarding (null before), for any feature that offers the brand's
 * colours and fonts: the caption styler and the timeline's text items read it from here, without
 * importing the workspace feature. Same cache entry as the onboarding state.
 */
export const brandContextQueryOptions = queryOptions({
  ...onboardingQueryOptions,
  select: (state: OnboardingState): BrandContext | null => state.brand_context,
});

/** The brand's colours as swatches (hex, name), empty before onboarding. */
export function brandSwatches(brand: BrandContext | null | undefined): BrandColor[] {
  return brand?.colors ?? [];
}
