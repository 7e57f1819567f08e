import { createFileRoute } from '@tanstack/react-router';
import { planRevisionsQueryOptions } from '@/features/faceless-plans/api/plans-queries.ts';
import { PlansIndexPage } from '@/features/faceless-plans/components/plans-index-page.tsx';

export const Route = createFileRoute('/_app/projects/$projectId/plans/')({
  // The page shows its own 404 ("no faceless plan"), so a failed load does not fail the route.
  loader: ({ context, params }) =>
    context.queryClient.prefetchQuery(planRevisionsQueryOptions(params.projectId)),
  head: () => ({ meta: [{ title: 'Production plan · Cutroom' }] }),
  component: PlansRoute,
});

function PlansRoute() {
  const { projectId } = Route.useParams();
  return <PlansIndexPage projectId={projectId} />;
}
