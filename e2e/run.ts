/**
 * `npm run test:e2e`: make sure Debian's Chromium is present (Playwright's own browser download
 * cannot work without internet), then run the Playwright suite against the `npm start` stack.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  return result.status === 0;
}

function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  console.log(`Chromium not found at ${CHROMIUM_PATH}; installing Debian's chromium package…`);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const prefix = isRoot ? [] : ['sudo', '-n'];
  const apt = (args: string[]) =>
    prefix.length
      ? run(prefix[0]!, [...prefix.slice(1), 'apt-get', ...args])
      : run('apt-get', args);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  Object.assign(process.env, env);
  const ok = apt(['update', '-qq']) && apt(['install', '-y', '-qq', 'chromium']);
  if (!ok || !existsSync(CHROMIUM_PATH)) {
    console.error(
      [
        '',
        'Cannot run the browser tests: Chromium is missing and could not be installed.',
        `Install it with "apt-get install -y chromium" (as root), or set CHROMIUM_PATH to a`,
        'Chromium or Chrome binary, then run "npm test" again.',
      ].join('\n'),
    );
    process.exit(1);
  }
}

ensureChromium();
try {
  console.log(execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).trim());
} catch {
  // The version line is informational only.
}
const extra = process.argv.slice(2);
const ok = run('npx', ['playwright', 'test', ...extra]);
process.exit(ok ? 0 : 1);
