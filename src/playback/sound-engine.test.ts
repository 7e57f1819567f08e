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

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the sound engine, paused', () => {
  it('wakes a resting output once the moved playhead rests, after a gesture on the page', () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { ...navigator, userActivation: { hasBeenActive: true } });
    const context = fakeContext('suspended');
    const { engine, transport } = engineWith(context);
    const detach = engine.attach();
    transport.seek(12, 'other');
    expect(context.resume).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(context.resume).toHaveBeenCalledTimes(1);
    detach();
  });

  it('leaves the output resting before any gesture (the browser would refuse it)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { ...navigator, userActivation: { hasBeenActive: false } });
    const context = fakeContext('suspended');
    const { engine, transport } = engineWith(context);
    const detach = engine.attach();
    transport.seek(12, 'other');
    vi.advanceTimersByTime(200);
    expect(context.resume).not.toHaveBeenCalled();
    detach();
  });
});
