import { describe, expect, it } from 'vitest';
import { followJobIntervalMs, isFinishedJobStatus } from './jobs.ts';

describe('following a job', () => {
  it('reads a job just started within its first second, then backs off to every 5 s', () => {
    const reads = [0, 1, 2, 3, 4, 5, 6, 7, 20].map(followJobIntervalMs);
    expect(reads[0]! + reads[1]!).toBeLessThan(1_000);
    expect(reads).toEqual([250, 500, 1_000, 1_500, 2_250, 3_375, 5_000, 5_000, 5_000]);
  });

  it('stops at the statuses after which nothing moves', () => {
    for (const status of ['complete', 'failed', 'cancelled', 'succeeded']) {
      expect(isFinishedJobStatus(status)).toBe(true);
    }
    expect(isFinishedJobStatus('queued')).toBe(false);
    expect(isFinishedJobStatus('running')).toBe(false);
  });
});
