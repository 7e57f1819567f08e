import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ApiError } from '@/api/api-error.ts';
import { EmptyState } from '@/components/empty-state.tsx';
import { ProjectPageHeader } from '@/components/project-page-header.tsx';
import { planRevisionsQueryOptions } from '../api/plans-queries.ts';
import { RevisionHistory } from './revision-history.tsx';

/** The project's production plan: its revisions, newest first. */
export function PlansIndexPage({ projectId }: { projectId: string }) {
  const revisions = useQuery(planRevisionsQueryOptions(projectId));
  const noPlan = revisions.error instanceof ApiError && revisions.error.status === 404;
  const latest = revisions.data?.revisions[0];
  return (
    <article aria-labelledby="plans-heading" className="flex flex-col gap-6">
      <ProjectPageHeader
        projectId={projectId}
        headingId="plans-heading"
        title={`Production plan${latest?.series?.name ? `: ${latest.series.name}` : ''}`}
        actions={
          latest ? (
            <Link
              to="/projects/$projectId/plans/$revisionId"
              params={{ projectId, revisionId: latest.id }}
              search={{ tab: 'overview' }}
              className="inline-flex items-center rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700"
            >
              Review the latest revision ({latest.revision})
            </Link>
          ) : null
        }
      />
      {noPlan ? (
        <EmptyState title="This project has no faceless production plan">
          Plans exist for projects the service created with its faceless workflow. Open the
          project’s timeline to edit it instead.
        </EmptyState>
      ) : (
        <RevisionHistory
          projectId={projectId}
          revisions={revisions.data?.revisions}
          pending={revisions.isPending}
          error={revisions.error}
          onRetry={() => void revisions.refetch()}
        />
      )}
    </article>
  );
}
