import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { isPrecompressed } from './client-assets.ts';

/** Environment variables holding server secrets: hidden from Vite while it builds. */
export const SECRET_ENV_NAMES = ['VCS_API_KEY', 'SESSION_SECRET', 'VCS_WEBHOOK_SECRET'] as const;

async function newestMtime(path: string, skip: (path: string) => boolean): Promise<number> {
  if (skip(path) || !existsSync(path)) return 0;
  const info = await stat(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of await readdir(path)) {
    newest = Math.max(newest, await newestMtime(join(path, entry), skip));
  }
  return newest;
}

/**
 * Whether the client must be (re)built: no `dist/index.html`, or a client input (src/ except
 * src/server, index.html, vite.config.ts, public/) is newer than it.
 */
export async function clientBuildNeeded(
  root: string,
  distDir: string,
): Promise<{ needed: boolean; reason: string }> {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return { needed: true, reason: 'no client build yet' };
  if (!(await isPrecompressed(distDir))) {
    return { needed: true, reason: 'the build has no precompressed assets' };
  }
  const builtAt = (await stat(index)).mtimeMs;
  const serverDir = join(root, 'src', 'server');
  const skip = (path: string) => path === serverDir;
  for (const input of ['src', 'index.html', 'vite.config.ts', 'public']) {
    if ((await newestMtime(join(root, input), skip)) > builtAt) {
      return { needed: true, reason: `${input} changed since the last build` };
    }
  }
  return { needed: false, reason: 'client build is up to date' };
}

/** Runs `task` with the secret variables removed from process.env (restored afterwards). */
export async function withoutSecretEnv<T>(task: () => Promise<T>): Promise<T> {
  const saved = new Map<string, string>();
  for (const name of SECRET_ENV_NAMES) {
    const value = process.env[name];
    if (value !== undefined) saved.set(name, value);
    delete process.env[name];
  }
  try {
    return await task();
  } finally {
    for (const [name, value] of saved) process.env[name] = value;
  }
}

/** Builds the client with Vite (in-process), without the server secrets in its environment. */
export async function buildClient(root: string, outDir = join(root, 'dist')): Promise<void> {
  const configFile = join(root, 'vite.config.ts');
  await withoutSecretEnv(async () => {
    const { build } = await import('vite');
    await build({
      root,
      configFile: existsSync(configFile) ? configFile : false,
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  });
}

/** Files under `dir` whose bytes contain any of `secrets` (relative paths). */
export async function filesContainingSecrets(
  dir: string,
  secrets: readonly string[],
): Promise<string[]> {
  const needles = secrets.filter((secret) => secret.length >= 8).map((s) => Buffer.from(s));
  if (needles.length === 0 || !existsSync(dir)) return [];
  const found: string[] = [];
  const walk = async (path: string): Promise<void> => {
    const info = await stat(path);
    if (info.isDirectory()) {
      for (const entry of await readdir(path)) await walk(join(path, entry));
      return;
    }
    const bytes = await readFile(path);
    if (needles.some((needle) => bytes.includes(needle))) found.push(relative(dir, path));
  };
  await walk(dir);
  return found;
}
