import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/button.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorState, InlineError } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { ProgressBar } from '@/components/progress-bar.tsx';
import { formatDateTime } from '@/lib/format.ts';
import {
  isFinishedJobStatus,
  projectJobsQueryOptions,
  useCancelJob,
} from '../api/projects-queries.ts';

export function ProjectJobs({ projectId }: { projectId: string }) {
  const jobs = useQuery(projectJobsQueryOptions(projectId));
  const cancel = useCancelJob(projectId);
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
          {jobs.data.jobs.map((job) => {
            const finished = isFinishedJobStatus(job.status);
            return (
              <li
                key={job.job_id}
                className="rounded-lg border border-slate-200 bg-white p-4"
                aria-label={`Job ${job.type ?? job.kind ?? ''} ${job.status}`}
              >
                <div className="flex items-center gap-3">
                  <span className="font-medium">{job.type ?? job.kind ?? 'Job'}</span>
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">
                    {job.status}
                  </span>
                  <span className="font-mono text-xs text-slate-500">{job.job_id}</span>
                  <span className="ml-auto text-xs text-slate-500">
                    Started {formatDateTime(job.created_at)}
                    {job.completed_at ? ` · finished ${formatDateTime(job.completed_at)}` : ''}
                  </span>
                  {!finished ? (
                    <Button
                      variant="secondary"
                      disabled={cancel.isPending}
                      onClick={() => cancel.mutate(job.job_id)}
                    >
                      Cancel<span className="sr-only"> job {job.job_id}</span>
                    </Button>
                  ) : null}
                </div>
                {!finished || job.progress != null ? (
                  <ProgressBar
                    className="mt-3"
                    label={`Progress of job ${job.job_id}`}
                    value={job.progress ?? 0}
                  />
                ) : null}
                {job.error ? (
                  <p className="mt-2 text-sm text-red-800" role="status">
                    Failed: {job.error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
