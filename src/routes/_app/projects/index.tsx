import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { projectsQueryOptions } from '@/features/projects/api/projects-queries.ts';
import { LazyDeletionFlow } from '@/features/deletions/components/lazy-deletion-flow.tsx';
import { ProjectsListPage } from '@/features/projects/components/projects-list-page.tsx';
import { intParam, searchSchema as schemaOf } from '@/lib/search-params.ts';

const searchSchema = schemaOf({
  offset: intParam({ min: 0, fallback: 0 }),
  limit: intParam({ min: 1, max: 50, fallback: 10 }),
});

export const Route = createFileRoute('/_app/projects/')({
  validateSearch: searchSchema,
  // /projects stays /projects (the first page at the default size): no rewrite, no second load.
  search: { middlewares: [stripSearchParams(searchSchema.defaults)] },
  loaderDeps: ({ search }) => ({ offset: search.offset, limit: search.limit }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(projectsQueryOptions(deps)),
  head: () => ({ meta: [{ title: 'Projects · Cutroom' }] }),
  component: ProjectsRoute,
});

function ProjectsRoute() {
  const page = Route.useLoaderDeps();
  return <ProjectsListPage page={page} DeletionFlow={LazyDeletionFlow} />;
}
