import { createFileRoute } from '@tanstack/react-router';
import { projectExportsQueryOptions } from '@/api/exports.ts';
import { ExportButton } from '@/features/exports/components/export-button.tsx';
import { ProjectExports } from '@/features/exports/components/project-exports.tsx';
import { projectJobsQueryOptions } from '@/features/jobs/api/jobs-queries.ts';
import { ProjectJobs } from '@/features/jobs/components/project-jobs.tsx';
import { projectQueryOptions } from '@/api/projects.ts';
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

/** The project page composed from three features: details, jobs, exports. */
function ProjectRoute() {
  const { projectId } = Route.useParams();
  return (
    <ProjectPage projectId={projectId} actions={<ExportButton projectId={projectId} />}>
      <ProjectJobs projectId={projectId} />
      <ProjectExports projectId={projectId} />
    </ProjectPage>
  );
}
