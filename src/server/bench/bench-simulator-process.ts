/**
 * Child process of the proxy benchmark: the simulator on a loopback port, in its own process so
 * it does not share an event loop with the BFF. Reports its base URL over IPC.
 */
import { startSimulatorServer } from '../../../mocks/http-server.ts';

const server = await startSimulatorServer({ port: 0, seed: 42 });
process.send?.({ baseUrl: server.baseUrl });
// The benchmark asks for CPU time used so far (to report CPU per request).
process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});
process.on('disconnect', () => {
  void server.close().finally(() => process.exit(0));
});
