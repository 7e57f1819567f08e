import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { reviewQueueQueryOptions } from '@/features/review-queue/api/queue-queries.ts';
import { ReviewQueuePage } from '@/features/review-queue/components/review-queue-page.tsx';
import { queueSearchSchema } from '@/features/review-queue/model/queue-search.ts';

export const Route = createFileRoute('/_app/review')({
  validateSearch: queueSearchSchema,
  search: { middlewares: [stripSearchParams(queueSearchSchema.defaults)] },
  // The page shows the rows as the pages of the queue arrive: start reading, do not wait.
  loader: ({ context }) => void context.queryClient.prefetchQuery(reviewQueueQueryOptions),
  head: () => ({ meta: [{ title: 'Review queue · Cutroom' }] }),
  component: ReviewRoute,
});

function ReviewRoute() {
  const session = Route.useRouteContext({ select: (context) => context.session });
  return (
    <ReviewQueuePage
      search={Route.useSearch()}
      organizationId={session.organization_id}
      plan={session.plan}
    />
  );
}
