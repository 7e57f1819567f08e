/**
 * The test tap's audio worklet (browser tests and benchmarks only): every sample the preview sends
 * to the speakers, summed into 10 ms blocks (RMS, peak, and where the first sample over a
 * threshold is) stamped with the context time they were rendered at, posted to the page. It runs
 * on the audio thread, so a busy page misses nothing.
 */

declare const sampleRate: number;
declare const currentTime: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: unknown): void;

export interface TapBlock {
  /** Context time of the block's first sample. */
  at: number;
  seconds: number;
  rms: number;
  peak: number;
  /** Seconds into the block of the first sample over the threshold, or -1. */
  onset: number;
}

class SoundTap extends AudioWorkletProcessor {
  private readonly size = Math.round(sampleRate / 100);
  private filled = 0;
  private sum = 0;
  private peak = 0;
  private onset = -1;
  private at = 0;
  private threshold = Infinity;
  private blocks: TapBlock[] = [];

  constructor() {
    super();
    this.port.onmessage = (event: MessageEvent<{ threshold: number }>) => {
      this.threshold = event.data.threshold;
    };
  }

  process(inputs: Float32Array[][]): boolean {
    const input = inputs[0]?.[0];
    const length = input?.length ?? 128;
    for (let i = 0; i < length; i += 1) {
      if (this.filled === 0) this.at = currentTime + i / sampleRate;
      const value = input ? Math.abs(input[i]!) : 0;
      this.sum += value * value;
      if (value > this.peak) this.peak = value;
      if (this.onset < 0 && value > this.threshold) this.onset = this.filled / sampleRate;
      this.filled += 1;
      if (this.filled === this.size) {
        this.blocks.push({
          at: this.at,
          seconds: this.size / sampleRate,
          rms: Math.sqrt(this.sum / this.size),
          peak: this.peak,
          onset: this.onset,
        });
        this.filled = 0;
        this.sum = 0;
        this.peak = 0;
        this.onset = -1;
      }
    }
    // Posted ten blocks at a time (100 ms): one message per block would load the page.
    if (this.blocks.length >= 10) {
      this.port.postMessage(this.blocks);
      this.blocks = [];
    }
    return true;
  }
}

registerProcessor('cutroom-sound-tap', SoundTap);
