import { Link } from '@tanstack/react-router';
import { Button } from '@/editor-kit/controls/button.tsx';
import { CopyableId } from '@/components/copyable-id.tsx';
import { useProjectName } from '@/components/project-name.tsx';
import { ProgressBar } from '@/components/progress-bar.tsx';
import { formatDateTime, formatPercent } from '@/lib/format.ts';
import { useFocusFallback } from '@/lib/use-focus-fallback.ts';
import { showsAttribute } from '@/lib/toast-store.ts';
import { isFinishedJobStatus } from '@/api/jobs.ts';
import { isFailedJobStatus } from '../api/jobs-queries.ts';
import type { Job } from '@/api/schema.gen.ts';
import { jobLabel } from '../model/job-label.ts';

const statusTone: Record<string, string> = {
  complete: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
  cancelled: 'bg-slate-200 text-slate-800',
  running: 'bg-indigo-100 text-indigo-900',
  queued: 'bg-amber-100 text-amber-900',
};

/** A service path from `next_actions`, as a screen of this app when there is one. */
function NextAction({ action }: { action: NonNullable<Job['next_actions']>[number] }) {
  const exportsOf = action.path?.match(/^\/projects\/([^/]+)\/exports$/);
  const text = `${action.reason ?? ''}`.trim();
  if (exportsOf?.[1]) {
    return (
      <Link
        to="/projects/$projectId"
        params={{ projectId: exportsOf[1] }}
        className="text-indigo-700 underline"
      >
        {text || 'Open the exports'}
      </Link>
    );
  }
  return (
    <span>
      {text || 'Next'}{' '}
      <code className="text-xs text-slate-500">
        {action.method} {action.path}
      </code>
    </span>
  );
}

/**
 * One job: kind, status, progress, estimated credits, times, next actions, the result (download)
 * or the error, and cancel while it runs.
 */
export function JobCard({
  job,
  onCancel,
  cancelling,
  showProject,
}: {
  job: Job;
  onCancel?: (jobId: string) => void;
  cancelling?: boolean;
  showProject?: boolean;
}) {
  const finished = isFinishedJobStatus(job.status);
  const { fallbackRef, controlFocusProps } = useFocusFallback<HTMLLIElement>(finished);
  const label = jobLabel(job);
  // The tray lists the whole workspace's jobs: each names its project (the project page need not).
  const projectName = useProjectName(showProject ? job.project_id : undefined);
  const of = projectName ? ` of “${projectName}”` : '';
  const download =
    job.download_url ??
    (typeof job.result?.download_url === 'string' ? job.result.download_url : undefined);
  return (
    <li
      ref={fallbackRef}
      tabIndex={-1}
      className="rounded-lg border border-slate-200 bg-white p-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      aria-label={`${label} job${of}, ${job.status}`}
      data-shows={showsAttribute(`job:${job.job_id}`, job.export_id && `export:${job.export_id}`)}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">
          {label}
          {of}
        </span>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusTone[job.status] ?? 'bg-slate-100 text-slate-800'}`}
        >
          {job.status}
        </span>
        {!finished && job.progress != null ? (
          <span className="text-xs text-slate-600">{formatPercent(job.progress)}</span>
        ) : null}
        {onCancel && !finished ? (
          <Button
            variant="secondary"
            className="ml-auto px-2 py-1 text-xs"
            pending={cancelling}
            onClick={() => onCancel(job.job_id)}
            {...controlFocusProps}
          >
            Cancel
            <span className="sr-only">
              {' '}
              {label.toLowerCase()} job{of} started {formatDateTime(job.created_at)}
            </span>
          </Button>
        ) : null}
      </div>
      {!finished ? (
        <ProgressBar
          className="mt-2"
          label={`Progress of ${label.toLowerCase()} job${of} started ${formatDateTime(job.created_at)}`}
          value={job.progress ?? 0}
        />
      ) : null}
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-slate-600">
        {showProject && job.project_id ? (
          <>
            <dt>Project</dt>
            <dd>
              <Link
                to="/projects/$projectId"
                params={{ projectId: job.project_id }}
                className="text-indigo-700 underline"
              >
                {projectName ?? 'Open the project'}
              </Link>
            </dd>
          </>
        ) : null}
        {job.estimated_credits != null ? (
          <>
            <dt>Estimated credits</dt>
            <dd>{job.estimated_credits}</dd>
          </>
        ) : null}
        <dt>Started</dt>
        <dd>{formatDateTime(job.created_at)}</dd>
        {job.completed_at ? (
          <>
            <dt>Finished</dt>
            <dd>{formatDateTime(job.completed_at)}</dd>
          </>
        ) : null}
      </dl>
      {isFailedJobStatus(job.status) && job.error ? (
        <p className="mt-2 text-sm text-red-800">Failed: {job.error}</p>
      ) : job.status === 'cancelled' ? (
        <p className="mt-2 text-sm text-slate-700">Cancelled{job.error ? `: ${job.error}` : '.'}</p>
      ) : null}
      {job.status === 'complete' && download ? (
        <a className="mt-2 inline-block text-sm text-indigo-700 underline" href={download}>
          Download the result
          <span className="sr-only">
            {' '}
            of {label.toLowerCase()} job{of} started {formatDateTime(job.created_at)}
          </span>
        </a>
      ) : null}
      <p className="mt-1">
        <CopyableId id={job.job_id} what={`${label.toLowerCase()} job`} />
      </p>
      {job.next_actions && job.next_actions.length > 0 ? (
        <ul className="mt-2 text-xs text-slate-700" aria-label="Next actions">
          {job.next_actions.map((action, index) => (
            <li key={`${action.path}-${index}`}>
              <NextAction action={action} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
