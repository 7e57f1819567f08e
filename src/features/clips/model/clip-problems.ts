/**
 * A clip's `error`, `blocking_error`, `waiting_reason` and `status_detail` read as what failed,
 * at which step, why, the steps to fix it and whether retrying helps; and the retries that make
 * sense for it (only the stopped step, with the changed input the error asks for).
 */
import { formatDuration } from '@/lib/format.ts';
import { STATUS_META, stepLabel, stoppedStep } from './clip-status.ts';
import type {
  Clip,
  ClipError,
  ClipLayoutMode,
  ClipRetryRequest,
  ClipSuggestion,
  ClipWaitingReason,
} from '@/api/schema.gen.ts';

export type RetryAdvice = 'same_input' | 'changed_input' | 'no';

export interface ClipProblem {
  /** Which field(s) of the clip this comes from. */
  source: 'error' | 'blocking_error' | 'error and blocking_error' | 'waiting_reason';
  title: string;
  step: string | null;
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

export function retryAdvice(retryable: boolean | undefined, sameInput: boolean | undefined) {
  const advice: RetryAdvice = !retryable ? 'no' : sameInput ? 'same_input' : 'changed_input';
  const text: Record<RetryAdvice, string> = {
    same_input: 'Retrying with the same input usually helps.',
    changed_input:
      'Retrying the same input will not help: change the input first (another suggestion or layout).',
    no: 'Retrying will not help: fix the cause first, then create a new clip.',
  };
  return { advice, adviceText: text[advice] };
}

function fromError(error: ClipError, source: ClipProblem['source']): ClipProblem {
  const step = error.step ?? null;
  const blocking = source !== 'error';
  return {
    source,
    title: `${blocking ? 'Blocked' : 'Failed'} at ${stepLabel(step ?? undefined)}`,
    step,
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

function fromWaiting(reason: ClipWaitingReason): ClipProblem {
  return {
    source: 'waiting_reason',
    title: 'Waiting',
    step: null,
    code: reason.code ?? '',
    message: reason.message || 'The service gave no reason.',
    detail: '',
    expected: '',
    why: '',
    fixes: [],
    ...retryAdvice(reason.retryable, reason.retry_same_input),
    upstream: undefined,
  };
}

/** Every problem the clip reports, the blocking one first, duplicates shown once. */
export function clipProblems(clip: Clip): ClipProblem[] {
  const problems: ClipProblem[] = [];
  const { error, blocking_error: blocking } = clip;
  if (blocking && error && sameError(blocking, error)) {
    problems.push(fromError(blocking, 'error and blocking_error'));
  } else {
    if (blocking) problems.push(fromError(blocking, 'blocking_error'));
    if (error) problems.push(fromError(error, 'error'));
  }
  const waiting = clip.waiting_reason;
  const waitingRepeatsError = problems.some((problem) => problem.code === waiting?.code);
  // Only a clip waiting for a decision has a waiting reason worth reading as a problem; a
  // working or finished clip's is its progress, shown with the status.
  if (waiting?.code && !waitingRepeatsError && STATUS_META[clip.status]?.tone === 'attention') {
    problems.push(fromWaiting(waiting));
  }
  return problems;
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
