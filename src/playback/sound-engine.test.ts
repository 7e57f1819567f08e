// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SoundEngine } from './sound-engine.ts';
import { createSoundSettings } from './sound-settings.ts';
import { createTransport } from './transport.ts';

function fakeContext(state: AudioContextState) {
  const master = { gain: { value: 1, setTargetAtTime: vi.fn() }, connect: vi.fn() };
  return {
    state,
    currentTime: 0,
    destination: {},
    createGain: vi.fn(() => master),
    addEventListener: vi.fn(),
    suspend: vi.fn(() => Promise.resolve()),
    resume: vi.fn(() => Promise.resolve()),
  };
}

function engineWith(context: ReturnType<typeof fakeContext>) {
  const transport = createTransport('p1', { request: () => 0, cancel: () => undefined });
  transport.setDuration(60);
  const engine = new SoundEngine(
    transport,
    createSoundSettings(null),
    () => context as unknown as AudioContext,
  );
  // The context exists (made earlier by a scrub or the idle preparation), resting.
  engine.output();
  return { engine, transport };
}

/** A resting output, the playhead moved on a page with or without a gesture so far. */
function seekResting(hasBeenActive: boolean) {
  vi.useFakeTimers();
  vi.stubGlobal('navigator', { ...navigator, userActivation: { hasBeenActive } });
  const context = fakeContext('suspended');
  const { engine, transport } = engineWith(context);
  const detach = engine.attach();
  transport.seek(12, 'other');
  const resumedWithin = (ms: number) => {
    vi.advanceTimersByTime(ms);
    detach();
  };
  return { context, resumedWithin };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the sound engine, paused', () => {
  it('wakes a resting output once the moved playhead rests, after a gesture on the page', () => {
    const { context, resumedWithin } = seekResting(true);
    expect(context.resume).not.toHaveBeenCalled();
    resumedWithin(200);
    expect(context.resume).toHaveBeenCalledTimes(1);
  });

  it('leaves the output resting before any gesture (the browser would refuse it)', () => {
    const { context, resumedWithin } = seekResting(false);
    resumedWithin(200);
    expect(context.resume).not.toHaveBeenCalled();
  });
});
