/**
 * `npm run test:firefox`: the Firefox ESR smoke suite (e2e/firefox/*.firefox.ts) against its own
 * `npm start` stack. Files run one at a time: each drives a browser on a shared two-core machine.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('../../src', import.meta.url)),
      '@mocks': fileURLToPath(new URL('../../mocks', import.meta.url)),
    },
  },
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    name: 'firefox',
    environment: 'node',
    include: ['e2e/firefox/**/*.firefox.ts'],
    globalSetup: ['e2e/firefox/global-setup.ts'],
    fileParallelism: false,
    // Sign-in, a route's chunk and data, and a gesture checked through the API, in a browser on a
    // loaded machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The stack starts once (building the client when it is missing) in the global set-up.
    teardownTimeout: 30_000,
  },
});
