import { beforeEach, describe, expect, it } from 'vitest';
import {
  claimAnnouncement,
  isStartedHere,
  isWatchedHere,
  markStarted,
  useStartedWork,
  watchHere,
} from './started-work.ts';

beforeEach(() => useStartedWork.setState({ started: {}, announced: {} }));

describe('started work', () => {
  it('knows the ids this browser started', () => {
    markStarted('job_1', 'exp_1', undefined);
    expect(isStartedHere('job_1')).toBe(true);
    expect(isStartedHere(undefined, 'exp_1')).toBe(true);
    expect(isStartedHere('job_2', null)).toBe(false);
  });
  it('announces an outcome once', () => {
    expect(claimAnnouncement('done:job_1')).toBe(true);
    expect(claimAnnouncement('done:job_1')).toBe(false);
  });
  it('keeps the most recent entries only', () => {
    for (let i = 0; i < 250; i += 1) markStarted(`job_${i}`);
    expect(Object.keys(useStartedWork.getState().started)).toHaveLength(200);
  });
  it('watches what is on screen until every view of it is gone', () => {
    const first = watchHere('rev_1');
    const second = watchHere('rev_1');
    expect(isWatchedHere(undefined, 'rev_1')).toBe(true);
    expect(isStartedHere('rev_1')).toBe(false);
    first();
    first();
    expect(isWatchedHere('rev_1')).toBe(true);
    second();
    expect(isWatchedHere('rev_1')).toBe(false);
  });
});
