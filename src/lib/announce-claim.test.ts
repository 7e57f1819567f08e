import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeLocks } from '@/test/fake-tabs.ts';
import { CLAIM_HOLD_MS, claimInBrowser } from './announce-claim.ts';
import { useStartedWork } from './started-work.ts';

beforeEach(() => {
  vi.useFakeTimers();
  useStartedWork.setState({ started: {}, announced: {} });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('claiming an announcement across the tabs of a browser', () => {
  it('two tabs claiming at once: one announces; a tab claiming later finds it announced', async () => {
    const locks = new FakeLocks();
    const shown: string[] = [];
    await Promise.all([
      claimInBrowser('outcome:exp_1', () => shown.push('tab A'), { locks }),
      claimInBrowser('outcome:exp_1', () => shown.push('tab B'), { locks }),
      vi.advanceTimersByTimeAsync(CLAIM_HOLD_MS),
    ]);
    expect(shown).toEqual(['tab A']);
    // After the hold, the claim is in storage for every tab.
    await claimInBrowser('outcome:exp_1', () => shown.push('tab C'), { locks });
    expect(shown).toEqual(['tab A']);
  });

  it('without Web Locks, claims from storage', async () => {
    const shown: string[] = [];
    await claimInBrowser('outcome:exp_5', () => shown.push('first'), { locks: undefined });
    await claimInBrowser('outcome:exp_5', () => shown.push('second'), { locks: undefined });
    expect(shown).toEqual(['first']);
  });
});
