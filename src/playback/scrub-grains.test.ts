import { describe, expect, it, vi } from 'vitest';
import { ScrubGrains, GRAIN_MIN_GAP_MS } from './scrub-grains.ts';
import type { MixSpec, SoundChunk } from './sound-chunks.ts';
import { GRAIN_SECONDS } from './sound-plan.ts';

interface Started {
  when: number;
  offset: number;
  length: number;
  stopped: boolean;
  source: { onended: (() => void) | null };
}

function fakeContext(state: AudioContextState = 'running') {
  const started: Started[] = [];
  const ramps: Array<[string, number, number]> = [];
  const context = {
    state,
    currentTime: 10,
    resume: vi.fn(() => Promise.resolve()),
    createGain() {
      const param = {
        setValueAtTime: (value: number, at: number) => ramps.push(['set', value, at]),
        linearRampToValueAtTime: (value: number, at: number) => ramps.push(['ramp', value, at]),
      };
      return { gain: param, connect: vi.fn(), disconnect: vi.fn() };
    },
    createBufferSource() {
      const entry = { onended: null as (() => void) | null };
      const source = {
        buffer: null,
        connect: vi.fn(),
        start(when: number, offset: number, length: number) {
          started.push({ when, offset, length, stopped: false, source: entry });
        },
        stop() {
          const last = started.find((s) => s.source === entry);
          if (last) last.stopped = true;
        },
        set onended(value: (() => void) | null) {
          entry.onended = value;
        },
        get onended() {
          return entry.onended;
        },
      };
      return source;
    },
  };
  return { context: context as unknown as AudioContext, started, ramps, raw: context };
}

const mix: MixSpec = { revision: 1, layers: null, layersKey: 'all' };
const chunkAt = (index: number) =>
  ({ index, start: index * 2, revision: 1, layersKey: 'all', buffer: {} }) as unknown as SoundChunk;

function setup(options: { have?: number[]; paused?: boolean; state?: AudioContextState } = {}) {
  const { context, started, ramps, raw } = fakeContext(options.state);
  const have = new Set(options.have ?? [0, 1, 2]);
  const planned: number[][] = [];
  let clock = 1000;
  const ended = vi.fn();
  const grains = new ScrubGrains(
    { ensure: () => context, master: {} as GainNode },
    {
      get: (_mix, index) => (have.has(index) ? chunkAt(index) : undefined),
      plan: (_mix, indexes) => planned.push(indexes),
    },
    () => mix,
    () => options.paused ?? true,
    ended,
    () => clock,
  );
  return {
    grains,
    started,
    ramps,
    raw,
    planned,
    have,
    ended,
    tick: (ms: number) => (clock += ms),
  };
}

describe('scrub grains', () => {
  it('plays a short grain of the mix under the pointer, faded in and out', () => {
    const { grains, started, ramps } = setup();
    grains.scrub(2.5);
    expect(started).toHaveLength(1);
    expect(started[0]!.offset).toBeCloseTo(0.5);
    expect(started[0]!.length).toBeCloseTo(GRAIN_SECONDS);
    expect(ramps[0]).toEqual(['set', 0, started[0]!.when]);
    expect(ramps.at(-1)).toEqual(['ramp', 0, started[0]!.when + GRAIN_SECONDS]);
    expect(grains.sounding).toBe(true);
  });

  it('comes at most every few tens of ms, a new grain cutting the last', () => {
    const { grains, started, tick } = setup();
    grains.scrub(1);
    tick(GRAIN_MIN_GAP_MS - 5);
    grains.scrub(1.1);
    expect(started).toHaveLength(1);
    tick(10);
    grains.scrub(1.2);
    expect(started).toHaveLength(2);
    expect(started[0]!.stopped).toBe(true);
  });

  it('asks for a chunk not here yet and plays its grain when it arrives', () => {
    const { grains, started, planned, have } = setup({ have: [] });
    grains.scrub(4.2);
    expect(started).toHaveLength(0);
    expect(planned).toEqual([[2]]);
    grains.onChunk(chunkAt(3));
    expect(started).toHaveLength(0);
    have.add(2);
    grains.onChunk(chunkAt(2));
    expect(started).toHaveLength(1);
    expect(started[0]!.offset).toBeCloseTo(0.2);
  });

  it('never sounds over playback', () => {
    const { grains, started } = setup({ paused: false });
    grains.scrub(1);
    expect(started).toHaveLength(0);
  });

  it('asks a suspended context to resume and plays once it runs', () => {
    const { grains, started, raw, tick } = setup({ state: 'suspended' });
    grains.scrub(1);
    expect(raw.resume).toHaveBeenCalled();
    expect(started).toHaveLength(0);
    raw.state = 'running';
    tick(100);
    grains.scrub(1);
    expect(started).toHaveLength(1);
  });

  it('says when the last grain ended, so the output may rest', () => {
    const { grains, started, ended } = setup();
    grains.scrub(1);
    started[0]!.source.onended?.();
    expect(grains.sounding).toBe(false);
    expect(ended).toHaveBeenCalledTimes(1);
  });
});
