import { describe, expect, it } from 'vitest';
import { testEntry, testRevision } from '../testing/queue-fixtures.ts';
import { waitingSince, waitingState } from './waiting.ts';

describe('waiting rules', () => {
  it('a draft waits for its plan, assets ready wait for approval, runs under way and finished videos for nobody', () => {
    expect(waitingState(testEntry({ revision: testRevision({ status: 'draft' }) }))).toBe('plan');
    expect(waitingState(testEntry({ revision: testRevision({ status: 'assets_ready' }) }))).toBe(
      'assets',
    );
    for (const status of ['plan_approved', 'generating', 'complete', 'something_new']) {
      expect(waitingState(testEntry({ revision: testRevision({ status }) }))).toBeNull();
    }
  });

  it('an approval already recorded takes a revision out, whatever its status says', () => {
    const approved = testRevision({ status: 'draft', plan_approved_at: '2026-03-01T11:00:00Z' });
    expect(waitingState(testEntry({ revision: approved }))).toBeNull();
    const assets = testRevision({
      status: 'assets_ready',
      assets_approved_at: '2026-03-01T11:00Z',
    });
    expect(waitingState(testEntry({ revision: assets }))).toBeNull();
  });

  it('a failed run waits for a look until a later revision of its project exists', () => {
    const failed = testRevision({ status: 'failed', revision: 2 });
    expect(waitingState(testEntry({ revision: failed, latestRevision: 2 }))).toBe('failed');
    expect(waitingState(testEntry({ revision: failed, latestRevision: 3 }))).toBeNull();
    // A later draft does not take an earlier draft or assets out: each still waits for a decision.
    const draft = testRevision({ status: 'draft', revision: 2 });
    expect(waitingState(testEntry({ revision: draft, latestRevision: 5 }))).toBe('plan');
  });

  it('waits since creation for a draft, since its last status change otherwise', () => {
    const times = { created_at: '2026-03-01T10:00:00Z', updated_at: '2026-03-02T08:30:00Z' };
    expect(waitingSince(testRevision({ status: 'draft', ...times }))).toBe(times.created_at);
    expect(waitingSince(testRevision({ status: 'assets_ready', ...times }))).toBe(times.updated_at);
    expect(waitingSince(testRevision({ status: 'failed', ...times }))).toBe(times.updated_at);
  });
});
