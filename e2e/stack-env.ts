/**
 * The environment of the `npm start` stack the browser suites run against (Playwright's web server
 * in Chromium, the Firefox suite's own): BFF + embedded simulator, fresh for every run.
 */
export const e2eStackEnv: Readonly<Record<string, string>> = {
  SESSION_SECRET: 'e2e-session-secret-0123456789abcdef',
  SIM_TIME_SCALE: '4',
  // e2e/media.spec.ts: the first confirmed delete of an item named e2e-flaky-… fails once.
  SIM_DELETE_FAIL_ONCE: '^e2e-flaky-',
  // e2e/clips.spec.ts: clips of videos named e2eslow… walk 4× slower (each state stays on screen).
  SIM_CLIP_SLOW: 'v=e2eslow',
  LOG_LEVEL: 'warn',
};
