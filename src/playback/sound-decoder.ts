/**
 * Decodes the preview's sound chunks off the main thread: a WAV answer is read in a worker (its
 * samples and meter peaks come back transferred); anything else (Ogg Opus) goes to the audio
 * `decodeAudioData` (of an offline context), which browsers run on a thread of their own. Where no worker can
 * start (tests without a DOM worker), the page reads the WAV itself.
 */
import { blockPeaks, PEAK_BLOCK_SECONDS } from './peak-meter.ts';
import { decodeWavChunk, type DecodeAnswer, type DecodedChunk } from './sound-decode.ts';

export class SoundDecoder {
  private worker: Worker | null | undefined;
  private next = 1;
  private readonly waiting = new Map<
    number,
    { resolve(chunk: DecodedChunk): void; reject(error: Error): void }
  >();

  private offline: OfflineAudioContext | null = null;

  async decode(bytes: ArrayBuffer, contentType: string): Promise<DecodedChunk> {
    if (!/wav|wave/i.test(contentType)) {
      // An offline context decodes without the page's permission to make sound.
      this.offline ??= new OfflineAudioContext(1, 1, 48_000);
      const buffer = await this.offline.decodeAudioData(bytes);
      const samples = buffer.getChannelData(0);
      return {
        sampleRate: buffer.sampleRate,
        samples,
        peaks: blockPeaks(samples, buffer.sampleRate * PEAK_BLOCK_SECONDS),
      };
    }
    const worker = this.start();
    if (!worker) return decodeWavChunk(bytes);
    const id = this.next++;
    return new Promise<DecodedChunk>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, bytes }, [bytes]);
    });
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = undefined;
    for (const entry of this.waiting.values()) entry.reject(new Error('The decoder was stopped.'));
    this.waiting.clear();
  }

  private start(): Worker | null {
    if (this.worker !== undefined) return this.worker;
    if (typeof Worker === 'undefined') return (this.worker = null);
    try {
      const worker = new Worker(new URL('./sound-decoder.worker.ts', import.meta.url), {
        type: 'module',
        name: 'sound-decoder',
      });
      worker.onmessage = (event: MessageEvent<DecodeAnswer>) => {
        const answer = event.data;
        const entry = this.waiting.get(answer.id);
        if (!entry) return;
        this.waiting.delete(answer.id);
        if (answer.ok)
          entry.resolve({
            sampleRate: answer.sampleRate,
            samples: answer.samples,
            peaks: answer.peaks,
          });
        else entry.reject(new Error(answer.message));
      };
      worker.onerror = () => {
        // A worker that cannot run (blocked by policy): the page reads the sound itself.
        worker.terminate();
        this.worker = null;
        for (const entry of this.waiting.values())
          entry.reject(new Error('The sound decoder stopped.'));
        this.waiting.clear();
      };
      return (this.worker = worker);
    } catch {
      return (this.worker = null);
    }
  }
}
