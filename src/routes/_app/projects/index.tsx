import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { projectsQueryOptions } from '@/features/projects/api/projects-queries.ts';
import { ProjectsListPage } from '@/features/projects/components/projects-list-page.tsx';

const searchSchema = z.object({
  offset: z.number().int().min(0).default(0).catch(0),
  limit: z.number().int().min(1).max(50).default(10).catch(10),
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
