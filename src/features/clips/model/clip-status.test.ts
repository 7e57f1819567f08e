import { describe, expect, it } from 'vitest';
import { CLIP_STATUSES } from './clip-status-values.ts';
import {
  STATUS_META,
  partStatusWords,
  statusFilterSummary,
  isWorking,
  pipelinePosition,
  pipelineStates,
} from './clip-status.ts';
import { clipAt } from './test-clips.ts';

const states = (clip: Parameters<typeof pipelineStates>[0]) =>
  pipelineStates(clip).map((step) => `${step.key}:${step.state}`);

describe('clip statuses', () => {
  it('has words for all 11 statuses', () => {
    expect(CLIP_STATUSES).toHaveLength(11);
    for (const status of CLIP_STATUSES) expect(STATUS_META[status].label).toBeTruthy();
    expect(isWorking('assembling')).toBe(true);
    expect(isWorking('needs_repair')).toBe(false);
  });

  it('marks the steps before the current one done', () => {
    expect(states(clipAt('a', null, { status: 'assembling' }))).toEqual([
      'source:done',
      'suggestions:done',
      'selection:done',
      'assembly:current',
      'qa:pending',
      'ready:pending',
      'export:pending',
    ]);
    expect(
      states(clipAt('a', null, { status: 'exported' })).every((s) => s.endsWith(':done')),
    ).toBe(true);
  });

  it('marks the step a clip stopped at, from its error or its status', () => {
    const failed = {
      ...clipAt('f', null, { status: 'failed' }),
      error: { step: 'assembly', code: 'render_timeout' },
    };
    expect(states(failed)[3]).toBe('assembly:stopped');
    expect(states(clipAt('r', null, { status: 'needs_repair' }))[4]).toBe('qa:stopped');
    expect(states(clipAt('s', null, { status: 'needs_reselection' }))[2]).toBe('selection:stopped');
    const unknown = { ...clipAt('u', null, { status: 'failed' }), error: { step: 'teleport' } };
    expect(states(unknown).every((s) => s.endsWith(':pending'))).toBe(true);
  });

  it('says for a card which step every status is at, running or stopped', () => {
    const at = (status: (typeof CLIP_STATUSES)[number], step?: string) =>
      pipelinePosition({
        ...clipAt('a', null, { status }),
        ...(step ? { error: { step, code: 'x' } } : {}),
      });
    expect(at('preparing_source')).toBe('Step 1 of 7: Source');
    expect(at('qa_running')).toBe('Step 5 of 7: Quality check');
    expect(at('ready')).toBe('Step 6 of 7: Ready');
    expect(at('exporting')).toBe('Step 7 of 7: Export');
    expect(at('exported')).toBe('All 7 steps done');
    expect(at('needs_reselection')).toBe('Stopped at step 3 of 7: Selection');
    expect(at('needs_repair')).toBe('Stopped at step 5 of 7: Quality check');
    expect(at('failed', 'assembly')).toBe('Stopped at step 4 of 7: Assembly');
    expect(at('failed')).toBe('Stopped at a step the service did not name');
  });
});

describe('statusFilterSummary', () => {
  it('is a grammatical, true sentence: the verb agrees, the order is the pipeline’s', () => {
    expect(statusFilterSummary(['failed', 'needs_repair'], 4, false)).toBe(
      '4 clips need repair or failed, in pipeline order',
    );
    expect(statusFilterSummary(['needs_repair', 'failed'], 1, false)).toBe(
      '1 clip needs repair or failed, in pipeline order',
    );
    expect(statusFilterSummary(['ready'], 12, true)).toBe('At least 12 clips are ready');
    expect(statusFilterSummary([], 3, false)).toBe('3 clips in every status');
  });
});

describe('partStatusWords', () => {
  it('ends every running part when the clip stops', () => {
    const failed = { status: 'failed' as const };
    expect(partStatusWords(failed, 'running')).toBe('stopped');
    expect(partStatusWords(failed, 'pending')).toBe('not run');
    expect(partStatusWords(failed, 'complete')).toBe('complete');
    expect(partStatusWords({ status: 'assembling' }, 'running')).toBe('running');
    expect(partStatusWords({ status: 'needs_repair' }, 'in_progress')).toBe('stopped');
    expect(partStatusWords(failed, undefined)).toBe('—');
  });
});
