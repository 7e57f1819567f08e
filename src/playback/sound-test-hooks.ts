/**
 * Test hooks of the preview's sound, for the browser tests and benchmarks only: installed as
 * `window.__cutroomSound` under automation (navigator.webdriver), from a chunk of their own that
 * use-sound.ts imports only then; a user's browser never loads this module. What the page plays
 * is heard through an analyser tapped onto what reaches the speakers, and each measurement is
 * placed on the timeline by the transport's own mapping.
 */
import type { SoundEngine, SoundStats, SoundStatus } from './sound-engine.ts';
import { timelineTimeAt } from './sound-plan.ts';

export interface SoundLevel {
  /** The stretch of the timeline the analysed samples are (by the transport's mapping). */
  from: number;
  to: number;
  rms: number;
  peak: number;
  /** The timeline time of the first sample over the threshold asked for, or null. */
  onset: number | null;
  /** The playhead the frames showed when measured. */
  playhead: number;
}

export interface SoundTestHooks {
  status(): SoundStatus & { context: AudioContextState | 'none'; clock: string };
  figures(): SoundStats;
  /** Measures what is heard every `everyMs` for `forMs` (in the page: no round trips). */
  record(options: { forMs: number; everyMs?: number; onsetAbove?: number }): Promise<SoundLevel[]>;
  /**
   * Each animation frame for `forMs`: the playhead the frame shows minus the timeline time heard
   * then (by the sound's clock and what was scheduled), in seconds.
   */
  frameOffsets(forMs: number): Promise<number[]>;
  enable(): void;
}

declare global {
  interface Window {
    __cutroomSound?: SoundTestHooks;
  }
}

export function installSoundTestHooks(engine: SoundEngine): () => void {
  const measure = (onsetAbove: number | null): SoundLevel | null => {
    const analyser = engine.tap();
    const context = engine.audio;
    if (!analyser || !context) return null;
    const data = new Float32Array(analyser.fftSize);
    analyser.getFloatTimeDomainData(data);
    // The analyser holds the latest rendered samples: they end at the context's render time.
    const mapping = engine.transport.mapping();
    const rate = mapping.rate === 0 ? 1 : mapping.rate;
    const to =
      mapping.rate === 0
        ? engine.transport.time()
        : timelineTimeAt({ ...mapping, rate }, context.currentTime);
    const from = to - (data.length / context.sampleRate) * rate;
    let sum = 0;
    let peak = 0;
    let onset: number | null = null;
    for (let i = 0; i < data.length; i += 1) {
      const value = Math.abs(data[i]!);
      sum += value * value;
      if (value > peak) peak = value;
      if (onset === null && onsetAbove !== null && value > onsetAbove)
        onset = from + (i / context.sampleRate) * rate;
    }
    return {
      from,
      to,
      rms: Math.sqrt(sum / data.length),
      peak,
      onset,
      playhead: engine.transport.get().playhead,
    };
  };
  // Tapped from now on (the analyser joins the output when first asked).
  engine.tap();
  const hooks: SoundTestHooks = {
    status: () => ({
      ...engine.status.getState(),
      context: engine.audio?.state ?? 'none',
      clock: engine.transport.clock.name,
    }),
    figures: () => engine.figures(),
    record: ({ forMs, everyMs = 20, onsetAbove }) =>
      new Promise((resolve) => {
        const levels: SoundLevel[] = [];
        const started = performance.now();
        const timer = setInterval(() => {
          const level = measure(onsetAbove ?? null);
          if (level) levels.push(level);
          if (performance.now() - started >= forMs) {
            clearInterval(timer);
            resolve(levels);
          }
        }, everyMs);
      }),
    frameOffsets: (forMs) =>
      new Promise((resolve) => {
        const offsets: number[] = [];
        const started = performance.now();
        const frame = () => {
          const heard = engine.heardTime();
          if (heard !== null) offsets.push(engine.transport.get().playhead - heard);
          if (performance.now() - started < forMs) requestAnimationFrame(frame);
          else resolve(offsets);
        };
        requestAnimationFrame(frame);
      }),
    enable: () => engine.enable(),
  };
  window.__cutroomSound = hooks;
  return () => {
    if (window.__cutroomSound === hooks) delete window.__cutroomSound;
  };
}
