import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 8093);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
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
    env: {
      PORT: String(port),
      SESSION_SECRET: 'e2e-session-secret-0123456789abcdef',
      SIM_TIME_SCALE: '4',
      // e2e/media.spec.ts: the first confirmed delete of an item named e2e-flaky-… fails once.
      SIM_DELETE_FAIL_ONCE: '^e2e-flaky-',
      // e2e/clips.spec.ts: clips of videos named e2eslow… walk 4× slower (each state stays on screen).
      SIM_CLIP_SLOW: 'v=e2eslow',
      LOG_LEVEL: 'warn',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
