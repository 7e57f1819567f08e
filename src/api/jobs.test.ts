import { describe, expect, it } from 'vitest';
import { followJobIntervalMs, isFinishedJobStatus, jobAgeMs } from './jobs.ts';

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

  it('follows a job found long after it started at its age, not as if just started', () => {
    const now = Date.parse('2026-11-29T10:00:00Z');
    // Started ten minutes ago, seen just now: read every 5 s, not four times a second.
    expect(followJobIntervalMs(jobAgeMs(0, '2026-11-29T09:50:00Z', now))).toBe(5_000);
    // Just started (a second's clock difference either way): the fast reads.
    expect(followJobIntervalMs(jobAgeMs(0, '2026-11-29T10:00:01Z', now))).toBe(250);
    expect(jobAgeMs(200, '2026-11-29T10:00:01Z', now)).toBe(200);
    // No usable time from the service: by how long this browser has followed it.
    expect(jobAgeMs(2_500, undefined, now)).toBe(2_500);
    expect(jobAgeMs(2_500, 'not a time', now)).toBe(2_500);
  });
});
