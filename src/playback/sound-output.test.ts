import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSoundSettings } from './sound-settings.ts';
import { REST_AFTER_MS, SoundOutput } from './sound-output.ts';

function fakeContext() {
  const glides: number[] = [];
  const listeners: Array<() => void> = [];
  const master = {
    gain: { value: 1, setTargetAtTime: (value: number) => glides.push(value) },
    connect: vi.fn(),
  };
  const context = {
    state: 'running' as AudioContextState,
    currentTime: 0,
    destination: {},
    createGain: vi.fn(() => master),
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    suspend: vi.fn(() => Promise.resolve()),
    resume: vi.fn(() => Promise.resolve()),
  };
  return { context, master, glides, listeners };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the sound output', () => {
  it('makes the context once, with a master gain at the device volume, in front of the speakers', () => {
    const fake = fakeContext();
    const make = vi.fn(() => fake.context as unknown as AudioContext);
    const settings = createSoundSettings(null);
    settings.setState({ volume: 0.5, muted: false });
    const output = new SoundOutput(settings, make, () => undefined);
    expect(output.context).toBeNull();
    expect(output.ensure()).toBe(fake.context);
    expect(output.ensure()).toBe(fake.context);
    expect(make).toHaveBeenCalledTimes(1);
    expect(fake.master.connect).toHaveBeenCalledWith(fake.context.destination);
    expect(fake.master.gain.value).toBeCloseTo(0.25);
  });

  it('has no context without Web Audio', () => {
    const output = new SoundOutput(
      createSoundSettings(null),
      () => null,
      () => undefined,
    );
    expect(output.ensure()).toBeNull();
    expect(output.master).toBeNull();
  });

  it('follows the volume and mute until stopped', () => {
    const fake = fakeContext();
    const settings = createSoundSettings(null);
    const output = new SoundOutput(
      settings,
      () => fake.context as unknown as AudioContext,
      () => undefined,
    );
    output.ensure();
    const stop = output.followSettings();
    settings.setState({ muted: true });
    settings.setState({ muted: false, volume: 1 });
    stop();
    settings.setState({ volume: 0.1 });
    expect(fake.glides).toEqual([0, 1]);
  });

  it("passes the context's state changes on", () => {
    const fake = fakeContext();
    const onState = vi.fn();
    const output = new SoundOutput(
      createSoundSettings(null),
      () => fake.context as unknown as AudioContext,
      onState,
    );
    output.ensure();
    fake.listeners.forEach((listener) => listener());
    expect(onState).toHaveBeenCalledTimes(1);
  });

  it('suspends a running context after a rest, unless something is to be heard by then', () => {
    vi.useFakeTimers();
    const fake = fakeContext();
    const output = new SoundOutput(
      createSoundSettings(null),
      () => fake.context as unknown as AudioContext,
      () => undefined,
    );
    output.ensure();
    let resting = false;
    output.restWhenIdle(() => resting);
    vi.advanceTimersByTime(REST_AFTER_MS);
    expect(fake.context.suspend).not.toHaveBeenCalled();
    resting = true;
    output.restWhenIdle(() => resting);
    vi.advanceTimersByTime(REST_AFTER_MS - 1);
    output.restWhenIdle(() => resting, 100);
    vi.advanceTimersByTime(99);
    expect(fake.context.suspend).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fake.context.suspend).toHaveBeenCalledTimes(1);
  });
});
