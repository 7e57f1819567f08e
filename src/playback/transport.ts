/**
 * The project's transport: one playhead and one clock per project in a tab, shared by every view
 * of the project (the timeline, its preview, the caption styler, the Words view). A view reads the
 * playhead from here and moves it through here, so all of them show the same moment; moving from
 * one editor page to another keeps it.
 *
 * The clock is a `TransportClock`: the wall clock by default; the preview's sound engine installs
 * its audio clock while sound plays (sound is the master, frames follow), and hands back the wall
 * clock when it stops. Time is `anchorTime + (clock.now() - anchorClock) * rate`, clamped to the
 * cut; at an end, playback stops there.
 *
 * While playing, one animation frame loop (the transport's own) publishes the playhead to the
 * store every frame, so a view subscribes to what it shows (zustand selectors) and never runs a
 * loop of its own. `time()` reads the clock between frames (a sound scheduler, a meter).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';

/** Seconds, monotonic; `now()` of the wall clock is `performance.now() / 1000`. */
export interface TransportClock {
  readonly name: string;
  now(): number;
}

export const wallClock: TransportClock = {
  name: 'wall',
  now: () => performance.now() / 1000,
};

/** Why the playhead last moved: a view can tell its own seek from someone else's. */
export type SeekOrigin =
  'timeline' | 'preview' | 'captions' | 'words' | 'keyboard' | 'play' | 'other';

export interface TransportState {
  /** Seconds on the timeline: updated every frame while playing. */
  playhead: number;
  /** 0 paused; negative plays backward; at most ±MAX_RATE. */
  rate: number;
  /** The length of the cut, in seconds (the views that know the timeline set it). */
  duration: number;
  /** The origin of the last seek (not of the frames playback publishes). */
  seekOrigin: SeekOrigin;
  /** A stretch being played on its own (`playRange`): playback stops at its end. */
  range: { from: number; to: number } | null;
  /** Increments on every seek (a jump, not playback's progress): schedulers re-anchor on it. */
  seekCount: number;
}

export const MAX_RATE = 4;

export interface PaintedMoment {
  asked: number;
  shown: number;
}

export interface Transport {
  readonly projectId: string;
  readonly store: StoreApi<TransportState>;
  get(): TransportState;
  /** The playhead now, by the clock (between published frames too). */
  time(): number;
  seek(seconds: number, origin?: SeekOrigin): void;
  /** 0 pauses; the rate is clamped to ±MAX_RATE. */
  setRate(rate: number): void;
  play(): void;
  pause(): void;
  /** Plays [from, to] once from `from`, then pauses at `to` (a clean-up's "play"). */
  playRange(from: number, to: number): void;
  setDuration(seconds: number): void;
  /** Installs the master clock (the sound engine's); null gives back the wall clock. */
  setClock(clock: TransportClock | null): void;
  readonly clock: TransportClock;
  /**
   * How the clock maps to timeline time now (`time = anchorTime + (clock - anchorClock) × rate`):
   * the sound engine places its chunks by it. Changes with every seek, speed and clock change.
   */
  mapping(): { anchorTime: number; anchorClock: number; rate: number };
  /** The clock's reading the last published frame's playhead was taken at (lip-sync checks). */
  frameClock(): number;
  /**
   * A view painted while playing: the moment it was asked for (`asked`, the clock's) and the one
   * its picture shows (`shown`: a video frame still on its way leaves an older one up). Listeners
   * compare them with what is heard then (lip-sync). Not a store change: nothing re-renders.
   */
  notePainted(painted: PaintedMoment): void;
  onPainted(listener: (painted: PaintedMoment) => void): () => void;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

export function createTransport(
  projectId: string,
  frames: {
    request(callback: () => void): number;
    cancel(handle: number): void;
  } = {
    request: (callback) => requestAnimationFrame(() => callback()),
    cancel: (handle) => cancelAnimationFrame(handle),
  },
): Transport {
  const store = createStore<TransportState>()(() => ({
    playhead: 0,
    rate: 0,
    duration: 0,
    seekOrigin: 'other',
    range: null,
    seekCount: 0,
  }));
  let clock: TransportClock = wallClock;
  let anchorTime = 0;
  let anchorClock = 0;
  let frame: number | null = null;

  const bounds = () => {
    const { duration, range } = store.getState();
    return range ? { low: range.from, high: range.to } : { low: 0, high: Math.max(0, duration) };
  };

  let frameClock = 0;
  const painted = new Set<(moment: PaintedMoment) => void>();

  const raw = () => {
    const { rate, playhead } = store.getState();
    if (rate === 0) return playhead;
    frameClock = clock.now();
    return anchorTime + (frameClock - anchorClock) * rate;
  };

  const time = () => {
    if (store.getState().rate === 0) return store.getState().playhead;
    const { low, high } = bounds();
    return clamp(raw(), low, Math.max(low, high));
  };

  const anchor = (at: number) => {
    anchorTime = at;
    anchorClock = clock.now();
  };

  const stopLoop = () => {
    if (frame !== null) frames.cancel(frame);
    frame = null;
  };

  const tick = () => {
    frame = null;
    const state = store.getState();
    if (state.rate === 0) return;
    const { low, high } = bounds();
    const now = raw();
    const ended = (state.rate > 0 && now >= high) || (state.rate < 0 && now <= low);
    if (ended) {
      store.setState({ playhead: state.rate > 0 ? high : low, rate: 0, range: null });
      return;
    }
    store.setState({ playhead: clamp(now, low, high) });
    frame = frames.request(tick);
  };

  const startLoop = () => {
    if (frame === null) frame = frames.request(tick);
  };

  const transport: Transport = {
    projectId,
    store,
    get: () => store.getState(),
    time,
    get clock() {
      return clock;
    },
    seek(seconds, origin = 'other') {
      const state = store.getState();
      // Past the end of the cut is a place too (the timeline adds and pastes there); playback
      // from there starts again at the start.
      const at = Math.max(0, seconds);
      anchor(at);
      store.setState({
        playhead: at,
        seekOrigin: origin,
        seekCount: state.seekCount + 1,
        // A seek outside the stretch being played ends the stretch's playback.
        range: state.range && (at < state.range.from || at > state.range.to) ? null : state.range,
      });
    },
    setRate(next) {
      const rate = clamp(next, -MAX_RATE, MAX_RATE);
      const state = store.getState();
      if (rate === state.rate) return;
      const at = time();
      anchor(at);
      if (rate === 0) {
        stopLoop();
        store.setState({ rate: 0, playhead: at, range: null });
        return;
      }
      // Playing forward from the very end starts again from the beginning, as players do.
      const restart = rate > 0 && state.duration > 0 && at >= state.duration - 1e-3 && !state.range;
      if (restart) anchor(0);
      store.setState({ rate, playhead: restart ? 0 : at, seekOrigin: 'play' });
      startLoop();
    },
    play: () => transport.setRate(1),
    pause: () => transport.setRate(0),
    playRange(from, to) {
      const low = Math.max(0, Math.min(from, to));
      const high = Math.max(from, to);
      stopLoop();
      anchor(low);
      const state = store.getState();
      store.setState({
        playhead: low,
        rate: 1,
        range: { from: low, to: high },
        seekOrigin: 'play',
        seekCount: state.seekCount + 1,
      });
      startLoop();
    },
    setDuration(seconds) {
      const duration = Math.max(0, seconds);
      if (duration === store.getState().duration) return;
      // The playhead stays where it is (a cut made shorter leaves it after the end, paused).
      store.setState({ duration });
    },
    mapping: () => ({ anchorTime, anchorClock, rate: store.getState().rate }),
    frameClock: () => frameClock,
    notePainted: (moment) => {
      for (const listener of painted) listener(moment);
    },
    onPainted: (listener) => {
      painted.add(listener);
      return () => painted.delete(listener);
    },
    setClock(next) {
      const at = time();
      clock = next ?? wallClock;
      anchor(at);
    },
  };
  return transport;
}

const transports = new Map<string, Transport>();

/** The tab's transport of `projectId` (one per project, made on first use). */
export function transportFor(projectId: string): Transport {
  let transport = transports.get(projectId);
  if (!transport) {
    transport = createTransport(projectId);
    transports.set(projectId, transport);
  }
  return transport;
}
