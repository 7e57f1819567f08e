import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { projectsQueryOptions } from '@/features/projects/api/projects-queries.ts';
import { ProjectsListPage } from '@/features/projects/components/projects-list-page.tsx';

const searchSchema = z.object({
  offset: z.catch(z._default(z.int().check(z.minimum(0)), 0), 0),
  limit: z.catch(z._default(z.int().check(z.minimum(1), z.maximum(50)), 10), 10),
});

export const Route = createFileRoute('/_app/projects/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ offset: search.offset, limit: search.limit }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(projectsQueryOptions(deps)),
  head: () => ({ meta: [{ title: 'Projects · Cutroom' }] }),
  component: ProjectsRoute,
});

function ProjectsRoute() {
  const page = Route.useLoaderDeps();
  return <ProjectsListPage page={page} />;
}
