import { beforeEach, describe, expect, it } from 'vitest';
import { claimAnnouncement, isStartedHere, markStarted, useStartedWork } from './started-work.ts';

const KEY = 'cutroom.started-work';

/** Another tab of the browser writes the shared entry: the browser tells this tab by a storage event. */
function writtenByAnotherTab(state: {
  started: Record<string, number>;
  announced: Record<string, number>;
}) {
  const value = JSON.stringify({ state, version: 1 });
  localStorage.setItem(KEY, value);
  window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: value }));
}

beforeEach(() => {
  localStorage.clear();
  useStartedWork.setState({ started: {}, announced: {} });
});

describe('started work across the tabs of a browser', () => {
  it('sees what another tab started and announced, and keeps it on its own next write', () => {
    markStarted('exp_mine');
    writtenByAnotherTab({
      started: { exp_mine: 1, exp_theirs: 2 },
      announced: { 'outcome:exp_theirs': 3 },
    });
    expect(isStartedHere('exp_theirs')).toBe(true);
    expect(claimAnnouncement('outcome:exp_theirs')).toBe(false);

    markStarted('exp_next');
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '{}') as {
      state: { started: Record<string, number> };
    };
    expect(Object.keys(stored.state.started).sort()).toEqual([
      'exp_mine',
      'exp_next',
      'exp_theirs',
    ]);
  });
});
