import { Button } from '@/editor-kit/controls/button.tsx';
import { refusedLabel, useRefusal } from '@/components/spend-gate.tsx';
import { useRetryClip } from '../api/clips-queries.ts';
import {
  clipProblems,
  describeRetryError,
  retryOptions,
  type ClipProblem,
} from '../model/clip-problems.ts';
import type { Clip } from '@/api/schema.gen.ts';
import { words } from './clip-parts.tsx';

/**
 * One error, blocking error, waiting reason or status detail: what failed (or is happening), at
 * which step, why, the fix steps and whether retrying helps.
 */
export function Problem({
  problem,
  index,
  progress = false,
}: {
  problem: ClipProblem;
  index: number | string;
  /** A working clip's progress rather than a stop. */
  progress?: boolean;
}) {
  const headingId = `clip-problem-${index}`;
  // A working clip's progress sits right under the page title; a stop under its panel's h2.
  const Heading = progress ? 'h2' : 'h3';
  const SubHeading = progress ? 'h3' : 'h4';
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-2">
      <Heading
        id={headingId}
        className={`font-semibold ${progress ? 'text-slate-900' : 'text-red-900'}`}
      >
        {problem.title}
      </Heading>
      <p>
        <span className="font-medium">{progress ? 'What is happening: ' : 'What failed: '}</span>
        {problem.message}
      </p>
      <p>
        <span className="font-medium">Step: </span>
        {problem.stepText}
      </p>
      {problem.why ? (
        <p>
          <span className="font-medium">Why: </span>
          {problem.why}
        </p>
      ) : null}
      {problem.detail ? (
        <p>
          <span className="font-medium">Detail: </span>
          {problem.detail}
        </p>
      ) : null}
      {problem.expected ? (
        <p>
          <span className="font-medium">Expected: </span>
          {problem.expected}
        </p>
      ) : null}
      {problem.fixes.length > 0 ? (
        <div>
          <SubHeading className="font-medium">How to fix</SubHeading>
          <ol aria-label="How to fix" className="ml-5 list-decimal">
            {problem.fixes.map((fix) => (
              <li key={fix}>{fix}</li>
            ))}
          </ol>
        </div>
      ) : null}
      <p className={problem.advice === 'no' ? 'text-red-900' : 'text-slate-800'}>
        <span className="font-medium">Retrying: </span>
        {problem.adviceText}
      </p>
      {problem.code || problem.upstream?.job_id || problem.upstream?.request_id ? (
        // For support: the service's own names for it, secondary to the words above.
        <p className="text-xs text-slate-600">
          {problem.code ? `Code ${problem.code}` : ''}
          {problem.upstream?.provider ? ` · ${words(problem.upstream.provider)}` : ''}
          {problem.upstream?.job_id ? ` · job ${problem.upstream.job_id}` : ''}
          {problem.upstream?.export_id ? ` · export ${problem.upstream.export_id}` : ''}
          {problem.upstream?.request_id ? ` · request ${problem.upstream.request_id}` : ''}
        </p>
      ) : null}
    </article>
  );
}

function RetryError({ error }: { error: unknown }) {
  if (!error) return null;
  const { title, detail } = describeRetryError(error);
  return (
    <p role="alert" className="rounded-md bg-white p-3 text-sm text-red-800">
      <strong className="font-semibold">{title}.</strong> {detail}
    </p>
  );
}

/**
 * Every error, blocking error, waiting reason and status detail of a stopped clip in words, and the retries that can
 * help (each re-runs only the step the clip stopped at).
 */
export function ClipProblemsPanel({ clip }: { clip: Clip }) {
  const problems = clipProblems(clip);
  const options = retryOptions(clip);
  const retry = useRetryClip(clip.clip_id);
  const refusal = useRefusal('retryClip');
  if (problems.length === 0) {
    // A refused retry whose reload shows the clip no longer stopped: still say what happened.
    return retry.error ? (
      <section aria-label="Retry" className="rounded-lg border border-amber-300 bg-amber-50 p-5">
        <RetryError error={retry.error} />
      </section>
    ) : null;
  }
  const stopped = clip.status === 'failed' || clip.status.startsWith('needs_');
  return (
    <section
      aria-labelledby="clip-problems-heading"
      className={`rounded-lg border p-5 text-sm ${stopped ? 'border-red-300 bg-red-50' : 'border-amber-300 bg-amber-50'}`}
    >
      <h2 id="clip-problems-heading" className="mb-3 text-lg font-semibold">
        {stopped ? 'What went wrong' : 'Why it is waiting'}
      </h2>
      <div className="flex flex-col gap-5">
        {problems.map((problem, index) => (
          <Problem
            key={`${problem.fields.join()}-${problem.code}`}
            problem={problem}
            index={index}
          />
        ))}
      </div>
      {options.length > 0 ? (
        <div className="mt-4 flex flex-col gap-2">
          <h3 className="font-semibold">Retry</h3>
          <div className="flex flex-wrap gap-2">
            {options.map((option) => (
              <Button
                key={option.label}
                variant={options.length === 1 ? 'primary' : 'secondary'}
                disabled={retry.isPending || refusal !== null}
                onClick={() => retry.mutate(option.body)}
              >
                {refusedLabel(option.label, refusal)}
              </Button>
            ))}
          </div>
          {retry.isPending ? <p role="status">Asking the service to retry…</p> : null}
          <RetryError error={retry.error} />
        </div>
      ) : null}
    </section>
  );
}
