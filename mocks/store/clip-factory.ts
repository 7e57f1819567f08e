/**
 * Clip records in any status of the clip status machine (used by the seeds, by POST /clips and by
 * the pipeline in rules/clip-pipeline.ts): the source, selection, window, layout, captions, QA,
 * export, error and waiting reason that fit where the clip is.
 */
import type { Rng } from '../lib/prng.ts';
import { CDN_BASE, colorFor } from './seed-context.ts';
import type {
  Clip,
  ClipError,
  ClipStatus,
  ClipStep,
  ClipSuggestion,
  Export,
} from '@/api/schema.gen.ts';

/** The statuses a clip walks when nothing goes wrong, in order. */
export const CLIP_PATH: readonly ClipStatus[] = [
  'preparing_source',
  'awaiting_suggestions',
  'selecting_clip',
  'assembling',
  'qa_running',
  'ready',
  'exporting',
  'exported',
];

export const ALL_CLIP_STATUSES: readonly ClipStatus[] = [
  'preparing_source',
  'awaiting_suggestions',
  'selecting_clip',
  'assembling',
  'qa_running',
  'needs_reselection',
  'needs_repair',
  'ready',
  'exporting',
  'exported',
  'failed',
];

/** The status a clip is in while a step runs. */
export const STATUS_OF_STEP: Record<ClipStep, ClipStatus> = {
  source: 'preparing_source',
  suggestions: 'awaiting_suggestions',
  selection: 'selecting_clip',
  assembly: 'assembling',
  qa: 'qa_running',
  export: 'exporting',
};

export const STEP_OF_STATUS: Partial<Record<ClipStatus, ClipStep>> = {
  preparing_source: 'source',
  awaiting_suggestions: 'suggestions',
  selecting_clip: 'selection',
  assembling: 'assembly',
  qa_running: 'qa',
  exporting: 'export',
};

/** Shortest moment the default preset accepts (a shorter best suggestion needs reselection). */
export const MIN_CLIP_SECONDS = 15;

/** How a clip's run ends (rules/clip-pipeline.ts decides it from the source). */
export type ClipFailure =
  | 'source_unreadable'
  | 'render_timeout'
  | 'speaker_not_framed'
  | 'suggestion_too_short'
  | 'export_storage';

export const STEP_OF_FAILURE: Record<ClipFailure, ClipStep> = {
  source_unreadable: 'source',
  suggestion_too_short: 'selection',
  render_timeout: 'assembly',
  speaker_not_framed: 'qa',
  export_storage: 'export',
};

/** The status a failure leaves the clip in: failed, or waiting for a changed input. */
export function statusAfterFailure(failure: ClipFailure): ClipStatus {
  if (failure === 'suggestion_too_short') return 'needs_reselection';
  if (failure === 'speaker_not_framed') return 'needs_repair';
  return 'failed';
}

const HOOKS = [
  ['The three-second rule', 'Nobody tells you this about the first three seconds.'],
  ['Why retention dropped', 'We lost half our viewers here, and this is why.'],
  ['The surprising winner', 'Forty thumbnails later, the winner was the ugliest one.'],
  ['One idea per clip', 'If your clip has two ideas, it has zero.'],
  ['Edit on Tuesdays', 'Our whole week changed when we split record and edit days.'],
  ['The pricing mistake', 'We charged too little for two years. Here is the fix.'],
  ['Hire slower', 'The best hire we made took nine weeks to say yes.'],
  ['Kill the intro', 'Cut your intro and watch time goes up. Every time.'],
  ['The 80/20 of captions', 'Four words per line beat everything else we tested.'],
  ['What the data said', 'The chart that changed our roadmap in one meeting.'],
  ['Say it twice', 'Repeat the hook at the end and the loop does the rest.'],
  ['Ship on Friday', 'Our rule for launches sounds wrong. It works.'],
] as const;

/** Suggested moments of a source, best first. With `shortBest`, the best one is too short. */
export function makeAlternatives(
  rng: Rng,
  sourceDuration: number,
  options: { count?: number; shortBest?: boolean } = {},
): ClipSuggestion[] {
  const count = options.count ?? 3 + rng.int(0, 2);
  const picks = rng.sample(HOOKS, Math.min(count, HOOKS.length));
  let score = 0.97 - rng.float(0, 0.04);
  return picks.map(([title, hook], index) => {
    const short = options.shortBest === true && index === 0;
    const length = round1(
      Math.min(short ? rng.float(6, 11) : rng.float(20, 55), Math.max(5, sourceDuration - 1)),
    );
    const start = round1(rng.float(0, Math.max(1, sourceDuration - length - 1)));
    const suggestion: ClipSuggestion = {
      suggestion_id: `sug_${rng.hex(10)}`,
      title,
      hook,
      start_seconds: start,
      end_seconds: round1(start + length),
      duration_seconds: length,
      score: Math.round(score * 100) / 100,
    };
    score -= 0.04 + rng.float(0, 0.06);
    return suggestion;
  });
}

const round1 = (value: number): number => Math.round(value * 10) / 10;

function upstream(rng: Rng, jobId: string, exportId = ''): NonNullable<ClipError['upstream']> {
  return {
    provider: 'clips_api',
    job_id: jobId,
    export_id: exportId,
    request_id: `req_${rng.hex(12)}`,
  };
}

/** The error a failure reports: what, where, why, and how to fix it. */
export function clipError(rng: Rng, failure: ClipFailure, jobId: string, exportId = ''): ClipError {
  const base = { step: STEP_OF_FAILURE[failure], upstream: upstream(rng, jobId, exportId) };
  switch (failure) {
    case 'source_unreadable':
      return {
        ...base,
        code: 'source_unreadable',
        message: 'The source video could not be decoded.',
        detail: 'No decodable video stream was found after 2 processing attempts.',
        expected: 'An H.264 or HEVC video stream of at least 10 seconds.',
        why_failed: 'The file contains only an audio track and a cover image.',
        how_to_fix: [
          'Re-export the source as an H.264 MP4 with a video track.',
          'Upload the file again and create the clip from the new asset.',
        ],
        retryable: false,
        retry_same_input: false,
      };
    case 'suggestion_too_short':
      return {
        ...base,
        code: 'suggestion_too_short',
        message: 'The best moment is shorter than the preset allows.',
        detail: `The top suggestion lasts under ${MIN_CLIP_SECONDS} seconds.`,
        expected: `A moment of at least ${MIN_CLIP_SECONDS} seconds for the default preset.`,
        why_failed: 'The speaker answers in one short sentence, so the strongest moment is brief.',
        how_to_fix: [
          `Choose another suggestion of at least ${MIN_CLIP_SECONDS} seconds and retry.`,
          'Or create the clip with a preset that allows shorter clips.',
        ],
        retryable: true,
        retry_same_input: false,
      };
    case 'render_timeout':
      return {
        ...base,
        code: 'render_timeout',
        message: 'Assembling the clip timed out.',
        detail: 'The render worker did not finish within 300 seconds.',
        expected: 'Assembly completes within 300 seconds.',
        why_failed:
          'The selected window spans a variable-frame-rate section the renderer could not seek.',
        how_to_fix: [
          'Retry the assembly; the same input usually succeeds on a fresh worker.',
          'If it fails again, transcode the source to a constant frame rate.',
        ],
        retryable: true,
        retry_same_input: true,
      };
    case 'speaker_not_framed':
      return {
        ...base,
        code: 'speaker_not_framed',
        message: 'QA found the speaker cut off in the split layout.',
        detail: 'Face detection lost the speaker for 4.2 s of the clip.',
        expected: 'The speaker stays inside the top frame for the whole clip.',
        why_failed:
          'The speaker leans out of frame while the screen recording fills the bottom area.',
        how_to_fix: [
          'Retry with the full-frame camera layout.',
          'Or choose another suggestion where the speaker stays centred.',
        ],
        retryable: true,
        retry_same_input: false,
      };
    case 'export_storage':
      return {
        ...base,
        code: 'export_storage_unavailable',
        message: 'The rendered file could not be stored.',
        detail: 'The storage service answered 503 while the export was being written.',
        expected: 'The export is written and a download link issued.',
        why_failed: 'A temporary storage outage interrupted the upload of the render.',
        how_to_fix: ['Retry the export; nothing needs to change.'],
        retryable: true,
        retry_same_input: true,
      };
  }
}

const STATUS_DETAIL: Record<ClipStatus, { code: string; message: string }> = {
  preparing_source: { code: 'transcoding', message: 'Transcoding and transcribing the source.' },
  awaiting_suggestions: { code: 'suggestions_running', message: 'Finding the best moments.' },
  selecting_clip: { code: 'selecting', message: 'Picking the strongest suggestion.' },
  assembling: { code: 'rendering', message: 'Assembling layout, captions and audio.' },
  qa_running: { code: 'qa_running', message: 'Running automatic quality checks.' },
  needs_reselection: {
    code: 'suggestion_too_short',
    message: 'The chosen moment is shorter than the preset minimum; choose another suggestion.',
  },
  needs_repair: { code: 'qa_blocking', message: 'QA found a blocking problem; repair needed.' },
  ready: { code: 'ready', message: 'The clip is ready; the export starts shortly.' },
  exporting: { code: 'exporting', message: 'Rendering the final file.' },
  exported: { code: 'exported', message: 'The clip was exported.' },
  failed: { code: 'failed', message: 'The clip failed; see error.' },
};

const INDEX = new Map(CLIP_PATH.map((status, index) => [status, index]));
const indexOf = (status: ClipStatus): number => INDEX.get(status) ?? 0;

/** A small 9:16 SVG still of the clip (offline-safe, like the seeded asset thumbnails). */
export function clipPreviewImage(title: string, clipId: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="90" height="160" viewBox="0 0 90 160">` +
    `<rect width="90" height="160" fill="${colorFor(clipId)}"/>` +
    `<rect y="112" width="90" height="30" fill="rgba(0,0,0,0.45)"/>` +
    `<text x="45" y="131" font-family="sans-serif" font-size="9" fill="#fff" text-anchor="middle">` +
    `${escapeXml(title.slice(0, 20))}</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

export interface ClipSeed {
  clipId: string;
  status: ClipStatus;
  createdAt: string;
  updatedAt: string;
  asset?: { id: string; duration_seconds: number | null };
  youtubeUrl?: string;
  /** Duration of a video-site source (from its preview). */
  sourceDuration?: number;
  projectId?: string;
  projectName?: string;
  presetId?: string;
  /** For failed clips: what failed (default source_unreadable). */
  failure?: ClipFailure;
  /** For exporting / exported clips: the export's id. */
  exportId?: string;
}

export function buildClip(rng: Rng, seed: ClipSeed): Clip {
  const duration = seed.asset?.duration_seconds ?? seed.sourceDuration ?? 600;
  const clip: Clip = {
    clip_id: seed.clipId,
    project_id: seed.projectId ?? '',
    requested_project_name: seed.projectName ?? '',
    requested_clip_preset_id: seed.presetId ?? 'default',
    status: 'preparing_source',
    next_action: 'poll',
    source: {
      source_type: seed.asset ? 'asset' : 'youtube',
      asset_id: seed.asset?.id ?? '',
      youtube_url: seed.youtubeUrl ?? '',
      source_status: 'pending',
      transcript_status: 'pending',
      suggestions_status: 'pending',
      suggestion_counts: { saved: 0, drafts: 0, total: 0 },
      suggestion_ai_run_ids: [],
      analysis_status: 'missing',
      analysis_version: 3,
      canonical_duration_seconds: duration,
      processing: {
        processing_status: 'queued',
        processing_substage: 'probe',
        processing_error: '',
        processing_errors: {},
        processing_attempts: 0,
        retryable: true,
        provider_request_ids: {
          process_job_run_id: `run_${rng.hex(10)}`,
          transcribe_job_run_id: `run_${rng.hex(10)}`,
          provider_request_id: `req_${rng.hex(12)}`,
        },
      },
      suitability: { verdict: 'pending', reason: '', retryable: false },
      readiness_warnings: [],
    },
    selection: {
      selection_mode: 'auto_best',
      requested_suggestion_id: '',
      applied_suggestion_id: '',
      alternatives: [],
    },
    clip_window: { start_seconds: 0, end_seconds: 0, duration_seconds: 0 },
    layout: {
      requested_mode: 'auto',
      tutorial_stack_ratio: 'screen_70_face_30',
      applied_mode: 'split',
      primary_layout: 'speaker_top',
      speaker_aware_applied: false,
      fallback_used: false,
      fallback_reason: '',
      requested_mode_honored: true,
      warnings: [],
    },
    captions: {
      enabled: true,
      style_id: 'bold-pop',
      status: 'pending',
      clip_window_aware: true,
      item_count: 0,
      warnings: [],
    },
    qa: {
      required: true,
      status: 'pending',
      blocking: false,
      score: 0,
      summary: '',
      issues: [],
      preview_urls: [],
      visual_debug_url: '',
    },
    export: { status: 'not_started', export_id: '', download_url: '', short_download_url: '' },
    request_id: `req_${rng.hex(12)}`,
    created_at: seed.createdAt,
    updated_at: seed.updatedAt,
  };
  const failure = seed.failure ?? 'source_unreadable';
  const shortBest =
    seed.status === 'needs_reselection' ||
    (seed.status === 'failed' && failure === 'suggestion_too_short');
  if (seed.status !== 'preparing_source' && seed.status !== 'awaiting_suggestions') {
    // Drawn for every later status (so the seed's random sequence stays the same), but a clip
    // whose source failed never got as far as suggestions.
    const alternatives = makeAlternatives(rng, duration, { shortBest });
    const failedBeforeSuggestions =
      seed.status === 'failed' && STEP_OF_FAILURE[failure] === 'source';
    if (!failedBeforeSuggestions) clip.selection!.alternatives = alternatives;
  }
  setClipStatus(rng, clip, seed.status, seed.updatedAt, {
    failure: seed.status === 'failed' ? failure : undefined,
    jobId: `job_${rng.hex(16)}`,
    exportId: seed.exportId,
  });
  return clip;
}

export interface StatusExtra {
  /** Why a clip stops (failed, needs_repair, needs_reselection); defaults fit the status. */
  failure?: ClipFailure | undefined;
  /** The job that ran (or failed) the step; named in the error's upstream. */
  jobId?: string | undefined;
  exportId?: string | undefined;
  downloadUrl?: string | undefined;
  /** The source's best moment is too short (the run will stop for reselection). */
  shortBest?: boolean | undefined;
}

/**
 * Moves a clip to `status` and fills in what the steps completed so far imply. Steps before the
 * current one are done; a stop (failed / needs_*) carries its error in `error` / `blocking_error`.
 */
export function setClipStatus(
  rng: Rng,
  clip: Clip,
  status: ClipStatus,
  nowIso: string,
  extra: StatusExtra = {},
): void {
  const failure: ClipFailure | undefined =
    status === 'needs_reselection'
      ? 'suggestion_too_short'
      : status === 'needs_repair'
        ? 'speaker_not_framed'
        : status === 'failed'
          ? (extra.failure ?? 'source_unreadable')
          : undefined;
  // Where the clip got to: the step it is running, or the one it stopped at.
  const at = failure ? STATUS_OF_STEP[STEP_OF_FAILURE[failure]] : status;
  const done = (milestone: ClipStatus): boolean => indexOf(at) > indexOf(milestone);
  const jobId = extra.jobId ?? `job_${rng.hex(16)}`;

  clip.status = status;
  clip.updated_at = nowIso;
  const working = STEP_OF_STATUS[status] !== undefined || status === 'ready';
  const stopped = failure !== undefined;
  const error = failure ? clipError(rng, failure, jobId, extra.exportId ?? '') : undefined;
  const detail = STATUS_DETAIL[status];
  clip.status_detail = {
    code: error?.code ?? detail.code,
    message: error?.message ?? detail.message,
    retryable: error?.retryable ?? false,
    retry_same_input: error?.retry_same_input ?? false,
  };
  clip.waiting_reason = working
    ? { ...detail, retryable: false, retry_same_input: false }
    : stopped && status !== 'failed'
      ? {
          code: error?.code ?? detail.code,
          message: detail.message,
          retryable: error?.retryable ?? false,
          retry_same_input: error?.retry_same_input ?? false,
        }
      : { code: '', message: '', retryable: false, retry_same_input: false };
  clip.next_action = working ? 'poll' : error?.retryable ? 'retry' : stopped ? 'fix_input' : 'none';
  if (error) {
    clip.blocking_error = error;
    if (status === 'failed') clip.error = error;
    else delete clip.error;
  } else {
    delete clip.error;
    delete clip.blocking_error;
  }

  const source = (clip.source ??= {});
  const processing = (source.processing ??= {});
  if (done('preparing_source')) {
    source.source_status = 'ready';
    source.transcript_status = 'complete';
    source.analysis_status = 'complete';
    processing.processing_status = 'complete';
    processing.processing_substage = 'done';
    processing.processing_attempts = Math.max(1, processing.processing_attempts ?? 0);
    processing.processing_error = '';
    source.suitability = {
      verdict: 'ready',
      reason: 'Speech detected for 92% of the source.',
      retryable: false,
    };
  } else if (failure === 'source_unreadable') {
    source.source_status = 'failed';
    source.transcript_status = 'skipped';
    processing.processing_status = 'failed';
    processing.processing_substage = 'probe';
    processing.processing_error = error?.message ?? '';
    processing.processing_errors = { probe: 'no video stream', decode: 'no video stream' };
    processing.processing_attempts = 2;
    processing.retryable = false;
    source.suitability = { verdict: 'unsuitable', reason: 'No video stream.', retryable: false };
    source.readiness_warnings = ['The source has no video track.'];
  } else {
    source.source_status = 'processing';
    source.transcript_status = 'running';
    processing.processing_status = 'running';
    processing.processing_substage = 'transcribe';
    processing.processing_attempts = 1;
  }

  const selection = (clip.selection ??= {});
  if (done('awaiting_suggestions')) {
    if ((selection.alternatives ?? []).length === 0) {
      selection.alternatives = makeAlternatives(rng, source.canonical_duration_seconds ?? 600, {
        shortBest: extra.shortBest ?? failure === 'suggestion_too_short',
      });
    }
    const count = selection.alternatives?.length ?? 0;
    source.suggestions_status = 'complete';
    source.suggestion_counts = { saved: 1, drafts: Math.max(0, count - 1), total: count };
    if ((source.suggestion_ai_run_ids ?? []).length === 0) {
      source.suggestion_ai_run_ids = [`run_${rng.hex(10)}`];
    }
  } else if (at === 'awaiting_suggestions') {
    source.suggestions_status = 'running';
  }

  const alternatives = selection.alternatives ?? [];
  const requested =
    alternatives.find((item) => item.suggestion_id === selection.requested_suggestion_id) ??
    alternatives[0];
  if (failure === 'suggestion_too_short') {
    selection.requested_suggestion_id = requested?.suggestion_id ?? '';
    selection.applied_suggestion_id = '';
  } else if (done('selecting_clip') && requested) {
    selection.requested_suggestion_id ||= requested.suggestion_id ?? '';
    selection.applied_suggestion_id = requested.suggestion_id ?? '';
    clip.clip_window = {
      start_seconds: requested.start_seconds ?? 0,
      end_seconds: requested.end_seconds ?? 0,
      duration_seconds: requested.duration_seconds ?? 0,
    };
  }

  const layout = (clip.layout ??= {});
  const captions = (clip.captions ??= {});
  if (done('assembling')) {
    layout.speaker_aware_applied = true;
    captions.status = 'complete';
    captions.item_count = Math.round((clip.clip_window?.duration_seconds ?? 30) * 2.4);
  } else if (at === 'assembling') {
    captions.status = 'running';
  }

  const qa = (clip.qa ??= {});
  if (done('qa_running')) {
    const title = requested?.title ?? 'Clip';
    qa.status = 'passed';
    qa.blocking = false;
    qa.score = 0.86 + rng.int(0, 10) / 100;
    qa.summary = 'Passed with one minor note.';
    qa.issues = [
      {
        severity: 'info',
        code: 'caption_line_long',
        title: 'One caption line is long',
        details: 'Caption 7 has 9 words on one line.',
        suggested_fix: 'Lower wordsPerLineLimit to 6.',
      },
    ];
    qa.preview_urls = [
      clipPreviewImage(title, clip.clip_id),
      `${CDN_BASE}/clips/${clip.clip_id}/preview.mp4`,
    ];
    qa.visual_debug_url = `${CDN_BASE}/clips/${clip.clip_id}/debug.html`;
  } else if (failure === 'speaker_not_framed') {
    qa.status = 'failed';
    qa.blocking = true;
    qa.score = 0.42;
    qa.summary = 'Blocking: speaker out of frame.';
    qa.issues = [
      {
        severity: 'error',
        code: 'speaker_not_framed',
        title: 'Speaker cut off',
        details: 'The speaker is outside the top frame from 12.4 s to 16.6 s.',
        suggested_fix: 'Use the full-frame camera layout.',
      },
      {
        severity: 'warning',
        code: 'audio_peak',
        title: 'Audio clipping',
        details: 'Peaks above -0.5 dBFS at 21 s.',
        suggested_fix: 'Enable loudness normalization.',
      },
    ];
    qa.preview_urls = [clipPreviewImage(requested?.title ?? 'Clip', clip.clip_id)];
    qa.visual_debug_url = `${CDN_BASE}/clips/${clip.clip_id}/debug.html`;
    layout.fallback_used = true;
    layout.fallback_reason = 'face_tracking_lost';
    layout.warnings = ['Face tracking lost for 4.2 s.'];
  } else {
    qa.status = at === 'qa_running' ? 'running' : 'pending';
    qa.blocking = false;
    qa.score = 0;
    qa.summary = '';
    qa.issues = [];
    qa.preview_urls = [];
    qa.visual_debug_url = '';
    layout.fallback_used = false;
    layout.fallback_reason = '';
    layout.warnings = [];
  }

  const exportId = extra.exportId ?? clip.export?.export_id ?? '';
  if (status === 'exporting') {
    clip.export = {
      status: 'running',
      export_id: exportId,
      download_url: '',
      short_download_url: '',
    };
  } else if (status === 'exported') {
    clip.export = {
      status: 'complete',
      export_id: exportId,
      download_url: extra.downloadUrl ?? `${CDN_BASE}/exports/${exportId}.mp4`,
      short_download_url: `${CDN_BASE}/s/${exportId.slice(4, 12)}`,
    };
  } else if (failure === 'export_storage') {
    clip.export = {
      status: 'failed',
      export_id: exportId,
      download_url: '',
      short_download_url: '',
    };
  } else if (!done('exporting')) {
    clip.export = {
      status: 'not_started',
      export_id: '',
      download_url: '',
      short_download_url: '',
    };
  }
}

/** The Export a clip's render produces (added to the clip's project). */
export function clipExportRecord(
  clip: Clip,
  fields: { exportId: string; renderedAt: string; expiresAt: string },
): Export {
  const { exportId } = fields;
  const duration = clip.clip_window?.duration_seconds ?? 30;
  const still = clip.qa?.preview_urls?.[0] ?? '';
  return {
    export_id: exportId,
    status: 'complete',
    download_url: `${CDN_BASE}/exports/${exportId}.mp4`,
    short_download_url: `${CDN_BASE}/s/${exportId.slice(4, 12)}`,
    thumbnail_url: still,
    thumbnail: {
      url: still,
      frame: 30,
      frame_seconds: 1,
      selection_mode: 'auto',
      rationale: 'First frame with the speaker centred and the hook on screen.',
    },
    platform_metadata: {
      resolution: '1080p',
      clip_id: clip.clip_id,
      rendered_at: fields.renderedAt,
    },
    expires_at: fields.expiresAt,
    file_size_bytes: Math.round(duration * 950_000),
    duration_seconds: duration,
    container_format: 'mp4',
    image_formats: { thumbnail: 'jpg' },
  };
}
