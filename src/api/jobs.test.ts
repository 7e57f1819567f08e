import { describe, expect, it } from 'vitest';
import { followJobIntervalMs, isFinishedJobStatus } from './jobs.ts';

describe('following a job', () => {
  it('reads a job just started within its first second, then backs off to every 5 s', () => {
    const at = [0, 900, 1_000, 2_999, 3_000, 9_999, 10_000, 29_999, 30_000, 600_000];
    expect(at.map(followJobIntervalMs)).toEqual([
      250, 250, 500, 500, 1_000, 1_000, 2_000, 2_000, 5_000, 5_000,
    ]);
  });

  it('stops at the statuses after which nothing moves', () => {
    for (const status of ['complete', 'failed', 'cancelled', 'succeeded']) {
      expect(isFinishedJobStatus(status)).toBe(true);
    }
    expect(isFinishedJobStatus('queued')).toBe(false);
    expect(isFinishedJobStatus('running')).toBe(false);
  });
});
