/**
 * The preview's sound: the service's mix of the timeline (sound-chunks.ts), scheduled on the
 * tab's one AudioContext by the transport's mapping (sound-plan.ts), with the sound's clock
 * installed as the transport's master clock while it plays (sound-clock.ts), so the frames show
 * what is heard.
 *
 * - Play: the chunks from the playhead are handed to the context a little ahead of the clock
 *   (what is already past is skipped, never played late); a seek, a new speed or a new stretch
 *   stops what was scheduled and starts again from the new moment.
 * - A new mix during playback (an edit, mute or solo) fetches what is ahead again; the chunk
 *   playing goes on until its successor of the new mix is here, which takes over from then.
 * - A chunk that fails or is late leaves a silent gap; the clock runs on (frames never wait for
 *   sound) and the gap is said once per playback ("sound is catching up").
 * - Sound plays forward at 1×; at the shuttle's other speeds it is off, and the status says so.
 * - A browser that does not let the page start sound before a gesture: the status asks for a
 *   click (`enable`); meanwhile frames play on the wall clock.
 * - Scrubbing (`scrub`) plays a short grain under the pointer.
 * - The meter: the block peaks of the chunks under the playhead each frame, with a peak meter's
 *   ballistics; a mix over 0 dBFS is a clip, kept until cleared.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  isClipping,
  peakBetween,
  SILENT_METER,
  stepMeter,
  toDecibels,
  type MeterState,
} from './peak-meter.ts';
import { createSoundClock } from './sound-clock.ts';
import { SoundChunks, type MixSpec, type SoundChunk } from './sound-chunks.ts';
import { SoundDecoder } from './sound-decoder.ts';
import {
  CHUNK_SECONDS,
  chunkIndexAt,
  chunksAhead,
  clockTimeOf,
  FETCH_AHEAD_SECONDS,
  layersKey,
  PAUSED_AHEAD_SECONDS,
  placeChunk,
  SCHEDULE_AHEAD_SECONDS,
  soundPlaysAt,
  timelineTimeAt,
  type ClockMapping,
  type Placement,
} from './sound-plan.ts';
import { ScrubGrains } from './scrub-grains.ts';
import { audioContext, SoundOutput } from './sound-output.ts';
import { soundSettings } from './sound-settings.ts';
import {
  transportFor,
  type Transport,
  type TransportClock,
  type TransportState,
} from './transport.ts';

export type SoundState =
  /** Not playing. */
  | 'off'
  /** Playing, the first sound on its way. */
  | 'starting'
  | 'playing'
  /** Playing at a speed sound is off at (2×, 4×, backward). */
  | 'shuttle'
  /** The browser waits for a click before it lets the page make sound. */
  | 'needs-gesture'
  /** No Web Audio here. */
  | 'unavailable';

export interface SoundStatus {
  state: SoundState;
  /** A gap played silent in this playback (said once per playback). */
  catchingUp: boolean;
  /** The last clip: the timeline time where the mix went over 0 dBFS, and its peak. */
  clip: { time: number; peakDb: number } | null;
  /** The last chunk's failure, for the status's words. */
  error: unknown;
}

/** Seconds between the context's render time and the earliest a chunk is started. */
const START_MARGIN_SECONDS = 0.03;
const PUMP_MS = 100;
/** A browser that has not started sound this long after Play wants a gesture. */
const GESTURE_WAIT_MS = 400;
const PAUSED_PLAN_MS = 150;

interface Scheduled {
  source: AudioBufferSourceNode;
  chunk: SoundChunk;
  placement: Placement;
}

/** What the engine measured (the benchmark's and the tests' figures). */
export interface SoundStats {
  /** Chunks handed to the context, and of them those that came too late to play whole. */
  scheduled: number;
  underruns: number;
  /** Silent gaps (a chunk missing when due). */
  gaps: number;
  /**
   * Per playback: when Play was pressed and when its first sound reaches the speakers
   * (`performance.now()` ms, by the context's output timestamp).
   */
  starts: Array<{ playAt: number; audibleAt: number }>;
  fetched: number;
  failed: number;
  /** The transport's clock now ('sound' while sound is its master). */
  clock: string;
}

export class SoundEngine {
  readonly status: StoreApi<SoundStatus> = createStore<SoundStatus>()(() => ({
    state: 'off',
    catchingUp: false,
    clip: null,
    error: null,
  }));
  /** The meter now (read by the view each frame; `onMeter` says when it moved). */
  meter: MeterState = SILENT_METER;
  private readonly meterListeners = new Set<(meter: MeterState) => void>();
  private readonly speakers: SoundOutput;
  private readonly decoder = new SoundDecoder();
  readonly chunks: SoundChunks;
  private mix: MixSpec = { revision: null, layers: null, layersKey: layersKey(null) };
  private readonly scheduled = new Map<number, Scheduled>();
  private clock: TransportClock | null = null;
  private pumpTimer: ReturnType<typeof setInterval> | null = null;
  private gestureTimer: ReturnType<typeof setTimeout> | null = null;
  private pausedTimer: ReturnType<typeof setTimeout> | null = null;
  private attached = 0;
  private detachTransport: (() => void) | null = null;
  private detachSettings: (() => void) | null = null;
  /** This playback: when Play was pressed (ms), whether sound came yet, its gaps said. */
  private run = { startedAt: 0, sounded: false, firstIndex: -1, gapped: new Set<number>() };
  private meterAt: number | null = null;
  private readonly grains: ScrubGrains;
  /** The transport's mappings, each from the context time it took effect (a tap reads them). */
  readonly mappings: Array<{ at: number; mapping: ClockMapping }> = [];
  readonly stats = {
    scheduled: 0,
    underruns: 0,
    gaps: 0,
    starts: [] as Array<{ playAt: number; audibleAt: number }>,
  };

  constructor(
    readonly transport: Transport,
    settings = soundSettings(),
    makeContext: () => AudioContext | null = audioContext,
  ) {
    this.speakers = new SoundOutput(settings, makeContext, this.onContextState);
    this.chunks = new SoundChunks(
      transport.projectId,
      this.decoder,
      (chunk) => this.onChunk(chunk),
      (error) => this.status.setState({ error }),
    );
    this.grains = new ScrubGrains(
      this.speakers,
      this.chunks,
      () => this.mix,
      () => this.transport.get().rate === 0,
      () => this.restWhenIdle(),
    );
  }

  /** Plays while attached (a view that shows the preview); the returned detach stops it. */
  attach(): () => void {
    this.attached += 1;
    if (this.attached === 1) {
      this.detachTransport = this.transport.store.subscribe(this.onTransport);
      this.detachSettings = this.speakers.followSettings();
      this.restart(this.transport.get());
      this.speakers.prepareEarly(
        () => this.attached > 0,
        () => {
          if (this.transport.get().rate === 0) this.restWhenIdle(0);
        },
      );
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.attached -= 1;
      if (this.attached === 0) this.detach();
    };
  }

  /** What the service mixes: the timeline's revision (null: the newest) and the layers playing. */
  setMix(revision: number | null, layers: readonly number[] | null): void {
    const key = layersKey(layers);
    if (revision === this.mix.revision && key === this.mix.layersKey) return;
    this.mix = { revision, layers: layers ? [...layers] : null, layersKey: key };
    this.chunks.keep(this.mix);
    const state = this.transport.get();
    if (state.rate === 0) this.planPaused(0);
    else if (this.playingSound()) {
      // Chunks of another set of layers never take over in the middle: start again from now.
      if (this.scheduledLayersDiffer()) this.stopSources();
      this.pump();
    }
  }

  /** The click that lets the browser make sound ("click to enable sound"). */
  enable(): void {
    if (!this.ensureContext()) return;
    this.speakers.resume();
  }

  /** A short grain of the sound at `seconds` (scrubbing, paused). */
  scrub(seconds: number): void {
    this.grains.scrub(seconds);
  }

  /** Clears the clip warning. */
  clearClip(): void {
    this.status.setState({ clip: null });
  }

  onMeter(listener: (meter: MeterState) => void): () => void {
    this.meterListeners.add(listener);
    return () => this.meterListeners.delete(listener);
  }

  /** The context (made now if need be) and what reaches the speakers, for a tap to listen. */
  output(): { context: AudioContext; master: GainNode } | null {
    const context = this.ensureContext();
    const master = this.speakers.master;
    return context && master ? { context, master } : null;
  }

  get audio(): AudioContext | null {
    return this.speakers.context;
  }

  private get context(): AudioContext | null {
    return this.speakers.context;
  }

  private get master(): GainNode | null {
    return this.speakers.master;
  }

  /**
   * The timeline time heard at `clock` (the sound's clock; now by default), by what was
   * scheduled (null when nothing plays then).
   */
  heardTime(clock = this.clock?.now()): number | null {
    if (!this.clock || !this.context || clock === undefined) return null;
    for (const { chunk, placement } of this.scheduled.values()) {
      if (clock >= placement.when && clock < placement.when + placement.duration)
        return chunk.start + placement.offset + (clock - placement.when);
    }
    return null;
  }

  figures(): SoundStats {
    return {
      ...this.stats,
      starts: [...this.stats.starts],
      fetched: this.chunks.counts.fetched,
      failed: this.chunks.counts.failed,
      clock: this.transport.clock.name,
    };
  }

  /**
   * The context, made on first need: Play, a scrub or the enable click (a browser warns about a
   * context made before the page may make sound).
   */
  private ensureContext(): AudioContext | null {
    return this.speakers.ensure();
  }

  /** Suspends the context after a rest, unless playing or a grain sounds by then. */
  private restWhenIdle(delay?: number): void {
    this.speakers.restWhenIdle(
      () => this.transport.get().rate === 0 && !this.grains.sounding,
      delay,
    );
  }

  private detach(): void {
    this.speakers.cancelPreparing();
    this.detachTransport?.();
    this.detachSettings?.();
    this.detachTransport = this.detachSettings = null;
    this.stopPlaying();
    if (this.pausedTimer) clearTimeout(this.pausedTimer);
    this.pausedTimer = null;
  }

  private readonly onContextState = (): void => {
    const state = this.transport.get();
    if (state.rate === 0) return;
    if (this.context?.state === 'running') {
      this.startPlaying(state);
      return;
    }
    // Suspended while playing (the browser's policy, the system took the output): the frames go
    // on by the wall clock, and the status asks for the click that brings sound back.
    this.stopPump();
    this.stopSources();
    if (this.clock && this.transport.clock === this.clock) this.transport.setClock(null);
    this.noteMapping();
    this.status.setState({ state: 'needs-gesture' });
  };

  private readonly onTransport = (state: TransportState, previous: TransportState): void => {
    if (
      state.rate !== previous.rate ||
      state.seekCount !== previous.seekCount ||
      state.range !== previous.range
    ) {
      this.restart(state);
      return;
    }
    if (state.rate !== 0 && state.playhead !== previous.playhead) this.frame(state);
  };

  private restart(state: TransportState): void {
    this.stopSources();
    if (state.rate === 0) {
      this.stopPlaying();
      this.noteMapping();
      this.planPaused(PAUSED_PLAN_MS);
      return;
    }
    this.run = { startedAt: performance.now(), sounded: false, firstIndex: -1, gapped: new Set() };
    this.meterAt = state.playhead;
    this.status.setState({ catchingUp: false });
    this.startPlaying(state);
  }

  private startPlaying(state: TransportState): void {
    const context = this.ensureContext();
    if (!context) {
      this.status.setState({ state: 'unavailable' });
      return;
    }
    if (context.state !== 'running') {
      // Within Play's key press or click, the browser lets the page start sound; else it asks.
      void context.resume().catch(() => undefined);
      this.status.setState({ state: 'starting' });
      if (this.gestureTimer) clearTimeout(this.gestureTimer);
      this.gestureTimer = setTimeout(() => {
        this.gestureTimer = null;
        if (context.state !== 'running' && this.transport.get().rate !== 0)
          this.status.setState({ state: 'needs-gesture' });
      }, GESTURE_WAIT_MS);
      return;
    }
    this.clock ??= createSoundClock(context);
    if (this.transport.clock !== this.clock) this.transport.setClock(this.clock);
    this.noteMapping();
    if (!soundPlaysAt(state.rate)) {
      this.status.setState({ state: 'shuttle' });
      this.stopPump();
      return;
    }
    this.status.setState({ state: this.run.sounded ? 'playing' : 'starting' });
    this.pump();
    this.pumpTimer ??= setInterval(() => this.pump(), PUMP_MS);
  }

  private stopPlaying(): void {
    this.stopPump();
    this.stopSources();
    if (this.gestureTimer) clearTimeout(this.gestureTimer);
    this.gestureTimer = null;
    if (this.clock && this.transport.clock === this.clock) this.transport.setClock(null);
    this.meter = SILENT_METER;
    this.meterAt = null;
    for (const listener of this.meterListeners) listener(this.meter);
    this.status.setState({ state: 'off' });
    this.restWhenIdle();
  }

  private noteMapping(): void {
    if (!this.context) return;
    this.mappings.push({ at: this.context.currentTime, mapping: this.transport.mapping() });
    if (this.mappings.length > 64) this.mappings.shift();
  }

  private stopPump(): void {
    if (this.pumpTimer) clearInterval(this.pumpTimer);
    this.pumpTimer = null;
  }

  private stopSources(): void {
    for (const { source } of this.scheduled.values()) {
      try {
        source.stop();
      } catch {
        // Never started, or stopped already.
      }
      source.disconnect();
    }
    this.scheduled.clear();
  }

  private playingSound(): boolean {
    const state = this.transport.get();
    return (
      state.rate !== 0 &&
      soundPlaysAt(state.rate) &&
      this.context?.state === 'running' &&
      this.transport.clock === this.clock
    );
  }

  private scheduledLayersDiffer(): boolean {
    for (const { chunk } of this.scheduled.values())
      if (chunk.layersKey !== this.mix.layersKey) return true;
    return false;
  }

  /** Fetches around the paused playhead, so that Play starts at once (after `delay` of rest). */
  private planPaused(delay: number): void {
    if (this.pausedTimer) clearTimeout(this.pausedTimer);
    this.pausedTimer = setTimeout(() => {
      this.pausedTimer = null;
      const state = this.transport.get();
      if (state.rate !== 0) return;
      this.wakeOutput();
      this.chunks.plan(
        this.mix,
        chunksAhead({
          time: state.playhead,
          duration: state.duration,
          aheadSeconds: PAUSED_AHEAD_SECONDS,
        }),
      );
    }, delay);
  }

  /**
   * A person who has just moved the playhead is about to play: a resting (suspended) output wakes
   * now, as resuming it takes a moment Play would otherwise wait for, and rests again if Play does
   * not come. Only once the page has had a gesture (before it, the browser keeps it suspended).
   */
  private wakeOutput(): void {
    if (this.context?.state !== 'suspended' || !navigator.userActivation?.hasBeenActive) return;
    this.speakers.resume();
    this.restWhenIdle();
  }

  /** Hands the chunks due soon to the context, and asks for the ones further ahead. */
  private pump(): void {
    if (!this.playingSound()) return;
    const context = this.context!;
    const state = this.transport.get();
    const mapping = this.transport.mapping();
    const now = context.currentTime;
    const earliest = now + START_MARGIN_SECONDS;
    const head = timelineTimeAt(mapping, now);
    const until = state.range ? state.range.to : state.duration;
    this.chunks.plan(
      this.mix,
      chunksAhead({ time: head, duration: until, aheadSeconds: FETCH_AHEAD_SECONDS }),
    );
    for (const [index, entry] of this.scheduled) {
      if (entry.placement.when + entry.placement.duration < now) {
        entry.source.disconnect();
        this.scheduled.delete(index);
      }
    }
    const due = chunksAhead({ time: head, duration: until, aheadSeconds: SCHEDULE_AHEAD_SECONDS });
    for (const index of due) {
      const chunk = this.chunks.get(this.mix, index);
      const current = this.scheduled.get(index);
      if (!chunk) {
        if (!current && clockTimeOf(mapping, index * CHUNK_SECONDS) < earliest + 0.05)
          this.gap(index);
        continue;
      }
      if (current?.chunk === chunk) continue;
      // A newer mix's chunk takes over from the one scheduled, from now on.
      const from = current ? Math.max(earliest, current.placement.when) : earliest;
      const placement = placeChunk({
        mapping,
        start: chunk.start,
        seconds: CHUNK_SECONDS,
        earliest: from,
        until,
      });
      if (!placement) continue;
      if (current) {
        try {
          current.source.stop(placement.when);
        } catch {
          // Already ended.
        }
      }
      const source = context.createBufferSource();
      source.buffer = chunk.buffer;
      source.connect(this.master!);
      source.start(placement.when, placement.offset, placement.duration);
      this.scheduled.set(index, { source, chunk, placement });
      this.noteScheduled(index, placement, current !== undefined);
    }
  }

  /** When context time `when` reaches the speakers, in `performance.now()` ms. */
  private audibleAt(when: number): number {
    const context = this.context!;
    const stamp = context.getOutputTimestamp?.();
    if (stamp?.contextTime !== undefined && stamp.performanceTime)
      return stamp.performanceTime + (when - stamp.contextTime) * 1000;
    return performance.now() + (when - context.currentTime + (context.outputLatency ?? 0)) * 1000;
  }

  private noteScheduled(index: number, placement: Placement, replacing: boolean): void {
    this.stats.scheduled += 1;
    if (this.run.firstIndex < 0) this.run.firstIndex = index;
    // The chunk Play starts in is joined where the clock is; any later one skipped is late.
    if (
      placement.skipped &&
      index !== this.run.firstIndex &&
      !replacing &&
      !this.run.gapped.has(index)
    )
      this.stats.underruns += 1;
    if (!this.run.sounded) {
      this.run.sounded = true;
      this.stats.starts.push({
        playAt: this.run.startedAt,
        audibleAt: this.audibleAt(placement.when),
      });
      this.status.setState({ state: 'playing' });
    }
  }

  /** A chunk missing when due: its stretch plays silent, said once per playback. */
  private gap(index: number): void {
    if (this.run.gapped.has(index)) return;
    this.run.gapped.add(index);
    // The chunk Play starts in is on its way: not a gap yet (the start waits for it, in silence).
    if (
      !this.run.sounded &&
      this.run.firstIndex < 0 &&
      performance.now() - this.run.startedAt < 1000
    ) {
      this.run.gapped.delete(index);
      return;
    }
    this.stats.gaps += 1;
    this.stats.underruns += 1;
    if (!this.status.getState().catchingUp) this.status.setState({ catchingUp: true });
  }

  private onChunk(chunk: SoundChunk): void {
    if (this.playingSound()) this.pump();
    else this.grains.onChunk(chunk);
  }

  /** A frame of playback: the meter reads the peaks of what was heard since the last frame. */
  private frame(state: TransportState): void {
    if (!this.playingSound()) return;
    const from = this.meterAt ?? state.playhead;
    const to = state.playhead;
    this.meterAt = to;
    if (to <= from) return;
    let peak = 0;
    for (let index = chunkIndexAt(from); index <= chunkIndexAt(to); index += 1) {
      const entry = this.scheduled.get(index);
      if (entry) peak = Math.max(peak, peakBetween(entry.chunk, from, to));
    }
    this.meter = stepMeter(this.meter, peak, to - from);
    for (const listener of this.meterListeners) listener(this.meter);
    if (isClipping(peak)) this.status.setState({ clip: { time: to, peakDb: toDecibels(peak) } });
  }
}

const engines = new Map<string, SoundEngine>();

/** The tab's sound engine of `projectId` (one per project; its cache outlives a page). */
export function soundFor(projectId: string): SoundEngine {
  let engine = engines.get(projectId);
  if (!engine) {
    engine = new SoundEngine(transportFor(projectId));
    engines.set(projectId, engine);
  }
  return engine;
}
