import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markStarted, startedLockName, useStartedWork, watchHere } from './started-work.ts';
import { FakeLocks } from '@/test/fake-tabs.ts';
import { announceOnce, TURN_DELAY_MS, turnOf } from './announce-once.ts';

beforeEach(() => {
  vi.useFakeTimers();
  useStartedWork.setState({ started: {}, announced: {} });
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * Another tab of this browser that started `id` and is still open (it holds the work's lock):
 * the returned function closes it.
 */
function openStarterTab(locks: FakeLocks, id: string): () => void {
  useStartedWork.setState({ started: { [id]: Date.now() } });
  let close: () => void = () => undefined;
  void locks.request(
    startedLockName(id),
    {},
    () =>
      new Promise<void>((resolve) => {
        close = resolve;
      }),
  );
  return () => close();
}

describe('which tab announces finished work', () => {
  it('the tab that started it first, then a tab the user looks at, then any tab', () => {
    const subject = (id: string) => ({ ids: [id], key: `outcome:${id}` });
    markStarted('exp_here');
    expect(turnOf(subject('exp_here'), false)).toBe(TURN_DELAY_MS.startedHere);

    // Started in this browser, by a tab since closed or reloaded (known from storage only).
    useStartedWork.setState({ started: { exp_before: Date.now() } });
    expect(turnOf(subject('exp_before'), true)).toBe(TURN_DELAY_MS.visible);
    expect(turnOf(subject('exp_before'), false)).toBe(TURN_DELAY_MS.anywhere);

    const unwatch = watchHere('rev_on_screen');
    expect(turnOf(subject('rev_on_screen'), true)).toBe(TURN_DELAY_MS.visible);
    unwatch();

    expect(turnOf(subject('exp_someone_else'), true)).toBeNull();
    expect(TURN_DELAY_MS.startedHere).toBeLessThan(TURN_DELAY_MS.visible);
    expect(TURN_DELAY_MS.visible).toBeLessThan(TURN_DELAY_MS.anywhere);
  });

  it('shows at once when claimed (not after the hold), and gives up a turn the page left', async () => {
    const locks = new FakeLocks();
    const shown: string[] = [];
    markStarted('exp_2', 'exp_3');
    const page = new AbortController();
    announceOnce({ ids: ['exp_2'], key: 'outcome:exp_2' }, () => shown.push('exp_2'), {
      visible: true,
      locks,
      signal: page.signal,
    });
    await vi.advanceTimersByTimeAsync(1);
    expect(shown).toEqual(['exp_2']);

    useStartedWork.setState({ started: { exp_4: Date.now() } });
    announceOnce({ ids: ['exp_4'], key: 'outcome:exp_4' }, () => shown.push('exp_4'), {
      visible: false,
      locks,
      signal: page.signal,
    });
    page.abort();
    await vi.advanceTimersByTimeAsync(TURN_DELAY_MS.anywhere);
    expect(shown).toEqual(['exp_2']);
    expect(useStartedWork.getState().announced['outcome:exp_4']).toBeUndefined();
  });

  it('a tab that did not start the work leaves it to the open tab that did, and takes it up once that tab is gone', async () => {
    const locks = new FakeLocks();
    const shown: string[] = [];
    const closeStarter = openStarterTab(locks, 'exp_other');
    const page = new AbortController();
    announceOnce({ ids: ['exp_other'], key: 'outcome:exp_other' }, () => shown.push('here'), {
      visible: true,
      locks,
      signal: page.signal,
    });
    await vi.advanceTimersByTimeAsync(TURN_DELAY_MS.anywhere * 2);
    expect(shown).toEqual([]);

    // The starter tab closes without having announced it: this tab does.
    closeStarter();
    await vi.advanceTimersByTimeAsync(1);
    expect(shown).toEqual(['here']);
  });

  it('a tab waiting on the starter tab says nothing when that tab announced it before closing', async () => {
    const locks = new FakeLocks();
    const shown: string[] = [];
    const closeStarter = openStarterTab(locks, 'exp_done');
    announceOnce({ ids: ['exp_done'], key: 'outcome:exp_done' }, () => shown.push('here'), {
      visible: true,
      locks,
      signal: new AbortController().signal,
    });
    await vi.advanceTimersByTimeAsync(TURN_DELAY_MS.visible + 1);
    // The starter's claim, written to storage.
    useStartedWork.setState({ announced: { 'outcome:exp_done': Date.now() } });
    closeStarter();
    await vi.advanceTimersByTimeAsync(1);
    expect(shown).toEqual([]);
  });
});
