/**
 * Builds clips in any status of the clip status machine (used by the seed and by POST /clips),
 * with the error, waiting reason, selection alternatives and QA issues that fit the status.
 */
import type { Rng } from '../lib/prng.ts';
import type { Clip, ClipError, ClipStatus } from './contract.ts';
import { CDN_BASE } from './seed-context.ts';
import type { AssetRecord } from './workspace.ts';

/** The happy path a created clip walks (see the doc comment of simulator.ts). */
export const CLIP_PATH: readonly ClipStatus[] = [
  'preparing_source',
  'awaiting_suggestions',
  'selecting_clip',
  'assembling',
  'qa_running',
  'ready',
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

const HOOKS = [
  ['The three-second rule', 'Nobody tells you this about the first three seconds.'],
  ['Why retention dropped', 'We lost half our viewers here, and this is why.'],
  ['The surprising winner', 'Forty thumbnails later, the winner was the ugliest one.'],
  ['One idea per clip', 'If your clip has two ideas, it has zero.'],
  ['Edit on Tuesdays', 'Our whole week changed when we split record and edit days.'],
] as const;

export function clipFailure(rng: Rng, step: 'source' | 'assembly', jobId: string): ClipError {
  if (step === 'source') {
    return {
      step: 'source',
      code: 'source_unreadable',
      message: 'The source video could not be decoded.',
      detail: 'No decodable video stream was found after 2 processing attempts.',
      expected: 'An H.264 or HEVC video stream of at least 10 seconds.',
      why_failed: 'The uploaded file contains only an audio track and a cover image.',
      how_to_fix: [
        'Re-export the source as an H.264 MP4 with a video track.',
        'Upload the file again and create the clip with the new asset_id.',
      ],
      retryable: false,
      retry_same_input: false,
      upstream: {
        provider: 'clips_api',
        job_id: jobId,
        export_id: '',
        request_id: `req_${rng.hex(12)}`,
      },
    };
  }
  return {
    step: 'assembly',
    code: 'render_timeout',
    message: 'Assembling the clip timed out.',
    detail: 'The render worker did not finish within 300 seconds.',
    expected: 'Assembly completes within 300 seconds.',
    why_failed:
      'The selected window spans a variable-frame-rate section the renderer could not seek.',
    how_to_fix: [
      'Retry the clip; the same input usually succeeds on a fresh worker.',
      'If it fails again, transcode the source to a constant frame rate.',
    ],
    retryable: true,
    retry_same_input: true,
    upstream: {
      provider: 'clips_api',
      job_id: jobId,
      export_id: '',
      request_id: `req_${rng.hex(12)}`,
    },
  };
}

function repairError(rng: Rng, jobId: string): ClipError {
  return {
    step: 'qa',
    code: 'speaker_not_framed',
    message: 'QA found the speaker cut off in the split layout.',
    detail: 'Face detection lost the speaker for 4.2 s of the 38 s window.',
    expected: 'The speaker stays inside the top frame for the whole clip.',
    why_failed: 'The speaker leans out of frame while the screen recording fills the bottom area.',
    how_to_fix: [
      'Switch the layout to full-frame camera for this clip.',
      'Or pick alternative suggestion 2, where the speaker stays centered.',
    ],
    retryable: true,
    retry_same_input: false,
    upstream: {
      provider: 'clips_api',
      job_id: jobId,
      export_id: '',
      request_id: `req_${rng.hex(12)}`,
    },
  };
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
  ready: { code: 'ready', message: 'The clip is ready to export.' },
  exporting: { code: 'exporting', message: 'Rendering the final file.' },
  exported: { code: 'exported', message: 'The clip was exported.' },
  failed: { code: 'failed', message: 'The clip failed; see error.' },
};

const ORDER = new Map(ALL_CLIP_STATUSES.map((status, index) => [status, index]));

function reached(status: ClipStatus, milestone: ClipStatus): boolean {
  if (status === 'failed' || status === 'needs_repair' || status === 'needs_reselection') {
    return (ORDER.get(milestone) ?? 0) <= (ORDER.get('qa_running') ?? 0);
  }
  return (ORDER.get(status) ?? 0) >= (ORDER.get(milestone) ?? 0);
}

/** Suggested moments of a source, best first. */
export function makeAlternatives(rng: Rng, sourceDuration: number): Alternative[] {
  return HOOKS.slice(0, 3 + rng.int(0, 2)).map(([title, hook], index) => {
    const start = Math.round(rng.float(0, Math.max(1, sourceDuration - 60)) * 10) / 10;
    const length = Math.round(rng.float(20, 55) * 10) / 10;
    return {
      suggestion_id: `sug_${rng.hex(10)}`,
      title,
      hook,
      start_seconds: start,
      end_seconds: Math.round((start + length) * 10) / 10,
      duration_seconds: length,
      score: Math.round((0.95 - index * 0.07 - rng.float(0, 0.05)) * 100) / 100,
    };
  });
}

export interface ClipSeed {
  clipId: string;
  status: ClipStatus;
  createdAt: string;
  updatedAt: string;
  asset?: AssetRecord;
  youtubeUrl?: string;
  projectId?: string;
  projectName?: string;
  presetId?: string;
  /** For failed clips: where it failed. */
  failedAt?: 'source' | 'assembly';
}

export function buildClip(rng: Rng, seed: ClipSeed): Clip {
  const jobId = `job_${rng.hex(12)}`;
  const duration = seed.asset?.duration_seconds ?? 600;
  const alternatives = makeAlternatives(rng, duration);
  const applied = alternatives[0];
  const clip: Clip = {
    clip_id: seed.clipId,
    project_id: seed.projectId ?? '',
    requested_project_name: seed.projectName ?? '',
    requested_clip_preset_id: seed.presetId ?? 'default',
    status: seed.status,
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
      suitability: {
        verdict: 'ready',
        reason: 'Speech detected for 92% of the source.',
        retryable: false,
      },
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
  setClipStatus(rng, clip, seed.status, seed.updatedAt, {
    alternatives,
    applied,
    jobId,
    failedAt: seed.failedAt,
  });
  return clip;
}

type Alternative = NonNullable<NonNullable<Clip['selection']>['alternatives']>[number];

/** Moves a clip to `status`, filling in what that status implies. */
export function setClipStatus(
  rng: Rng,
  clip: Clip,
  status: ClipStatus,
  nowIso: string,
  extra: {
    alternatives?: Alternative[];
    applied?: Alternative | undefined;
    jobId?: string;
    failedAt?: 'source' | 'assembly' | undefined;
  } = {},
): void {
  const jobId = extra.jobId ?? `job_${rng.hex(12)}`;
  clip.status = status;
  clip.updated_at = nowIso;
  const detail = STATUS_DETAIL[status];
  const waiting = status !== 'ready' && status !== 'exported' && status !== 'failed';
  clip.status_detail = { ...detail, retryable: status === 'failed', retry_same_input: false };
  clip.waiting_reason = waiting
    ? { ...detail, retryable: true, retry_same_input: true }
    : { code: '', message: '', retryable: false, retry_same_input: false };
  clip.next_action =
    waiting && status !== 'needs_repair' && status !== 'needs_reselection' ? 'poll' : 'none';
  const source = clip.source ?? {};
  clip.source = source;
  const failedAtSource = status === 'failed' && extra.failedAt !== 'assembly';
  if (reached(status, 'awaiting_suggestions') && !failedAtSource) {
    source.source_status = 'ready';
    source.transcript_status = 'complete';
    source.analysis_status = 'complete';
    if (source.processing) {
      source.processing.processing_status = 'complete';
      source.processing.processing_substage = 'done';
      source.processing.processing_attempts = 1;
    }
  }
  if (reached(status, 'selecting_clip') && !failedAtSource) {
    const existing = extra.alternatives ?? clip.selection?.alternatives ?? [];
    const alternatives =
      existing.length > 0
        ? existing
        : makeAlternatives(rng, source.canonical_duration_seconds ?? 600);
    source.suggestions_status = 'complete';
    source.suggestion_counts = {
      saved: 1,
      drafts: alternatives.length - 1,
      total: alternatives.length,
    };
    source.suggestion_ai_run_ids = [`run_${rng.hex(10)}`];
    clip.selection = { ...(clip.selection ?? {}), alternatives };
  }
  const applied = extra.applied ?? clip.selection?.alternatives?.[0];
  if (reached(status, 'assembling') && !failedAtSource && applied && clip.selection) {
    clip.selection.applied_suggestion_id = applied.suggestion_id ?? '';
    clip.clip_window = {
      start_seconds: applied.start_seconds ?? 0,
      end_seconds: applied.end_seconds ?? 0,
      duration_seconds: applied.duration_seconds ?? 0,
    };
  }
  if (reached(status, 'qa_running') && !failedAtSource && clip.layout && clip.captions) {
    clip.layout.speaker_aware_applied = true;
    clip.captions.status = 'complete';
    clip.captions.item_count = Math.round((clip.clip_window?.duration_seconds ?? 30) * 2.4);
  }
  const qa = clip.qa ?? {};
  clip.qa = qa;
  if (status === 'ready' || status === 'exporting' || status === 'exported') {
    qa.status = 'passed';
    qa.blocking = false;
    qa.score = 0.91;
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
    qa.preview_urls = [`${CDN_BASE}/clips/${clip.clip_id}/preview.mp4`];
    qa.visual_debug_url = `${CDN_BASE}/clips/${clip.clip_id}/debug.html`;
  }
  if (status === 'needs_repair') {
    const error = repairError(rng, jobId);
    clip.blocking_error = error;
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
    if (clip.layout) {
      clip.layout.fallback_used = true;
      clip.layout.fallback_reason = 'face_tracking_lost';
      clip.layout.warnings = ['Face tracking lost for 4.2 s.'];
    }
  }
  if (status === 'needs_reselection' && clip.selection) {
    clip.selection.requested_suggestion_id = clip.selection.alternatives?.[0]?.suggestion_id ?? '';
    qa.status = 'failed';
    qa.blocking = true;
    qa.summary = 'The chosen moment is too short for the preset.';
  }
  if (status === 'exporting' || status === 'exported') {
    const exportId = rng.uuid();
    clip.export = {
      status: status === 'exported' ? 'complete' : 'running',
      export_id: exportId,
      download_url: status === 'exported' ? `${CDN_BASE}/exports/${exportId}.mp4` : '',
      short_download_url: status === 'exported' ? `${CDN_BASE}/s/${exportId.slice(4, 12)}` : '',
    };
  }
  if (status === 'failed') {
    const error = clipFailure(rng, extra.failedAt ?? 'source', jobId);
    clip.error = error;
    clip.blocking_error = error;
    if (failedAtSource) {
      source.source_status = 'failed';
      if (source.processing) {
        source.processing.processing_status = 'failed';
        source.processing.processing_error = error.message ?? '';
        source.processing.processing_errors = { probe: 'no video stream' };
        source.processing.processing_attempts = 2;
        source.processing.retryable = false;
      }
      source.suitability = { verdict: 'unsuitable', reason: 'No video stream.', retryable: false };
      source.readiness_warnings = ['Source has no video track.'];
    }
  }
}
