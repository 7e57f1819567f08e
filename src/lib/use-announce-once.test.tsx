import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TURN_DELAY_MS } from './announce-once.ts';
import { claimAnnouncement, markStarted, useStartedWork } from './started-work.ts';
import { useAnnounceOnce } from './use-announce-once.ts';

beforeEach(() => {
  vi.useFakeTimers();
  useStartedWork.setState({ started: {}, announced: {} });
});
afterEach(() => {
  vi.useRealTimers();
});

const subject = (id: string) => ({ ids: [id], key: `outcome:${id}` });

describe('announcing work read as finished (the polling fallback)', () => {
  it('shows work started in this tab at once, and once however often it is read', async () => {
    markStarted('exp_tab');
    const shown: string[] = [];
    const { result } = renderHook(() => useAnnounceOnce());
    result.current(subject('exp_tab'), () => shown.push('exp_tab'));
    result.current(subject('exp_tab'), () => shown.push('exp_tab again'));
    await vi.advanceTimersByTimeAsync(1);
    expect(shown).toEqual(['exp_tab']);
  });

  it('waits its turn for work another tab started, and stays quiet when that tab announced it', async () => {
    // Started in this browser by another tab: known from storage only.
    useStartedWork.setState({ started: { exp_other: Date.now(), exp_lost: Date.now() } });
    const shown: string[] = [];
    const { result } = renderHook(() => useAnnounceOnce());
    result.current(subject('exp_other'), () => shown.push('exp_other'));
    result.current(subject('exp_lost'), () => shown.push('exp_lost'));
    await vi.advanceTimersByTimeAsync(TURN_DELAY_MS.visible - 50);
    expect(shown).toEqual([]);
    // The starter's tab claims one of them in the meantime (its turn comes first).
    expect(claimAnnouncement('outcome:exp_other')).toBe(true);
    await vi.advanceTimersByTimeAsync(TURN_DELAY_MS.anywhere);
    expect(shown).toEqual(['exp_lost']);
  });

  it('says nothing of work started elsewhere, and gives up turns when the view goes', async () => {
    useStartedWork.setState({ started: { exp_later: Date.now() } });
    const shown: string[] = [];
    const { result, unmount } = renderHook(() => useAnnounceOnce());
    result.current(subject('exp_someone_else'), () => shown.push('exp_someone_else'));
    result.current(subject('exp_later'), () => shown.push('exp_later'));
    unmount();
    await vi.advanceTimersByTimeAsync(TURN_DELAY_MS.anywhere);
    expect(shown).toEqual([]);
    expect(useStartedWork.getState().announced['outcome:exp_later']).toBeUndefined();
  });
});
