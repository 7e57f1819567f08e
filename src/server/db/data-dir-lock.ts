/**
 * One process per PGlite data directory. PGlite is a library, not a server: two processes opening
 * one directory would both write it and damage it. A lock file (`cutroom.lock`, holding the pid)
 * keeps the second one out, with a message that says what to do; a lock left by a process that no
 * longer runs is taken over.
 */
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The lock's file name inside the data directory. */
export const LOCK_FILE = 'cutroom.lock';

const held = new Set<string>();

/** True while `pid` runs; a killed process its parent has not reaped yet (a zombie) does not. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // Without /proc (macOS) signal 0 is all there is to ask.
  if (!existsSync('/proc/self/stat')) return true;
  try {
    // The state follows the parenthesised command name; Z is a zombie.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    return stat.slice(close + 2, close + 3) !== 'Z';
  } catch {
    // Ended between the two questions.
    return false;
  }
}

export class DataDirLock {
  private released = false;

  private constructor(private readonly file: string) {}

  static acquire(dataDir: string): DataDirLock {
    const file = join(resolve(dataDir), LOCK_FILE);
    if (held.has(file)) {
      throw new Error(`The data directory ${dataDir} is already open in this process.`);
    }
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        const fd = openSync(file, 'wx');
        writeSync(fd, String(process.pid));
        closeSync(fd);
        held.add(file);
        const lock = new DataDirLock(file);
        process.once('exit', () => lock.release());
        return lock;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
        if (Number.isInteger(pid) && pid !== process.pid && running(pid)) {
          throw new Error(
            `The data directory ${dataDir} is used by another Cutroom process (pid ${pid}). ` +
              'Give each instance its own CUTROOM_DATA_DIR, or point them all at one Postgres server with DATABASE_URL.',
          );
        }
        // Left behind by a process that ended without releasing it.
        rmSync(file, { force: true });
      }
    }
    throw new Error(`Could not lock the data directory ${dataDir}.`);
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    held.delete(this.file);
    rmSync(this.file, { force: true });
  }
}
