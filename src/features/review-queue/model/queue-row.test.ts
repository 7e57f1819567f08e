import { describe, expect, it } from 'vitest';
import { testEntry, testPlan, testRevision } from '../testing/queue-fixtures.ts';
import { LOW_CONFIDENCE, qaConcerns } from './qa-concerns.ts';
import { rowOf, waitingRows } from './queue-row.ts';

describe('a queue row', () => {
  it('prices a draft by what preproduction generates and assets by the animation', () => {
    const draft = rowOf(testEntry({ revision: testRevision({ status: 'draft' }) }));
    // Nothing generated yet: style anchor 4 + anchors 8 + keyframes 30 + QA 5.
    expect(draft?.credits).toBe(47);
    const assets = rowOf(testEntry({ revision: testRevision({ status: 'assets_ready' }) }));
    expect(assets?.credits).toBe(100);
    const failed = rowOf(testEntry({ revision: testRevision({ status: 'failed' }) }));
    expect(failed?.credits).toBeNull();
    expect(failed?.state).toBe('failed');
  });

  it('is null for a revision that waits for nobody, and the same object for the same entry', () => {
    expect(rowOf(testEntry({ revision: testRevision({ status: 'complete' }) }))).toBeNull();
    const entry = testEntry();
    expect(rowOf(entry)).toBe(rowOf(entry));
    expect(
      waitingRows([entry, testEntry({ revision: testRevision({ status: 'generating' }) })]),
    ).toHaveLength(1);
  });

  it('carries the changes since the revision before and the QA verdicts worth a look', () => {
    const previous = testRevision({ revision: 1, status: 'complete' });
    const plan = testPlan({ videoModelId: 'video-motion-3' });
    const revision = testRevision({
      revision: 2,
      status: 'assets_ready',
      plan,
      preproduction_assets: {
        semanticActionQa: {
          scenes: [
            { sceneIndex: 0, status: 'passed', confidence: 0.95 },
            { sceneIndex: 3, status: 'failed', confidence: 0.5 },
            { sceneIndex: 2, status: 'passed', confidence: LOW_CONFIDENCE - 0.01 },
            { sceneIndex: 1, status: 'passed', confidence: LOW_CONFIDENCE },
          ],
        },
      },
    });
    const row = rowOf(testEntry({ revision, previous }));
    expect(row?.changes).toEqual({ scenes: 0, characters: 0, models: 1 });
    expect(row?.qa).toEqual({ failed: [3], lowConfidence: [2] });
    expect(qaConcerns(testRevision())).toEqual({ failed: [], lowConfidence: [] });
  });
});

describe('row words', () => {
  it('names scenes as people count them and QA concerns in one sentence', async () => {
    const { qaWords, sceneList, creditsText } = await import('./row-words.ts');
    expect(sceneList([3])).toBe('scene 4');
    expect(sceneList([2, 0, 3])).toBe('scenes 1, 3 and 4');
    expect(qaWords({ failed: [3], lowConfidence: [0, 2] })).toBe(
      'QA failed on scene 4; low confidence on scenes 1 and 3',
    );
    expect(qaWords({ failed: [], lowConfidence: [1] })).toBe('Low confidence on scene 2');
    // Many scenes are counted, not listed.
    expect(qaWords({ failed: [1, 2, 3, 4, 5, 6], lowConfidence: [9] })).toBe(
      'QA failed on 6 scenes; low confidence on scene 10',
    );
    expect(qaWords({ failed: [], lowConfidence: [] })).toBeNull();
    expect(creditsText(1)).toBe('1 credit');
    expect(creditsText(4250)).toBe('4,250 credits');
  });
});

describe('an approval refused before any request', () => {
  it('names the missing paid plan, the failed run, or both numbers of a short balance', async () => {
    const { approvalRefusal, isPaidPlan } = await import('./approval-refusal.ts');
    const plan = { state: 'plan' as const, credits: 47 };
    expect(approvalRefusal(plan, { paid: true, balance: 4250 })).toBeNull();
    expect(approvalRefusal(plan, { paid: true, balance: undefined })).toBeNull();
    expect(approvalRefusal(plan, { paid: false, balance: 4250 })).toMatch(/needs a paid plan/);
    expect(approvalRefusal(plan, { paid: true, balance: 20 })).toBe(
      'Not enough credits: approving spends 47 credits and the workspace has 20 credits.',
    );
    expect(approvalRefusal({ state: 'failed', credits: null }, { paid: true, balance: 9 })).toMatch(
      /cannot be approved/,
    );
    expect([
      isPaidPlan('free'),
      isPaidPlan(' Free '),
      isPaidPlan('pro'),
      isPaidPlan('team'),
    ]).toEqual([false, false, true, true]);
  });
});
