/**
 * In-browser simulator for UI-only work (`npm run dev:mock`): msw's service worker answers
 * `/api/v1/...` from an in-memory simulator. Imports nothing Node-only.
 */
import { setupWorker } from 'msw/browser';
import { createHandlers } from './handlers/create-handlers.ts';
import type { SimulatorOptions } from './simulator.ts';
import { createSimulator } from './simulator.ts';

export async function startBrowserMock(
  options: SimulatorOptions & { baseUrl?: string } = {},
): Promise<{ stop(): void }> {
  const { baseUrl = '/api/v1', ...simulatorOptions } = options;
  const simulator = createSimulator(simulatorOptions);
  const worker = setupWorker(...createHandlers(simulator, baseUrl));
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  simulator.start();
  return {
    stop: () => {
      simulator.stop();
      worker.stop();
    },
  };
}
