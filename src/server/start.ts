/**
 * `npm start`: starts the embedded simulator (on its own thread) when no real service is
 * configured, first of all, and only then loads the rest of the server (serve.ts): the two load at
 * once on two cores, so start-up to ready is the longer of the two, not their sum.
 */
import { simulatorWanted, webhookSecretOf } from './simulator/simulator-env.ts';
import { type SimulatorHandle, startSimulatorThread } from './simulator/simulator-thread.ts';

/**
 * The embedded simulator: on a worker thread when running from the server build (npm start), in
 * this thread otherwise (running the TypeScript sources directly).
 */
async function startSimulator(webhookSecret: string): Promise<SimulatorHandle> {
  const seed = Number(process.env.SIM_SEED ?? 42);
  const buildDir = process.env.CUTROOM_SERVER_BUILD_DIR;
  if (buildDir) return startSimulatorThread(buildDir, { seed, webhookSecret });
  const { startSimulatorServer } = await import('../../mocks/http-server.ts');
  const { faultConfigFromEnv } = await import('../../mocks/lib/faults.ts');
  const { loadSeedPlugins } = await import('../../mocks/lib/seed-plugins.ts');
  const { simulatorOptionsFromEnv } = await import('../../mocks/simulator.ts');
  return startSimulatorServer({
    ...simulatorOptionsFromEnv(process.env),
    seedPlugins: await loadSeedPlugins(process.env),
    port: 0,
    validators: 'on-demand',
    seed,
    webhookSecret,
    faults: faultConfigFromEnv(process.env),
  });
}

const simulatorStarting = simulatorWanted(process.env)
  ? startSimulator(webhookSecretOf(process.env))
  : undefined;
// A failure surfaces where it is awaited (serve.ts).
simulatorStarting?.catch(() => undefined);

async function main(): Promise<void> {
  const { serve } = await import('./serve.ts');
  await serve(simulatorStarting);
}

main().catch((error: unknown) => {
  console.error('[cutroom] failed to start:', error);
  process.exit(1);
});
