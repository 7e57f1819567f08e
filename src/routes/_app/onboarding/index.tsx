import { createFileRoute } from '@tanstack/react-router';
import { onboardingQueryOptions } from '@/api/brand-context.ts';
import { OnboardingPage } from '@/features/workspace/components/onboarding-page.tsx';

export const Route = createFileRoute('/_app/onboarding/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(onboardingQueryOptions),
  head: () => ({ meta: [{ title: 'Brand setup · Cutroom' }] }),
  component: OnboardingRoute,
});

function OnboardingRoute() {
  const organizationId = Route.useRouteContext({
    select: (context) => context.session.organization_id,
  });
  return <OnboardingPage organizationId={organizationId} />;
}
