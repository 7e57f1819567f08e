import { createFileRoute } from '@tanstack/react-router';
import {
  projectExportsQueryOptions,
  projectJobsQueryOptions,
  projectQueryOptions,
} from '@/features/projects/api/projects-queries.ts';
import { ProjectPage } from '@/features/projects/components/project-page.tsx';

export const Route = createFileRoute('/_app/projects/$projectId/')({
  loader: async ({ context, params }) => {
    const { queryClient } = context;
    // Exports and jobs load in parallel; the page shows their own loading states.
    void queryClient.prefetchQuery(projectExportsQueryOptions(params.projectId));
    void queryClient.prefetchQuery(projectJobsQueryOptions(params.projectId));
    await queryClient.ensureQueryData(projectQueryOptions(params.projectId));
  },
  head: () => ({ meta: [{ title: 'Project · Cutroom' }] }),
  component: ProjectRoute,
});

function ProjectRoute() {
  const { projectId } = Route.useParams();
  return <ProjectPage projectId={projectId} />;
}
