import { createFileRoute } from '@tanstack/react-router';
import {
  planRevisionQueryOptions,
  planRevisionsQueryOptions,
} from '@/features/faceless-plans/api/plans-queries.ts';
import { PlanPage } from '@/features/faceless-plans/components/plan-page.tsx';
import { PLAN_TABS } from '@/features/faceless-plans/plan-tabs.ts';
import { QueueNav } from '@/features/review-queue/components/queue-nav.tsx';
import { queueViewParam } from '@/features/review-queue/model/queue-search.ts';
import {
  enumParam,
  optionalIntParam,
  optionalStringParam,
  searchSchema as schemaOf,
} from '@/lib/search-params.ts';

const searchSchema = schemaOf({
  tab: enumParam(PLAN_TABS, 'overview'),
  /** The revision compared with this one (compare tab). */
  compare: optionalStringParam(),
  /** 1-based scene to show in the storyboard. */
  scene: optionalIntParam({ min: 1 }),
  /** The review queue's view the revision was opened from ("next in queue" follows it). */
  queue: queueViewParam,
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
  const { queue, ...search } = Route.useSearch();
  const organizationId = Route.useRouteContext({
    select: (context) => context.session.organization_id,
  });
  return (
    <PlanPage
      projectId={projectId}
      revisionId={revisionId}
      search={search}
      queueNav={
        queue
          ? (revision) => (
              <QueueNav view={queue} revision={revision} organizationId={organizationId} />
            )
          : undefined
      }
    />
  );
}
