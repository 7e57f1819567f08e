/**
 * In-browser simulator for UI-only work (`npm run dev:mock`): msw's service worker answers
 * `/api/v1/...` from an in-memory simulator. Imports nothing Node-only. The browser client sends
 * no API key (the BFF holds it), so requests without Authorization act as `apiKey` (default the
 * paid demo key; pass `vcs_test_demo_free` or `vcs_test_demo_readonly` to try the other plans).
 * `/bff/*` requests are not answered here (they pass through).
 */
import { setupWorker } from 'msw/browser';
import { createHandlers } from './handlers/create-handlers.ts';
import { DEMO_KEYS } from './lib/auth.ts';
import type { Simulator, SimulatorOptions } from './simulator.ts';
import { createSimulator } from './simulator.ts';

export async function startBrowserMock(
  options: SimulatorOptions & { baseUrl?: string; apiKey?: string } = {},
): Promise<{ simulator: Simulator; stop(): void }> {
  const { baseUrl = '/api/v1', apiKey = DEMO_KEYS.paid, ...simulatorOptions } = options;
  const simulator = createSimulator(simulatorOptions);
  const worker = setupWorker(...createHandlers(simulator, baseUrl, { defaultApiKey: apiKey }));
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
