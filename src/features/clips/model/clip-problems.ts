/**
 * A clip's `error`, `blocking_error`, `waiting_reason` and `status_detail` read as what failed,
 * at which step, why, the steps to fix it and whether retrying helps; and the retries that make
 * sense for it (only the stopped step, with the changed input the error asks for).
 */
import { ApiError, describeError } from '@/api/api-error.ts';
import { formatDuration } from '@/lib/format.ts';
import { PIPELINE, STATUS_META, stepLabel, stoppedStep } from './clip-status.ts';
import type {
  Clip,
  ClipError,
  ClipLayoutMode,
  ClipRetryRequest,
  ClipStatus,
  ClipStep,
  ClipSuggestion,
  ClipWaitingReason,
} from '@/api/schema.gen.ts';

export type RetryAdvice = 'same_input' | 'changed_input' | 'no' | 'not_needed';

/** The clip fields a problem is read from. */
export type ProblemField = 'error' | 'blocking_error' | 'waiting_reason' | 'status_detail';

export interface ClipProblem {
  /** The clip field(s) saying it (one problem reported by several fields is shown once). */
  fields: ProblemField[];
  title: string;
  /** The pipeline step it concerns (from the error, else from where the clip is). */
  step: string | null;
  /** The step in words. */
  stepText: string;
  code: string;
  message: string;
  detail: string;
  expected: string;
  why: string;
  fixes: string[];
  advice: RetryAdvice;
  adviceText: string;
  upstream: ClipError['upstream'] | undefined;
}

const ADVICE_TEXT: Record<RetryAdvice, string> = {
  same_input: 'Retrying with the same input usually helps.',
  changed_input:
    'Retrying the same input will not help: change the input first (another suggestion or layout).',
  no: 'Retrying will not help: fix the cause first, then create a new clip.',
  not_needed: 'Nothing to retry: the step is still running and the clip moves on by itself.',
};

export function retryAdvice(retryable: boolean | undefined, sameInput: boolean | undefined) {
  const advice: RetryAdvice = !retryable ? 'no' : sameInput ? 'same_input' : 'changed_input';
  return { advice, adviceText: ADVICE_TEXT[advice] };
}

function fromError(error: ClipError, fields: ProblemField[]): ClipProblem {
  const step = error.step ?? null;
  const blocking = fields.includes('blocking_error');
  return {
    fields,
    title: `${blocking ? 'Blocked' : 'Failed'} at ${stepLabel(step ?? undefined)}`,
    step,
    stepText: stepLabel(step ?? undefined),
    code: error.code ?? '',
    message: error.message || 'The service gave no message.',
    detail: error.detail ?? '',
    expected: error.expected ?? '',
    why: error.why_failed ?? '',
    fixes: (error.how_to_fix ?? []).filter((fix) => fix.trim() !== ''),
    ...retryAdvice(error.retryable, error.retry_same_input),
    upstream: error.upstream,
  };
}

const sameError = (a: ClipError, b: ClipError): boolean =>
  a.code === b.code && a.step === b.step && a.message === b.message;

/** The step the clip is at: the one it stopped at, else the one running (null when none). */
export function stepOfClip(clip: Clip): ClipStep | null {
  const stopped = stoppedStep(clip);
  if (stopped === 'unknown') return null;
  if (stopped) return stopped;
  if (clip.status === 'exported') return 'export';
  const running = PIPELINE.find((entry) => entry.status === clip.status);
  return running && running.key !== 'ready' ? running.key : null;
}

/**
 * The fix steps a reason-shaped field (which carries no `how_to_fix` of its own) implies, from
 * where the clip stopped and whether a retry can help.
 */
function reasonFixes(clip: Clip, retryable: boolean, sameInput: boolean): string[] {
  switch (clip.status) {
    case 'needs_reselection':
      return retryable
        ? ['Choose another of the suggested moments (Selection, below) and retry with it.']
        : ['Create a new clip from a source with a longer moment, or with another preset.'];
    case 'needs_repair':
      return retryable
        ? [
            'Read the quality check’s issues and suggested fixes (below).',
            'Retry with another layout or another suggested moment.',
          ]
        : ['Fix the source as the quality check suggests, then create a new clip.'];
    case 'failed':
      return retryable && sameInput
        ? ['Retry the step that stopped.']
        : retryable
          ? ['Retry the step with another suggestion or layout.']
          : ['Fix the source, then create a new clip from it.'];
    default:
      // Working or finished: there is nothing to fix, so no fix steps are shown.
      return [];
  }
}

function reasonTitle(status: ClipStatus, step: ClipStep | null): string {
  if (status === 'ready') return 'Ready: checked, the export comes next';
  if (status === 'exported') return 'Done: exported';
  const at = stepLabel(step ?? undefined);
  if (!isStopped(status)) return `Working at ${at}`;
  return `${status === 'failed' ? 'Stopped' : 'Waiting'} at ${at}`;
}

function fromReason(clip: Clip, reason: ClipWaitingReason, fields: ProblemField[]): ClipProblem {
  const step = stepOfClip(clip);
  const working = !isStopped(clip.status);
  const retryable = reason.retryable === true;
  const sameInput = reason.retry_same_input === true;
  const advice = working
    ? {
        advice: 'not_needed' as const,
        adviceText:
          clip.status === 'exported'
            ? 'Nothing to retry: the clip is finished.'
            : clip.status === 'ready'
              ? 'Nothing to retry: the export starts by itself.'
              : ADVICE_TEXT.not_needed,
      }
    : retryAdvice(retryable, sameInput);
  return {
    fields,
    title: reasonTitle(clip.status, step),
    step,
    stepText:
      clip.status === 'ready'
        ? 'Ready (between the quality check and the export)'
        : stepLabel(step ?? undefined),
    code: reason.code ?? '',
    message: reason.message || 'The service gave no reason.',
    detail: '',
    expected: '',
    why: STATUS_META[clip.status]?.summary ?? '',
    fixes: reasonFixes(clip, retryable, sameInput),
    ...advice,
    upstream: undefined,
  };
}

const isStopped = (status: ClipStatus): boolean =>
  STATUS_META[status]?.tone === 'attention' || STATUS_META[status]?.tone === 'failed';

const hasContent = (reason: ClipWaitingReason | undefined): reason is ClipWaitingReason =>
  Boolean(reason && (reason.code || reason.message));

const sameReason = (a: ClipWaitingReason, b: ClipWaitingReason): boolean =>
  (a.code ?? '') === (b.code ?? '') && (a.message ?? '') === (b.message ?? '');

/**
 * Every problem a stopped clip reports (errors, then waiting reason and status detail), the
 * blocking one first; one problem reported by several fields is shown once, naming them all.
 * A reason with the code of an error is that error (its fix steps are the error's).
 */
export function clipProblems(clip: Clip): ClipProblem[] {
  const problems: ClipProblem[] = [];
  const { error, blocking_error: blocking } = clip;
  if (blocking && error && sameError(blocking, error)) {
    problems.push(fromError(blocking, ['error', 'blocking_error']));
  } else {
    if (blocking) problems.push(fromError(blocking, ['blocking_error']));
    if (error) problems.push(fromError(error, ['error']));
  }
  // A working or finished clip's reason is its progress (clipProgress), not a problem.
  if (!isStopped(clip.status)) return problems;
  for (const field of ['waiting_reason', 'status_detail'] as const) {
    const reason = clip[field];
    if (!hasContent(reason)) continue;
    const sameCode = problems.find((problem) => reason.code && problem.code === reason.code);
    if (sameCode) {
      sameCode.fields.push(field);
      continue;
    }
    const other = field === 'status_detail' ? clip.waiting_reason : undefined;
    const repeated = other && hasContent(other) && sameReason(reason, other);
    const earlier = repeated
      ? problems.find((p) => p.fields.includes('waiting_reason'))
      : undefined;
    if (earlier) earlier.fields.push(field);
    else problems.push(fromReason(clip, reason, [field]));
  }
  return problems;
}

/**
 * A working clip's waiting reason and status detail (its progress) read the same way: what it
 * is doing, at which step, why, that nothing needs fixing and that no retry is needed.
 */
export function clipProgress(clip: Clip): ClipProblem[] {
  if (isStopped(clip.status)) return [];
  const out: ClipProblem[] = [];
  for (const field of ['waiting_reason', 'status_detail'] as const) {
    const reason = clip[field];
    if (!hasContent(reason)) continue;
    const earlier = out.find((p) => p.code === (reason.code ?? '') && p.message === reason.message);
    if (earlier) earlier.fields.push(field);
    else out.push(fromReason(clip, reason, [field]));
  }
  return out;
}

export interface RetryOption {
  /** Button text. */
  label: string;
  body: ClipRetryRequest;
}

export const LAYOUT_LABELS: Record<ClipLayoutMode, string> = {
  auto: 'automatic layout',
  split: 'split layout (screen and face)',
  full_camera: 'full-frame camera layout',
  full_screen: 'full-frame screen layout',
};

export function appliedSuggestion(clip: Clip): ClipSuggestion | undefined {
  const selection = clip.selection;
  const id = selection?.applied_suggestion_id || selection?.requested_suggestion_id;
  return selection?.alternatives?.find((item) => item.suggestion_id === id);
}

function windowText(suggestion: ClipSuggestion): string {
  return `${formatDuration(suggestion.start_seconds)}–${formatDuration(suggestion.end_seconds)}`;
}

/**
 * The retries that make sense: none unless the clip is stopped with a retryable error; the
 * same input when that helps; otherwise one per changed input (another suggestion for a
 * selection stop; another layout or suggestion for a QA stop).
 */
export function retryOptions(clip: Clip): RetryOption[] {
  const step = stoppedStep(clip);
  const error = clip.blocking_error ?? clip.error;
  if (step === null || step === 'unknown' || !error?.retryable) return [];
  if (error.retry_same_input)
    return [{ label: `Retry ${stepLabel(step).toLowerCase()}`, body: { step } }];
  const options: RetryOption[] = [];
  if (step === 'qa') {
    const current = clip.layout?.requested_mode;
    for (const mode of ['full_camera', 'full_screen'] as const) {
      if (mode === current) continue;
      options.push({
        label: `Retry with the ${LAYOUT_LABELS[mode]}`,
        body: { step, layout_mode: mode },
      });
    }
  }
  if (step === 'selection' || step === 'qa') {
    const used = clip.selection?.requested_suggestion_id;
    for (const suggestion of clip.selection?.alternatives ?? []) {
      if (!suggestion.suggestion_id || suggestion.suggestion_id === used) continue;
      options.push({
        label: `Use “${suggestion.title ?? suggestion.suggestion_id}” (${windowText(suggestion)}) and retry`,
        body: { step, suggestion_id: suggestion.suggestion_id },
      });
    }
  }
  return options;
}

/** The retry body's fields as the screen names them (a 400's `param` in words). */
const RETRY_FIELD_LABELS: Readonly<Record<string, string>> = {
  suggestion_id: 'Suggested moment',
  layout_mode: 'Layout',
  step: 'Step',
};

/** The service's 409 codes for a retry the clip no longer allows (the contract's rules). */
const STALE_RETRY_CODES = new Set(['clip_not_blocked', 'step_mismatch', 'not_retryable']);

/**
 * A failed retry in words: a 409 saying the clip is no longer stopped there (it moved on, or
 * someone retried it first) says so and points at the clip's current state, which the page
 * reloads; a 400 names the refused field as the screen does; anything else as every error.
 */
export function describeRetryError(error: unknown): { title: string; detail: string } {
  if (error instanceof ApiError && error.status === 409 && STALE_RETRY_CODES.has(error.code)) {
    return {
      title: 'The clip changed since this page showed it',
      detail: `${error.message} Its current state is shown above and below; retry from there if it still needs it.`,
    };
  }
  return describeError(error, RETRY_FIELD_LABELS);
}
