/**
 * `npm run test:e2e`: make sure Debian's Chromium and redis-server are present (Playwright's own
 * browser download cannot work without internet), then run the Playwright suite against the
 * `npm start` stack.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { ensureDebianPackage } from '../src/server/test-support/debian-package.ts';
import { REDIS_SERVER_PATH } from '../src/server/test-support/redis-server.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  return result.status === 0;
}

ensureDebianPackage({
  binary: CHROMIUM_PATH,
  packageName: 'chromium',
  neededFor: 'the browser tests',
  overrideVariable: 'CHROMIUM_PATH',
});
// e2e/redis-outage.spec.ts runs a BFF over a real Redis.
ensureDebianPackage({
  binary: REDIS_SERVER_PATH,
  packageName: 'redis-server',
  neededFor: 'the browser test of a Redis outage',
  overrideVariable: 'REDIS_SERVER_PATH',
});
try {
  console.log(execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).trim());
} catch {
  // The version line is informational only.
}
const extra = process.argv.slice(2);
const ok = run('npx', ['playwright', 'test', ...extra]);
process.exit(ok ? 0 : 1);
