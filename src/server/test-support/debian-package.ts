/**
 * Installs a Debian package when a binary the tests need is missing (CI starts from a clean
 * machine): apt-get as root, or through `sudo -n` when that works. Never Playwright's downloads.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function run(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

export interface DebianPackage {
  /** Absolute path of the binary that must exist. */
  binary: string;
  /** Debian package providing it. */
  packageName: string;
  /** What needs it, for the error message. */
  neededFor: string;
  /** Environment variable that can point at another binary. */
  overrideVariable: string;
}

/** Returns once `binary` exists, installing `packageName` when needed; exits with a clear message otherwise. */
export function ensureDebianPackage(spec: DebianPackage): void {
  if (existsSync(spec.binary)) return;
  console.log(`${spec.binary} not found; installing Debian's ${spec.packageName} package…`);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = (args: string[]) =>
    isRoot ? run('apt-get', args) : run('sudo', ['-n', 'apt-get', ...args]);
  const ok = apt(['update', '-qq']) && apt(['install', '-y', '-qq', spec.packageName]);
  // A package's service may fail to start where there is no init system (a CI container), which
  // makes apt-get fail after the binary was unpacked: the binary is what the tests need.
  if (existsSync(spec.binary)) {
    if (!ok) console.log(`apt-get reported an error, but ${spec.binary} is installed; going on`);
    return;
  }
  console.error(
    [
      '',
      `Cannot run ${spec.neededFor}: ${spec.binary} is missing and could not be installed.`,
      `Install it with "apt-get install -y ${spec.packageName}" (as root), or set`,
      `${spec.overrideVariable} to another binary, then run the tests again.`,
    ].join('\n'),
  );
  process.exit(1);
}
