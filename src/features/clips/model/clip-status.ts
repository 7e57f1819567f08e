/**
 * The clip statuses in words, and where a clip is in its pipeline: each step done, running,
 * stopped or still to come.
 */
import type { Clip, ClipStatus, ClipStep } from '@/api/schema.gen.ts';
import { CLIP_STATUSES } from './clip-status-values.ts';

export type StatusTone = 'working' | 'attention' | 'done' | 'failed';

export interface StatusMeta {
  label: string;
  tone: StatusTone;
  /** What the status means, for the filter's description and the card. */
  summary: string;
}

export const STATUS_META: Record<ClipStatus, StatusMeta> = {
  preparing_source: {
    label: 'Preparing source',
    tone: 'working',
    summary: 'Downloading, transcoding and transcribing the source.',
  },
  awaiting_suggestions: {
    label: 'Finding moments',
    tone: 'working',
    summary: 'Looking for the strongest moments of the source.',
  },
  selecting_clip: {
    label: 'Selecting',
    tone: 'working',
    summary: 'Choosing the best suggestion for this clip.',
  },
  assembling: {
    label: 'Assembling',
    tone: 'working',
    summary: 'Rendering layout, captions and audio.',
  },
  qa_running: { label: 'Quality check', tone: 'working', summary: 'Running automatic checks.' },
  needs_reselection: {
    label: 'Needs another moment',
    tone: 'attention',
    summary: 'The chosen moment does not fit; pick another suggestion.',
  },
  needs_repair: {
    label: 'Needs repair',
    tone: 'attention',
    summary: 'Quality checks found a blocking problem.',
  },
  ready: { label: 'Ready', tone: 'done', summary: 'Assembled and checked.' },
  exporting: { label: 'Exporting', tone: 'working', summary: 'Rendering the final file.' },
  exported: { label: 'Exported', tone: 'done', summary: 'Rendered; the file can be downloaded.' },
  failed: { label: 'Failed', tone: 'failed', summary: 'Stopped with an error.' },
};

export const TONE_CLASSES: Record<StatusTone, string> = {
  working: 'bg-sky-100 text-sky-900',
  attention: 'bg-amber-100 text-amber-900',
  done: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
};

/** Statuses the clip leaves on its own (live events move it; nothing is asked of the user). */
export function isWorking(status: ClipStatus): boolean {
  return STATUS_META[status].tone === 'working';
}

export const STEP_LABELS: Record<ClipStep, string> = {
  source: 'Source preparation',
  suggestions: 'Suggestions',
  selection: 'Selection',
  assembly: 'Assembly',
  qa: 'Quality check',
  export: 'Export',
};

/** A step name the service sent, in words (unknown names are shown as sent). */
export function stepLabel(step: string | undefined): string {
  if (!step) return 'an unknown step';
  return (STEP_LABELS as Record<string, string>)[step] ?? step;
}

/** The pipeline as the stepper shows it; `ready` is a stage between QA and export. */
export const PIPELINE: ReadonlyArray<{
  key: ClipStep | 'ready';
  label: string;
  status: ClipStatus;
}> = [
  { key: 'source', label: 'Source', status: 'preparing_source' },
  { key: 'suggestions', label: 'Suggestions', status: 'awaiting_suggestions' },
  { key: 'selection', label: 'Selection', status: 'selecting_clip' },
  { key: 'assembly', label: 'Assembly', status: 'assembling' },
  { key: 'qa', label: 'Quality check', status: 'qa_running' },
  { key: 'ready', label: 'Ready', status: 'ready' },
  { key: 'export', label: 'Export', status: 'exporting' },
];

export type StepState = 'done' | 'current' | 'stopped' | 'pending';

/** The step a stopped clip stopped at (from its error), or null when it is not stopped. */
export function stoppedStep(clip: Clip): ClipStep | 'unknown' | null {
  if (clip.status === 'needs_reselection') return 'selection';
  if (clip.status === 'needs_repair') return 'qa';
  if (clip.status !== 'failed') return null;
  const step = (clip.blocking_error ?? clip.error)?.step;
  return PIPELINE.some((entry) => entry.key === step) ? (step as ClipStep) : 'unknown';
}

/** Each pipeline step's state for this clip. */
export function pipelineStates(
  clip: Clip,
): Array<{ key: string; label: string; state: StepState }> {
  const stopped = stoppedStep(clip);
  let at: number;
  let atState: StepState = 'current';
  if (clip.status === 'exported') {
    at = PIPELINE.length;
  } else if (stopped !== null) {
    at = stopped === 'unknown' ? -1 : PIPELINE.findIndex((entry) => entry.key === stopped);
    atState = 'stopped';
  } else {
    at = PIPELINE.findIndex((entry) => entry.status === clip.status);
  }
  return PIPELINE.map((entry, index) => ({
    key: entry.key,
    label: entry.label,
    state: index < at ? 'done' : index === at ? atState : 'pending',
  }));
}

/**
 * Where the clip is in its pipeline, in words (for a card): the step it is running or stopped
 * at, counted over the pipeline; every step done for an exported clip.
 */
export function pipelinePosition(clip: Clip): string {
  if (clip.status === 'exported') return `All ${PIPELINE.length} steps done`;
  const states = pipelineStates(clip);
  const index = states.findIndex((entry) => entry.state === 'current' || entry.state === 'stopped');
  const entry = states[index];
  if (!entry) return 'Stopped at a step the service did not name';
  const at = `step ${index + 1} of ${PIPELINE.length}: ${entry.label}`;
  return entry.state === 'stopped' ? `Stopped at ${at}` : at.replace(/^s/, 'S');
}

/** Whether the clip has stopped (failed, or waiting for a decision): nothing of it runs on. */
export function hasStopped(status: ClipStatus): boolean {
  const tone = STATUS_META[status]?.tone;
  return tone === 'attention' || tone === 'failed';
}

const STILL_GOING = new Set(['running', 'in_progress', 'processing']);
const NOT_STARTED = new Set(['pending', 'queued', 'waiting']);

/**
 * The status of a part of the clip (its captions, QA, export, source steps) in words. A clip that
 * stopped runs nothing any more: a part the service still calls running reads “stopped”, one
 * still to come reads “not run”.
 */
export function partStatusWords(clip: Pick<Clip, 'status'>, value: string | undefined): string {
  if (!value) return '—';
  if (hasStopped(clip.status)) {
    if (STILL_GOING.has(value)) return 'stopped';
    if (NOT_STARTED.has(value)) return 'not run';
  }
  return value.replace(/_/g, ' ');
}

/** What clips in a status are doing, as the predicate of a sentence: one clip / several clips. */
const STATUS_PREDICATE: Record<ClipStatus, readonly [string, string]> = {
  preparing_source: ['is preparing its source', 'are preparing their source'],
  awaiting_suggestions: ['is waiting for suggested moments', 'are waiting for suggested moments'],
  selecting_clip: ['is selecting a moment', 'are selecting a moment'],
  assembling: ['is being assembled', 'are being assembled'],
  qa_running: ['is in the quality check', 'are in the quality check'],
  needs_reselection: ['needs another moment', 'need another moment'],
  needs_repair: ['needs repair', 'need repair'],
  ready: ['is ready', 'are ready'],
  exporting: ['is exporting', 'are exporting'],
  exported: ['was exported', 'were exported'],
  failed: ['failed', 'failed'],
};

/**
 * How many clips a status filter holds, as a sentence people read: “4 clips need repair or
 * failed, in pipeline order” (several statuses are listed one after the other in pipeline order).
 */
export function statusFilterSummary(
  statuses: readonly ClipStatus[],
  total: number,
  truncated: boolean,
): string {
  const count = `${truncated ? 'At least ' : ''}${total} ${total === 1 ? 'clip' : 'clips'}`;
  if (statuses.length === 0) return `${count} in every status`;
  const form = total === 1 ? 0 : 1;
  const ordered = CLIP_STATUSES.filter((status) => statuses.includes(status));
  const predicates = ordered.map((status) => STATUS_PREDICATE[status][form]);
  const which =
    predicates.length === 1
      ? predicates[0]
      : `${predicates.slice(0, -1).join(', ')} or ${predicates.at(-1)}`;
  return `${count} ${which}${ordered.length > 1 ? ', in pipeline order' : ''}`;
}
