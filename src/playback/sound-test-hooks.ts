/**
 * Test hooks of the preview's sound, for the browser tests and benchmarks only: installed as
 * `window.__cutroomSound` under automation (navigator.webdriver), from a chunk of their own that
 * use-sound.ts imports only then; a user's browser never loads this module. What the page sends
 * to the speakers is heard by a tap (an audio worklet on the audio thread: nothing is missed
 * however busy the page is), and each 10 ms of it is placed on the timeline by the transport's
 * mapping in force when it was rendered.
 */
import tapUrl from './sound-tap.worklet.ts?worker&url';
import type { SoundEngine, SoundStats, SoundStatus } from './sound-engine.ts';
import { previewFramesFor, type FrameFigures } from './preview-frames.ts';
import { timelineTimeAt } from './sound-plan.ts';
import type { TapBlock } from './sound-tap.worklet.ts';

export interface SoundLevel {
  /** The stretch of the timeline heard (by the transport's mapping when it was rendered). */
  from: number;
  to: number;
  rms: number;
  peak: number;
  /** The timeline time of the first sample over the listening threshold, or null. */
  onset: number | null;
}

export interface SoundTestHooks {
  status(): SoundStatus & { context: AudioContextState | 'none'; clock: string; playhead: number };
  figures(): SoundStats;
  /** Starts listening afresh (what was heard before is forgotten). */
  listen(options?: { onsetAbove?: number }): Promise<void>;
  /** What was heard since `listen`, once playback has passed `until` (or after `timeoutMs`). */
  heardUntil(until: number, timeoutMs?: number): Promise<SoundLevel[]>;
  /**
   * For `forMs`, each frame's playhead as playback publishes it minus the timeline time heard at
   * the clock's reading it was taken at (by what was scheduled), in seconds.
   */
  frameOffsets(forMs: number): Promise<number[]>;
  /**
   * For `forMs`, each frame the preview paints while playing: the time of the video frame it
   * shows (its middle), and the time it was asked to show, each minus the timeline time heard as
   * it paints, in seconds: lip-sync as the page delivers it (the benchmark's measure); and what
   * the preview's frames did meanwhile (fetches, cancellations, latency, frame rate).
   */
  lipSync(forMs: number): Promise<{ shown: number[]; asked: number[]; frames: FrameFigures }>;
  enable(): void;
  /** Plays from a script, not a person's gesture (a browser may refuse it sound). */
  playWithoutGesture(): void;
}

declare global {
  interface Window {
    __cutroomSound?: SoundTestHooks;
  }
}

export function installSoundTestHooks(engine: SoundEngine): () => void {
  let blocks: TapBlock[] = [];
  let tap: Promise<AudioWorkletNode | null> | null = null;

  const connect = (): Promise<AudioWorkletNode | null> => {
    tap ??= (async () => {
      const output = engine.output();
      if (!output) return null;
      await output.context.audioWorklet.addModule(tapUrl);
      const node = new AudioWorkletNode(output.context, 'cutroom-sound-tap', {
        numberOfInputs: 1,
        numberOfOutputs: 0,
        channelCount: 1,
        channelCountMode: 'explicit',
      });
      node.port.onmessage = (event: MessageEvent<TapBlock[]>) => blocks.push(...event.data);
      output.master.connect(node);
      return node;
    })();
    return tap;
  };

  const levels = (): SoundLevel[] => {
    const out: SoundLevel[] = [];
    for (const block of blocks) {
      let mapping = null;
      for (const entry of engine.mappings) if (entry.at <= block.at) mapping = entry.mapping;
      if (!mapping || mapping.rate === 0) continue;
      const from = timelineTimeAt(mapping, block.at);
      out.push({
        from,
        to: from + block.seconds * mapping.rate,
        rms: block.rms,
        peak: block.peak,
        onset: block.onset < 0 ? null : from + block.onset * mapping.rate,
      });
    }
    return out;
  };

  const hooks: SoundTestHooks = {
    status: () => ({
      ...engine.status.getState(),
      context: engine.audio?.state ?? 'none',
      clock: engine.transport.clock.name,
      playhead: engine.transport.time(),
    }),
    figures: () => engine.figures(),
    listen: async ({ onsetAbove } = {}) => {
      const node = await connect();
      node?.port.postMessage({ threshold: onsetAbove ?? Infinity });
      blocks = [];
    },
    heardUntil: (until, timeoutMs = 20_000) =>
      new Promise((resolve) => {
        const started = performance.now();
        const check = () => {
          const heard = levels();
          if (heard.some((level) => level.from >= until) || performance.now() - started > timeoutMs)
            resolve(heard);
          else setTimeout(check, 50);
        };
        check();
      }),
    frameOffsets: (forMs) =>
      new Promise((resolve) => {
        const offsets: number[] = [];
        // Each frame's playhead, as the transport publishes it, against the sound heard then.
        const stop = engine.transport.store.subscribe((state, previous) => {
          if (state.rate === 0 || state.playhead === previous.playhead) return;
          const heard = engine.heardTime(engine.transport.frameClock());
          if (heard !== null) offsets.push(state.playhead - heard);
        });
        setTimeout(() => {
          stop();
          resolve(offsets);
        }, forMs);
      }),
    lipSync: (forMs) =>
      new Promise((resolve) => {
        const offsets = { shown: [] as number[], asked: [] as number[] };
        const frames = previewFramesFor(engine.transport.projectId);
        const before = frames.figures();
        const startedAt = performance.now();
        const stop = engine.transport.onPainted(({ shown, asked }) => {
          const heard = engine.heardTime();
          if (heard === null) return;
          offsets.shown.push(shown - heard);
          offsets.asked.push(asked - heard);
        });
        setTimeout(() => {
          stop();
          const after = frames.figures();
          resolve({
            ...offsets,
            frames: {
              ...after,
              fetched: after.fetched - before.fetched,
              cancelled: after.cancelled - before.cancelled,
              paces: after.paces.filter((pace) => pace.at >= startedAt),
            },
          });
        }, forMs);
      }),
    enable: () => engine.enable(),
    playWithoutGesture: () => engine.transport.play(),
  };
  window.__cutroomSound = hooks;
  return () => {
    if (window.__cutroomSound === hooks) delete window.__cutroomSound;
  };
}
