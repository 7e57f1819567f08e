import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { initialiseInWorker, isInitialised } from './pglite-initdb.ts';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('initialiseInWorker', () => {
  it('stopped half-way, leaves the directory as it was (no cluster, no staging left)', async () => {
    root = mkdtempSync(join(tmpdir(), 'cutroom-initdb-'));
    const dataDir = join(root, 'data');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'cutroom.lock'), String(process.pid));
    const controller = new AbortController();
    const made = initialiseInWorker(dataDir, controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(made).rejects.toThrow('The database set-up was stopped.');
    expect(isInitialised(dataDir)).toBe(false);
    expect(readdirSync(dataDir)).toEqual(['cutroom.lock']);
    expect(readdirSync(root)).toEqual(['data']);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);
  });
});
