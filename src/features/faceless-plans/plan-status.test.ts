import { describe, expect, it } from 'vitest';
import {
  canApprove,
  costBreakdown,
  isRunning,
  nextApproval,
  sceneAssetIndex,
  statusLabel,
} from './plan-status.ts';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';

const revision = (
  status: string,
  extra: Partial<FacelessPlanRevision> = {},
): FacelessPlanRevision => ({
  id: 'r',
  project_id: 'p',
  revision: 1,
  status,
  created_at: '',
  updated_at: '',
  ...extra,
});

describe('plan status', () => {
  it('offers each approval only where the status machine allows it', () => {
    expect(nextApproval(revision('draft'))).toBe('plan');
    expect(nextApproval(revision('assets_ready'))).toBe('assets');
    for (const status of ['plan_approved', 'generating', 'complete', 'failed', 'mystery']) {
      expect(nextApproval(revision(status))).toBeNull();
      expect(canApprove(revision(status), 'plan')).toBe(false);
    }
    expect(isRunning('generating')).toBe(true);
    expect(statusLabel('assets_ready')).toBe('Assets ready for review');
    expect(statusLabel('on_hold')).toBe('on hold');
  });

  it('tells current, stale and never-generated scene assets apart', () => {
    const scene = { index: 1 };
    expect(sceneAssetIndex(revision('draft'))(scene).state).toBe('pending');
    const revised = revision('draft', {
      preproduction_assets: {
        keyframes: [{ sceneIndex: 0, assetId: 'k0' }],
        semanticActionQa: { scenes: [{ sceneIndex: 0 }] },
      },
    });
    expect(sceneAssetIndex(revised)(scene).state).toBe('stale');
    expect(sceneAssetIndex(revised)({ index: 0 })).toMatchObject({
      state: 'current',
      keyframeAssetId: 'k0',
    });
  });

  it('checks that the estimate adds up', () => {
    const ok = costBreakdown({ planning: 2, keyframes: 30, animation: 100, total: 132 });
    expect(ok).toMatchObject({ total: 132, sumOfParts: 132, consistent: true });
    const wrong = costBreakdown({ planning: 2, keyframes: 30, total: 50 });
    expect(wrong).toMatchObject({ consistent: false, sumOfParts: 32 });
  });
});
