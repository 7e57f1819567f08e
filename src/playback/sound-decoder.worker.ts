/**
 * The preview's sound decoder, off the page's main thread: a WAV answer in, its samples and block
 * peaks out (both transferred, not copied).
 */
import { decodeWavChunk, type DecodeAnswer, type DecodeRequest } from './sound-decode.ts';

interface WorkerScope {
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
  postMessage(message: DecodeAnswer, transfer: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { id, bytes } = event.data;
  try {
    const chunk = decodeWavChunk(bytes);
    scope.postMessage({ id, ok: true, ...chunk }, [chunk.samples.buffer, chunk.peaks.buffer]);
  } catch (error) {
    scope.postMessage(
      { id, ok: false, message: error instanceof Error ? error.message : 'Unreadable sound.' },
      [],
    );
  }
};
