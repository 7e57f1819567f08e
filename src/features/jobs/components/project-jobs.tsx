import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorState, InlineError } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { projectJobsQueryOptions, useCancelJob } from '../api/jobs-queries.ts';
import { JobCard } from './job-card.tsx';

/** The jobs of one project, newest first, with progress and cancel. */
export function ProjectJobs({ projectId }: { projectId: string }) {
  const jobs = useQuery(projectJobsQueryOptions(projectId));
  const cancel = useCancelJob();
  return (
    <section aria-labelledby="jobs-heading">
      <h2 id="jobs-heading" className="mb-3 text-lg font-semibold">
        Jobs
      </h2>
      <InlineError error={cancel.error} />
      {jobs.isPending ? (
        <LoadingState label="Loading jobs…" />
      ) : jobs.isError ? (
        <ErrorState error={jobs.error} onRetry={() => void jobs.refetch()} />
      ) : jobs.data.jobs.length === 0 ? (
        <EmptyState title="No jobs">Exports and other background work show up here.</EmptyState>
      ) : (
        <ul aria-label="Jobs" className="flex flex-col gap-3">
          {[...jobs.data.jobs]
            .sort((a, b) => b.created_at.localeCompare(a.created_at))
            .map((job) => (
              <JobCard
                key={job.job_id}
                job={job}
                onCancel={(jobId) => cancel.mutate(jobId)}
                cancelling={cancel.isPending && cancel.variables === job.job_id}
              />
            ))}
        </ul>
      )}
    </section>
  );
}
