/**
 * Child process of the proxy benchmark: the BFF (logging off) in simulator mode, so the demo
 * login works. Its upstream is BENCH_UPSTREAM (a simulator in another process) or, when that is
 * unset, a simulator started in this very process, as `npm start` does. Reports its URL (and the
 * simulator's) over IPC, and its CPU time when asked.
 */
import type { AddressInfo } from 'node:net';
import { startSimulatorServer } from '../../../mocks/http-server.ts';
import { buildBff } from '../app.ts';
import { loadConfig } from '../config.ts';

const simulator = process.env.BENCH_UPSTREAM
  ? undefined
  : await startSimulatorServer({ port: 0, seed: 42 });
const upstream = process.env.BENCH_UPSTREAM ?? simulator?.baseUrl;

const config = loadConfig({
  SESSION_SECRET: 'bench-session-secret-0123456789-abcdefghijkl',
  LOG_LEVEL: 'silent',
});
config.upstream.baseUrl = upstream;
// One session sends thousands of requests a second here: lift its rate limit (the bucket is
// still consulted on every request, so its cost is measured).
config.limits.apiRatePerSecond = 1_000_000_000;
config.limits.apiBurst = 1_000_000_000;

const app = await buildBff(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
process.send?.({ url: `http://127.0.0.1:${port}`, baseUrl: upstream });
process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});
process.on('disconnect', () => {
  void app
    .close()
    .then(() => simulator?.close())
    .finally(() => process.exit(0));
});
