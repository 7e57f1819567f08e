import { describe, expect, it } from 'vitest';
import { clipProblems, clipProgress, retryOptions } from './clip-problems.ts';
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
      fields: ['error', 'blocking_error'],
      title: 'Blocked at Assembly',
      stepText: 'Assembly',
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
    expect(problems.map((p) => [p.fields, p.advice])).toEqual([
      [['blocking_error'], 'changed_input'],
      [['waiting_reason'], 'no'],
    ]);
  });

  it('reads a waiting reason and a status detail of their own as what, where, why, fix steps and retry advice', () => {
    const clip = {
      ...clipAt('a', null, { status: 'needs_reselection' }),
      blocking_error: { ...renderTimeout, step: 'selection', code: 'suggestion_too_short' },
      waiting_reason: {
        code: 'awaiting_choice',
        message: 'Waiting for another moment to be chosen.',
        retryable: true,
        retry_same_input: false,
      },
      status_detail: {
        code: 'selection_blocked',
        message: 'No suggestion meets the preset minimum.',
        retryable: true,
        retry_same_input: false,
      },
    };
    const [, waiting, detail] = clipProblems(clip);
    for (const problem of [waiting, detail]) {
      expect(problem).toMatchObject({
        title: 'Waiting at Selection',
        step: 'selection',
        stepText: 'Selection',
        why: 'The chosen moment does not fit; pick another suggestion.',
        advice: 'changed_input',
      });
      expect(problem?.fixes.length).toBeGreaterThan(0);
    }
    expect(waiting?.fields).toEqual(['waiting_reason']);
    expect(detail).toMatchObject({
      fields: ['status_detail'],
      message: 'No suggestion meets the preset minimum.',
    });
  });

  it('shows a reason with an error’s code as that error, naming every field that says it', () => {
    const error = { ...renderTimeout, step: 'qa', code: 'speaker_not_framed' };
    const reason = { code: 'speaker_not_framed', message: 'Repair needed.', retryable: true };
    const clip = {
      ...clipAt('a', [0, 30], { status: 'needs_repair' }),
      blocking_error: error,
      waiting_reason: reason,
      status_detail: reason,
    };
    const problems = clipProblems(clip);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.fields).toEqual(['blocking_error', 'waiting_reason', 'status_detail']);
    // A failed clip's status detail naming no error of its own still reads in full.
    const failed = {
      ...clipAt('b', null, { status: 'failed' }),
      status_detail: { code: 'failed', message: 'The clip failed.', retryable: false },
    };
    expect(clipProblems(failed)).toEqual([
      expect.objectContaining({
        fields: ['status_detail'],
        title: 'Stopped at an unknown step',
        advice: 'no',
        fixes: ['Fix the source, then create a new clip from it.'],
      }),
    ]);
  });
});

describe('clipProgress', () => {
  it('reads a working clip’s waiting reason and status detail as where it is, once when they agree', () => {
    const reason = { code: 'rendering', message: 'Assembling layout, captions and audio.' };
    const clip = {
      ...clipAt('a', [0, 30], { status: 'assembling' }),
      waiting_reason: reason,
      status_detail: reason,
    };
    expect(clipProblems(clip)).toEqual([]);
    expect(clipProgress(clip)).toEqual([
      expect.objectContaining({
        fields: ['waiting_reason', 'status_detail'],
        title: 'Working at Assembly',
        step: 'assembly',
        why: 'Rendering layout, captions and audio.',
        // Nothing to fix: no fix steps (a “How to fix: Nothing to do” box says nothing).
        fixes: [],
        advice: 'not_needed',
      }),
    ]);
    const stopped = { ...clip, status: 'needs_repair' as const };
    expect(clipProgress(stopped)).toEqual([]);
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
