import { describe, expect, it } from 'vitest';
import {
  frameIndex,
  gridFrame,
  nearestFrame,
  PACE_WINDOW,
  paceLatency,
  playbackFrameRate,
  prefetchFrames,
} from './frame-plan.ts';

describe('the frame at a time', () => {
  it('is the frame that starts at or before it', () => {
    expect(frameIndex(1, 30)).toBe(30);
    // 0.1 × 30 is 3.0000000000000004 in floating point: still frame 3.
    expect(frameIndex(0.1, 30)).toBe(3);
    expect(frameIndex(-1, 30)).toBe(0);
  });
});

describe('fetching frames ahead', () => {
  it('asks for every frame of the next second at 1×, on a grid at 4×, backward when reversing', () => {
    const ahead = prefetchFrames({
      time: 2,
      rate: 1,
      fps: 30,
      duration: 60,
      windowSeconds: 1,
      perSecond: 30,
    });
    expect(ahead[0]).toBe(60);
    expect(ahead).toHaveLength(31);
    expect(ahead.at(-1)).toBe(90);
    const fast = prefetchFrames({
      time: 2.05,
      rate: 4,
      fps: 30,
      duration: 60,
      windowSeconds: 1,
      perSecond: 30,
    });
    expect(fast.slice(0, 3)).toEqual([60, 64, 68]);
    expect(gridFrame(2.05, 4, 30, 30)).toBe(60);
    const back = prefetchFrames({
      time: 0.2,
      rate: -1,
      fps: 30,
      duration: 60,
      windowSeconds: 1,
      perSecond: 30,
    });
    expect(back).toEqual([6, 5, 4, 3, 2, 1, 0]);
    const end = prefetchFrames({
      time: 59.9,
      rate: 1,
      fps: 30,
      duration: 60,
      windowSeconds: 1,
      perSecond: 30,
    });
    expect(end).toEqual([1797, 1798, 1799, 1800]);
  });
});

describe('fetching ahead of the sound clock', () => {
  const plan = { time: 10, rate: 1, fps: 30, duration: 60, windowSeconds: 1.5 };

  it('leaves out the frames whose moment passes before a fetch could bring them', () => {
    // 200 ms of lead at 30 a second: the next 6 frames would come late.
    const ahead = prefetchFrames({ ...plan, perSecond: 30, leadSeconds: 0.2 });
    expect(ahead[0]).toBe(306);
    expect(ahead.at(-1)).toBe(345);
    // Backward, the lead is behind the playhead (frame 293 ends at 9.8 s).
    const back = prefetchFrames({ ...plan, rate: -1, perSecond: 30, leadSeconds: 0.2 });
    expect(back.slice(0, 2)).toEqual([293, 292]);
  });

  it('asks for every second or third frame when playback is down to 15 or 10 a second', () => {
    const fifteen = prefetchFrames({ ...plan, time: 10.05, perSecond: 15, leadSeconds: 0.2 });
    expect(fifteen.slice(0, 3)).toEqual([308, 310, 312]);
    expect(fifteen.every((frame) => frame % 2 === 0)).toBe(true);
    const ten = prefetchFrames({ ...plan, perSecond: 10, leadSeconds: 0 });
    expect(ten.slice(0, 3)).toEqual([300, 303, 306]);
    expect(gridFrame(10.05, 1, 30, 10)).toBe(300);
  });

  it('asks for nothing past the window when the lead is longer than it', () => {
    expect(prefetchFrames({ ...plan, perSecond: 30, leadSeconds: 5 })).toEqual([]);
  });
});

describe('the frame shown while playing', () => {
  const here = (...frames: number[]) => {
    const set = new Set(frames);
    return (index: number) => set.has(index);
  };

  it('is the frame under the moment when it is here', () => {
    // 10.01 s at 30 fps is in frame 300 ([10, 10.033)).
    expect(nearestFrame(10.01, 30, here(298, 299, 300, 301), 45)).toBe(300);
    // At a frame's boundary, the frame that begins there.
    expect(nearestFrame(10, 30, here(299, 300), 45)).toBe(300);
  });

  it('is never an older frame when a nearer one is here, ahead or behind', () => {
    // Frames every third (10 a second): 10.09 s is nearest the middle of 303 (10.117 s).
    expect(nearestFrame(10.09, 30, here(297, 300, 303), 45)).toBe(303);
    expect(nearestFrame(10.04, 30, here(297, 300, 303), 45)).toBe(300);
    // Only older frames: the newest of them.
    expect(nearestFrame(10.5, 30, here(290, 300, 310), 45)).toBe(310);
    // Only a later frame (after a seek, the first one of the new place).
    expect(nearestFrame(10, 30, here(320), 45)).toBe(320);
  });

  it('is none when nothing here is within reach', () => {
    expect(nearestFrame(10, 30, here(100, 500), 45)).toBeNull();
    expect(nearestFrame(0, 30, here(), 45)).toBeNull();
    expect(nearestFrame(0, 30, here(0), 45)).toBe(0);
  });
});

describe('the frames a second playback asks for', () => {
  it('is 30 while 4 fetches at a time keep up with room to spare', () => {
    expect(playbackFrameRate({ latencyMs: 60, slots: 4, current: 30 })).toBe(30);
    expect(playbackFrameRate({ latencyMs: null, slots: 4, current: 30 })).toBe(30);
  });

  it('steps down to 15, then 10, as the measured latency grows', () => {
    expect(playbackFrameRate({ latencyMs: 200, slots: 4, current: 30 })).toBe(15);
    expect(playbackFrameRate({ latencyMs: 300, slots: 4, current: 15 })).toBe(10);
    expect(playbackFrameRate({ latencyMs: 300, slots: 4, current: 30 })).toBe(10);
    // Slower still: 10 is the floor.
    expect(playbackFrameRate({ latencyMs: 2000, slots: 4, current: 10 })).toBe(10);
  });

  it('steps up again only with room to spare (no flipping at the edge)', () => {
    // 4 slots at 110 ms carry 36 a second: 30 goes on, but 15 does not climb back to it.
    expect(playbackFrameRate({ latencyMs: 110, slots: 4, current: 15 })).toBe(15);
    expect(playbackFrameRate({ latencyMs: 110, slots: 4, current: 30 })).toBe(30);
    expect(playbackFrameRate({ latencyMs: 70, slots: 4, current: 15 })).toBe(30);
    expect(playbackFrameRate({ latencyMs: 200, slots: 4, current: 10 })).toBe(10);
    expect(playbackFrameRate({ latencyMs: 150, slots: 4, current: 10 })).toBe(15);
  });
});

describe('the latency the frame rate is judged on', () => {
  const steady = Array.from({ length: PACE_WINDOW }, () => 70);

  it('is none before any fetch, and the median of the latest fetches after', () => {
    expect(paceLatency([])).toBeNull();
    expect(paceLatency([80, 40, 60])).toBe(60);
    expect(paceLatency([80, 40, 60, 50])).toBe(55);
  });

  it('keeps 15 a second through one slow frame, and steps down once slowness lasts', () => {
    const oneSlow = [...steady.slice(1), 900];
    const latencyMs = paceLatency(oneSlow);
    expect(latencyMs).toBe(70);
    expect(playbackFrameRate({ latencyMs, slots: 3, current: 15 })).toBe(15);
    const lasting = [...steady.slice(8), ...Array.from({ length: 8 }, () => 260)];
    expect(playbackFrameRate({ latencyMs: paceLatency(lasting), slots: 3, current: 15 })).toBe(10);
  });
});
