/**
 * Scrubbing's sound: while paused, each move of the playhead under the pointer plays a short
 * grain of the mix there (faded in and out so it never clicks), as editors do. Grains come at
 * most every `GRAIN_MIN_GAP_MS` and a new one cuts the last; a chunk not here yet is asked for
 * and its grain plays when it arrives, if the pointer is still over it.
 */
import type { MixSpec, SoundChunk } from './sound-chunks.ts';
import { CHUNK_SECONDS, chunkIndexAt, GRAIN_FADE_SECONDS, GRAIN_SECONDS } from './sound-plan.ts';

export const GRAIN_MIN_GAP_MS = 45;
/** Seconds between now on the context and the grain's start. */
const GRAIN_LEAD_SECONDS = 0.005;

export interface GrainSource {
  /** The chunk of `mix` at `index`, if it is here. */
  get(mix: MixSpec, index: number): SoundChunk | undefined;
  /** Asks for the chunks at `indexes`. */
  plan(mix: MixSpec, indexes: number[]): void;
}

export interface GrainOutput {
  /** The context, made now if need be. */
  ensure(): AudioContext | null;
  readonly master: GainNode | null;
}

export class ScrubGrains {
  private lastAt = Number.NEGATIVE_INFINITY;
  private grain: { source: AudioBufferSourceNode; gain: GainNode } | null = null;
  private pending: number | null = null;

  constructor(
    private readonly output: GrainOutput,
    private readonly chunks: GrainSource,
    private readonly mix: () => MixSpec,
    /** Whether the transport is paused (grains are for scrubbing, never over playback). */
    private readonly paused: () => boolean,
    /** A grain ended and none follows (the output may rest). */
    private readonly ended: () => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Whether a grain is sounding now. */
  get sounding(): boolean {
    return this.grain !== null;
  }

  /** A grain of the sound at `seconds`. */
  scrub(seconds: number): void {
    const context = this.output.ensure();
    if (!context || !this.paused()) return;
    if (context.state !== 'running') void context.resume().catch(() => undefined);
    const now = this.now();
    const index = chunkIndexAt(seconds);
    const chunk = this.chunks.get(this.mix(), index);
    if (!chunk) {
      this.pending = seconds;
      this.chunks.plan(this.mix(), [index]);
      return;
    }
    if (now - this.lastAt < GRAIN_MIN_GAP_MS || context.state !== 'running') return;
    this.lastAt = now;
    this.pending = null;
    this.play(context, chunk, seconds - chunk.start);
  }

  /** A chunk arrived: the grain waiting for it plays. */
  onChunk(chunk: SoundChunk): void {
    if (this.pending === null || chunkIndexAt(this.pending) !== chunk.index) return;
    const at = this.pending;
    this.pending = null;
    this.scrub(at);
  }

  private play(context: AudioContext, chunk: SoundChunk, offset: number): void {
    const master = this.output.master;
    if (!master) return;
    if (this.grain) {
      try {
        this.grain.source.stop();
      } catch {
        // Ended already.
      }
    }
    const when = context.currentTime + GRAIN_LEAD_SECONDS;
    const length = Math.min(GRAIN_SECONDS, Math.max(0, CHUNK_SECONDS - offset));
    if (length <= GRAIN_FADE_SECONDS * 2) return;
    const gain = context.createGain();
    gain.gain.setValueAtTime(0, when);
    gain.gain.linearRampToValueAtTime(1, when + GRAIN_FADE_SECONDS);
    gain.gain.setValueAtTime(1, when + length - GRAIN_FADE_SECONDS);
    gain.gain.linearRampToValueAtTime(0, when + length);
    const source = context.createBufferSource();
    source.buffer = chunk.buffer;
    source.connect(gain);
    gain.connect(master);
    source.start(when, offset, length);
    source.onended = () => {
      gain.disconnect();
      if (this.grain?.source !== source) return;
      this.grain = null;
      if (this.paused()) this.ended();
    };
    this.grain = { source, gain };
  }
}
