/**
 * The embedded simulator on a worker thread of the `npm start` process (entry point of its own in
 * the server build): its work never holds up the BFF's event loop, and the two use two cores.
 * Started by `simulator/simulator-thread.ts`; reads the simulator's settings from the environment.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startSimulatorServer } from '../../mocks/http-server.ts';
import { faultConfigFromEnv } from '../../mocks/lib/faults.ts';
import { loadSeedPlugins } from '../../mocks/lib/seed-plugins.ts';
import { simulatorOptionsFromEnv } from '../../mocks/simulator.ts';
import type { SimulatorThreadMessage, SimulatorWorkerData } from './simulator/simulator-thread.ts';

const data = workerData as SimulatorWorkerData;
const port = parentPort;
if (!port) throw new Error('simulator-worker.ts runs as a worker thread only.');

const server = await startSimulatorServer({
  ...simulatorOptionsFromEnv(process.env),
  seedPlugins: await loadSeedPlugins(process.env),
  port: 0,
  validators: 'on-demand',
  seed: data.seed,
  webhookSecret: data.webhookSecret,
  faults: faultConfigFromEnv(process.env),
});
port.postMessage({ type: 'ready', baseUrl: server.baseUrl } satisfies SimulatorThreadMessage);
port.on('message', (message: 'warm' | 'close') => {
  if (message === 'warm') server.warmValidators();
  if (message === 'close') {
    void server.close().finally(() => {
      port.postMessage({ type: 'closed' } satisfies SimulatorThreadMessage);
      port.close();
    });
  }
});
