import { createFileRoute } from '@tanstack/react-router';
import {
  connectionsQueryOptions,
  postsQueryOptions,
} from '@/features/publishing/api/publishing-queries.ts';
import { PublishingPage } from '@/features/publishing/components/publishing-page.tsx';
import { optionalStringParam, searchSchema as schemaOf } from '@/lib/search-params.ts';

const searchSchema = schemaOf({
  projectId: optionalStringParam(),
  exportId: optionalStringParam(),
});

export const Route = createFileRoute('/_app/publishing/')({
  validateSearch: searchSchema,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(connectionsQueryOptions);
    void context.queryClient.prefetchQuery(postsQueryOptions({ offset: 0 }));
  },
  head: () => ({ meta: [{ title: 'Publishing · Cutroom' }] }),
  component: PublishingRoute,
});

function PublishingRoute() {
  const { projectId, exportId } = Route.useSearch();
  const organizationId = Route.useRouteContext({
    select: (context) => context.session.organization_id,
  });
  return (
    <PublishingPage organizationId={organizationId} projectId={projectId} exportId={exportId} />
  );
}
