import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium.ts';
import { e2eStackEnv } from './e2e/stack-env.ts';

const port = Number(process.env.E2E_PORT ?? 8093);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  // Bounds for a test that hangs, not goals: speed is measured by the bench:* scripts. A plan
  // review (plan, notes, QA, axe) on a two-core machine under load takes over 30 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The same stack `npm start` runs: BFF + embedded simulator, fresh for every run.
    command: 'npm start',
    url: `${baseURL}/bff/config`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { ...e2eStackEnv, PORT: String(port) },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
