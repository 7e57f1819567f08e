import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import {
  planRevisionQueryOptions,
  planRevisionsQueryOptions,
} from '@/features/faceless-plans/api/plans-queries.ts';
import { PlanPage } from '@/features/faceless-plans/components/plan-page.tsx';
import { PLAN_TABS } from '@/features/faceless-plans/plan-tabs.ts';

const searchSchema = z.object({
  tab: z.catch(z._default(z.enum(PLAN_TABS), 'overview'), 'overview'),
  /** The revision compared with this one (compare tab). */
  compare: z.catch(z.optional(z.string()), undefined),
  /** 1-based scene to show in the storyboard. */
  scene: z.catch(z.optional(z.int().check(z.minimum(1))), undefined),
});

export const Route = createFileRoute('/_app/projects/$projectId/plans/$revisionId')({
  validateSearch: searchSchema,
  loader: async ({ context, params }) => {
    void context.queryClient.prefetchQuery(planRevisionsQueryOptions(params.projectId));
    await context.queryClient.ensureQueryData(
      planRevisionQueryOptions(params.projectId, params.revisionId),
    );
  },
  head: () => ({ meta: [{ title: 'Plan review · Cutroom' }] }),
  component: PlanRoute,
});

function PlanRoute() {
  const { projectId, revisionId } = Route.useParams();
  const search = Route.useSearch();
  return <PlanPage projectId={projectId} revisionId={revisionId} search={search} />;
}
