/**
 * CLI: `tsx mocks/main.ts` starts the simulator on loopback and prints its base URL.
 * PORT or SIM_PORT picks the port (default random); SIM_HOST the host; SIM_SEED the seed;
 * SIM_TIME_SCALE speeds up jobs; SIM_SEED_PLUGINS adds data to the seed (lib/seed-plugins.ts);
 * SIM_LATENCY_MS, SIM_RATE_429, SIM_RATE_500,
 * SIM_RETRY_AFTER, SIM_FAULT_PATHS and SIM_NOT_FOUND_PATHS inject faults.
 */
import { startSimulatorServer } from './http-server.ts';
import { faultConfigFromEnv } from './lib/faults.ts';
import { loadSeedPlugins } from './lib/seed-plugins.ts';
import { simulatorOptionsFromEnv } from './simulator.ts';

const env = process.env;
const numberFrom = (raw: string | undefined): number | undefined =>
  raw === undefined || raw.trim() === '' || !Number.isFinite(Number(raw)) ? undefined : Number(raw);

const server = await startSimulatorServer({
  port: numberFrom(env.SIM_PORT) ?? numberFrom(env.PORT) ?? 0,
  host: env.SIM_HOST ?? '127.0.0.1',
  seed: numberFrom(env.SIM_SEED),
  ...simulatorOptionsFromEnv(env),
  seedPlugins: await loadSeedPlugins(env),
  faults: faultConfigFromEnv(env),
});

console.log(`Video Creation Service simulator listening on ${server.baseUrl}`);
console.log('Demo keys: vcs_test_demo_paid, vcs_test_demo_free, vcs_test_demo_readonly');

const shutdown = (): void => {
  void server.close().then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
// The ticker is unref'd; keep the process alive until a signal arrives.
setInterval(() => undefined, 1 << 30);
