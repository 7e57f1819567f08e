import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLock } from './data-dir-lock.ts';

const dirs: string[] = [];
const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cutroom-lock-'));
  dirs.push(dir);
  return dir;
}

/**
 * A shell that starts a child which ends at once, then becomes `sleep` (which never reaps it):
 * the child stays a zombie while the sleep runs. Resolves with both pids.
 */
function zombie(): Promise<{ parent: number; zombie: number }> {
  const shell = spawn('sh', ['-c', 'true & echo $!; exec sleep 30'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  stops.push(() => shell.kill('SIGKILL'));
  return new Promise((resolve) => {
    shell.stdout.once('data', (chunk: Buffer) => {
      // Give the child time to end.
      setTimeout(() => resolve({ parent: shell.pid ?? 0, zombie: Number(chunk.toString()) }), 200);
    });
  });
}

describe('DataDirLock', () => {
  it('keeps a second holder out while the first runs, and lets it in once released', () => {
    const dir = dataDir();
    const lock = DataDirLock.acquire(dir);
    expect(() => DataDirLock.acquire(dir)).toThrow(/already open in this process/);
    lock.release();
    DataDirLock.acquire(dir).release();
  });

  it('refuses a directory locked by a running process, naming it and what to do', async () => {
    const dir = dataDir();
    const { parent } = await zombie();
    writeFileSync(join(dir, 'cutroom.lock'), String(parent));
    expect(() => DataDirLock.acquire(dir)).toThrow(
      new RegExp(`used by another Cutroom process \\(pid ${parent}\\).*CUTROOM_DATA_DIR`),
    );
  });

  it.runIf(process.platform === 'linux')(
    'takes over a lock left by a killed process not yet reaped (a zombie)',
    async () => {
      const dir = dataDir();
      const { zombie: pid } = await zombie();
      writeFileSync(join(dir, 'cutroom.lock'), String(pid));
      const lock = DataDirLock.acquire(dir);
      lock.release();
    },
  );

  it('takes over a lock left by a process that ended', () => {
    const dir = dataDir();
    // Pids wrap far below this on Linux and macOS.
    writeFileSync(join(dir, 'cutroom.lock'), '2147483646');
    DataDirLock.acquire(dir).release();
  });
});
