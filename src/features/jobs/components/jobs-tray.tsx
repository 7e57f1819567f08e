import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { isFinishedJobStatus, jobQueryOptions } from '@/api/jobs.ts';
import { cachedProjectName } from '@/api/projects.ts';
import { ErrorState, InlineError } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { useAnnounceOnce } from '@/lib/use-announce-once.ts';
import { isStartedHere } from '@/lib/started-work.ts';
import { pushToast } from '@/lib/toast-store.ts';
import { isFailedJobStatus, useCancelJob, workspaceJobsQueryOptions } from '../api/jobs-queries.ts';
import { jobLabel } from '../model/job-label.ts';

// The tray's cards load when it is first opened (or about to be: pointer over, focus).
const loadJobCard = () => import('./job-card.tsx');
const JobCard = lazy(() => loadJobCard().then((module) => ({ default: module.JobCard })));
import type { Job } from '@/api/schema.gen.ts';

/**
 * Announces, with a toast, work this browser started that finished while the live stream was not
 * there to say so (polling fallback). The live event and this never announce the same outcome
 * twice, nor do two tabs (one claim per export or job in the browser), and both take the same
 * turns: the tab that started the work first, whichever path learns of it first.
 */
function useAnnounceMyFinishedJobs(jobs: readonly Job[] | undefined) {
  const client = useQueryClient();
  const announce = useAnnounceOnce();
  useEffect(() => {
    for (const job of jobs ?? []) {
      if (!isFinishedJobStatus(job.status) || job.status === 'cancelled') continue;
      if (!isStartedHere(job.job_id, job.export_id)) continue;
      const label = jobLabel(job);
      const about = [`job:${job.job_id}`, ...(job.export_id ? [`export:${job.export_id}`] : [])];
      // Named as the live event's toast names it (whichever comes first announces).
      const project = cachedProjectName(client, job.project_id);
      // Once in the browser (every visible tab polls the same jobs), keyed as the live event is.
      const subject = {
        ids: [job.job_id, ...(job.export_id ? [job.export_id] : [])],
        key: `outcome:${job.export_id || job.job_id}`,
      };
      announce(subject, () =>
        pushToast(
          isFailedJobStatus(job.status)
            ? {
                tone: 'error',
                title: `${label} failed`,
                detail: `${project ? `“${project}”: ` : ''}${job.error ?? 'See the job in the jobs tray.'}`,
                about,
              }
            : {
                tone: 'success',
                about,
                title: job.export_id ? 'Export ready' : `${label} finished`,
                ...(job.export_id
                  ? {
                      detail: project
                        ? `The export of “${project}” finished rendering.`
                        : 'The export finished rendering.',
                    }
                  : {}),
                ...(job.download_url ? { href: job.download_url, hrefLabel: 'Download' } : {}),
              },
        ),
      );
    }
  }, [jobs, client, announce]);
}

/**
 * Follows every job still running (the tray's newest page, which a job started here joins at
 * once): each is read again within a second of starting and then with back-off until it ends, and
 * each answer reaches every view of the job (the tray, the project's jobs).
 */
function useFollowRunningJobs(jobs: readonly Job[] | undefined) {
  useQueries({
    queries: (jobs ?? [])
      .filter((job) => !isFinishedJobStatus(job.status))
      .map((job) => ({ ...jobQueryOptions(job.job_id), initialData: job })),
    combine: () => null,
  });
}

/** The header's jobs tray: running jobs with progress, finished ones with result or error. */
export function JobsTray() {
  const jobs = useQuery(workspaceJobsQueryOptions);
  const cancel = useCancelJob();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  useAnnounceMyFinishedJobs(jobs.data?.jobs);
  useFollowRunningJobs(jobs.data?.jobs);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const list = jobs.data?.jobs ?? [];
  const running = list.filter((job) => !isFinishedJobStatus(job.status));
  const finished = list.filter((job) => isFinishedJobStatus(job.status));
  const summary = jobs.isPending
    ? 'Jobs'
    : running.length > 0
      ? `Jobs: ${running.length} running`
      : 'Jobs: none running';

  return (
    <div
      ref={wrapper}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          wrapper.current?.querySelector<HTMLButtonElement>('button')?.focus();
        }
      }}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        onPointerEnter={() => void loadJobCard()}
        onFocus={() => void loadJobCard()}
        className="flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100"
      >
        {running.length > 0 ? (
          <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-indigo-600" />
        ) : null}
        {summary}
      </button>
      {open ? (
        <section
          id={panelId}
          aria-label="Jobs tray"
          className="absolute right-0 z-40 mt-2 max-h-[70vh] whitespace-normal w-[26rem] max-w-[calc(100vw-2rem)] overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-3 shadow-xl"
        >
          <InlineError error={cancel.error} />
          <Suspense fallback={<LoadingState label="Loading jobs…" />}>
            {jobs.isPending ? (
              <LoadingState label="Loading jobs…" />
            ) : jobs.isError ? (
              <ErrorState error={jobs.error} onRetry={() => void jobs.refetch()} />
            ) : list.length === 0 ? (
              <p className="p-4 text-sm text-slate-600">
                No jobs yet. Exports and renders show here.
              </p>
            ) : (
              <>
                <h2 className="mb-2 text-sm font-semibold text-slate-800">
                  Running ({running.length})
                </h2>
                {running.length === 0 ? (
                  <p className="mb-3 text-sm text-slate-600">Nothing is running.</p>
                ) : (
                  <ul aria-label="Running jobs" className="mb-3 flex flex-col gap-2">
                    {running.map((job) => (
                      <JobCard
                        key={job.job_id}
                        job={job}
                        showProject
                        onCancel={(jobId) => cancel.mutate(jobId)}
                        cancelling={cancel.isPending && cancel.variables === job.job_id}
                      />
                    ))}
                  </ul>
                )}
                <h2 className="mb-2 text-sm font-semibold text-slate-800">Finished</h2>
                <ul aria-label="Finished jobs" className="flex flex-col gap-2">
                  {finished.map((job) => (
                    <JobCard key={job.job_id} job={job} showProject />
                  ))}
                </ul>
              </>
            )}
          </Suspense>
        </section>
      ) : null}
    </div>
  );
}
