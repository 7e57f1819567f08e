/**
 * In-browser simulator for UI-only work (`npm run dev:mock`): msw's service worker answers
 * `/api/v1/...` from an in-memory simulator. Imports nothing Node-only. The browser client sends
 * no API key (the BFF holds it), so requests without Authorization act as `apiKey` (default the
 * key of the mock session (browser-bff.ts answers the BFF's `/bff/*` endpoints: demo login and
 * the demo keys), or `apiKey` before anyone signs in.
 */
import { setupWorker } from 'msw/browser';
import { createBrowserBffHandlers } from './browser-bff.ts';
import { createHandlers } from './handlers/create-handlers.ts';
import { DEMO_KEYS } from './lib/auth.ts';
import type { Simulator, SimulatorOptions } from './simulator.ts';
import { createSimulator } from './simulator.ts';

export async function startBrowserMock(
  options: SimulatorOptions & { baseUrl?: string; apiKey?: string } = {},
): Promise<{ simulator: Simulator; stop(): void }> {
  const { baseUrl = '/api/v1', apiKey = DEMO_KEYS.paid, ...simulatorOptions } = options;
  const simulator = createSimulator(simulatorOptions);
  const bff = createBrowserBffHandlers();
  const worker = setupWorker(
    ...bff.handlers,
    ...createHandlers(simulator, baseUrl, { defaultApiKey: () => bff.currentApiKey() ?? apiKey }),
  );
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  simulator.start();
  return {
    simulator,
    stop: () => {
      simulator.stop();
      worker.stop();
    },
  };
}
