import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildClient,
  clientBuildNeeded,
  filesContainingSecrets,
  withoutSecretEnv,
} from './client-build.ts';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'cutroom-build-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const write = (path: string, content: string, mtimeSeconds?: number): void => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
  if (mtimeSeconds !== undefined) utimesSync(path, mtimeSeconds, mtimeSeconds);
};

describe('clientBuildNeeded', () => {
  it('needs a build without dist/index.html, or when a client input is newer', async () => {
    const root = tempDir();
    const dist = join(root, 'dist');
    write(join(root, 'index.html'), '<html>', 1000);
    write(join(root, 'src', 'main.tsx'), 'x', 1000);
    write(join(root, 'src', 'server', 'app.ts'), 'x', 5000);
    expect(await clientBuildNeeded(root, dist)).toMatchObject({ needed: true });
    write(join(dist, 'index.html'), '<html>', 2000);
    // src/server is not a client input.
    expect(await clientBuildNeeded(root, dist)).toMatchObject({ needed: false });
    // A build whose scripts have no precompressed siblings (made before that step) is redone.
    write(join(dist, 'assets', 'app-1.js'), 'x'.repeat(2000), 2000);
    expect(await clientBuildNeeded(root, dist)).toMatchObject({
      needed: true,
      reason: 'the build has no precompressed assets',
    });
    write(join(dist, 'assets', 'app-1.js.br'), 'b', 2000);
    write(join(dist, 'assets', 'app-1.js.gz'), 'g', 2000);
    expect(await clientBuildNeeded(root, dist)).toMatchObject({ needed: false });
    write(join(root, 'src', 'features', 'a', 'b.tsx'), 'x', 3000);
    expect(await clientBuildNeeded(root, dist)).toMatchObject({
      needed: true,
      reason: 'src changed since the last build',
    });
    write(join(dist, 'index.html'), '<html>', 4000);
    write(join(root, 'vite.config.ts'), 'x', 4500);
    expect(await clientBuildNeeded(root, dist)).toMatchObject({ needed: true });
  });
});

describe('the key never reaches a built asset (promise 1)', () => {
  it('withoutSecretEnv hides the server secrets during the task and restores them', async () => {
    process.env.VCS_API_KEY = 'vcs_live_hidden_key_123';
    try {
      const inside = await withoutSecretEnv(async () => process.env.VCS_API_KEY);
      expect(inside).toBeUndefined();
      expect(process.env.VCS_API_KEY).toBe('vcs_live_hidden_key_123');
    } finally {
      delete process.env.VCS_API_KEY;
    }
  });

  it('a real Vite build of code that reads the env does not contain VCS_API_KEY', async () => {
    const root = tempDir();
    write(
      join(root, 'index.html'),
      '<!doctype html><script type="module" src="/main.js"></script>',
    );
    write(
      join(root, 'main.js'),
      'document.body.textContent = JSON.stringify([import.meta.env, import.meta.env.VCS_API_KEY, import.meta.env.VITE_X]);',
    );
    const sentinel = 'vcs_live_sentinel_key_for_build_test';
    process.env.VCS_API_KEY = sentinel;
    try {
      await buildClient(root);
    } finally {
      delete process.env.VCS_API_KEY;
    }
    const dist = join(root, 'dist');
    const built = readdirSync(join(dist, 'assets'));
    const bundle = readFileSync(
      join(dist, 'assets', built.find((f) => f.endsWith('.js')) ?? ''),
      'utf8',
    );
    expect(bundle).toContain('textContent');
    expect(await filesContainingSecrets(dist, [sentinel])).toEqual([]);
    // The scan itself finds a planted secret.
    write(join(dist, 'assets', 'leak.js'), `const k = "${sentinel}";`);
    expect(await filesContainingSecrets(dist, [sentinel])).toEqual([join('assets', 'leak.js')]);
  }, 30_000);
});
