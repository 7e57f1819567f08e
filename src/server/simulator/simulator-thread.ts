import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

export interface SimulatorWorkerData {
  seed: number;
  webhookSecret: string;
}

export type SimulatorThreadMessage = { type: 'ready'; baseUrl: string } | { type: 'closed' };

export interface SimulatorHandle {
  /** e.g. http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  /** Compiles the contract's request validators in the background. */
  warmValidators(): void;
  close(): Promise<void>;
}

/**
 * Starts the embedded simulator on a worker thread (`simulator-worker.js` of the server build in
 * `buildDir`). It serves HTTP on loopback as before; only its event loop is its own.
 */
export function startSimulatorThread(
  buildDir: string,
  data: SimulatorWorkerData,
): Promise<SimulatorHandle> {
  const worker = new Worker(join(buildDir, 'simulator-worker.js'), { workerData: data });
  return new Promise((resolve, reject) => {
    const failed = (error: unknown) =>
      reject(error instanceof Error ? error : new Error(String(error)));
    worker.once('error', failed);
    worker.once('exit', (code) => failed(new Error(`the simulator thread exited (${code})`)));
    worker.on('message', (message: SimulatorThreadMessage) => {
      if (message.type !== 'ready') return;
      worker.off('error', failed);
      worker.on('error', (error) => console.error('[cutroom] simulator thread failed:', error));
      resolve({
        baseUrl: message.baseUrl,
        warmValidators: () => worker.postMessage('warm'),
        close: () =>
          new Promise<void>((done) => {
            const timer = setTimeout(() => void worker.terminate().then(() => done()), 5_000);
            worker.on('message', (reply: SimulatorThreadMessage) => {
              if (reply.type !== 'closed') return;
              clearTimeout(timer);
              void worker.terminate().then(() => done());
            });
            worker.postMessage('close');
          }),
      });
    });
  });
}
