import { describe, expect, it } from 'vitest';
import { clipProblems, retryOptions } from './clip-problems.ts';
import type { ClipError } from '@/api/schema.gen.ts';
import { clipAt, suggestion } from './test-clips.ts';

const renderTimeout: ClipError = {
  step: 'assembly',
  code: 'render_timeout',
  message: 'Assembling the clip timed out.',
  why_failed: 'Variable frame rate.',
  how_to_fix: ['Retry the assembly.', 'Transcode to a constant frame rate.'],
  retryable: true,
  retry_same_input: true,
  upstream: { provider: 'clips_api', job_id: 'job_1' },
};

describe('clipProblems', () => {
  it('reads an error as what, where, why, the fix steps and whether to retry; once when it is also blocking', () => {
    const clip = {
      ...clipAt('a', null, { status: 'failed' }),
      error: renderTimeout,
      blocking_error: renderTimeout,
    };
    const [problem, ...rest] = clipProblems(clip);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({
      source: 'error and blocking_error',
      title: 'Blocked at Assembly',
      why: 'Variable frame rate.',
      fixes: ['Retry the assembly.', 'Transcode to a constant frame rate.'],
      advice: 'same_input',
    });
  });

  it('lists a different blocking error and error separately, and a waiting reason', () => {
    const clip = {
      ...clipAt('a', null, { status: 'needs_repair' }),
      blocking_error: {
        ...renderTimeout,
        step: 'qa',
        code: 'speaker_not_framed',
        retry_same_input: false,
      },
      waiting_reason: {
        code: 'awaiting_review',
        message: 'Waiting for a person.',
        retryable: false,
      },
    };
    const problems = clipProblems(clip);
    expect(problems.map((p) => [p.source, p.advice])).toEqual([
      ['blocking_error', 'changed_input'],
      ['waiting_reason', 'no'],
    ]);
  });
});

describe('retryOptions', () => {
  it('offers the same input again when that helps', () => {
    const clip = { ...clipAt('a', [0, 30], { status: 'failed' }), error: renderTimeout };
    expect(retryOptions(clip)).toEqual([{ label: 'Retry assembly', body: { step: 'assembly' } }]);
  });

  it('offers nothing when retrying cannot help or the clip is not stopped', () => {
    const clip = {
      ...clipAt('a', null, { status: 'failed' }),
      error: { ...renderTimeout, step: 'source', retryable: false },
    };
    expect(retryOptions(clip)).toEqual([]);
    expect(retryOptions({ ...clipAt('b', [0, 30]), error: renderTimeout })).toEqual([]);
  });

  it('offers other layouts and other moments for a QA stop; other moments for a selection stop', () => {
    const base = clipAt('a', [0, 30], { status: 'needs_repair' });
    const clip = {
      ...base,
      selection: {
        requested_suggestion_id: 's-a',
        applied_suggestion_id: 's-a',
        alternatives: [suggestion('s-a', 0, 30, 0.9), suggestion('s-b', 60, 95, 0.8)],
      },
      blocking_error: { ...renderTimeout, step: 'qa', retry_same_input: false },
    };
    expect(retryOptions(clip).map((option) => option.body)).toEqual([
      { step: 'qa', layout_mode: 'full_camera' },
      { step: 'qa', layout_mode: 'full_screen' },
      { step: 'qa', suggestion_id: 's-b' },
    ]);
    const reselect = {
      ...clip,
      status: 'needs_reselection' as const,
      blocking_error: { ...renderTimeout, step: 'selection', retry_same_input: false },
    };
    expect(retryOptions(reselect).map((option) => option.label)).toEqual([
      'Use “Moment s-b” (1:00–1:35) and retry',
    ]);
  });
});
