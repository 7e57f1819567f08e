/**
 * `npm start`: runs the BFF (and the embedded simulator) as compiled JavaScript. When the build in
 * build/server is missing or older than any file it was built from, esbuild rebuilds it first
 * (about a second); then this imports it. Plain JavaScript, so that nothing compiles TypeScript
 * at run time. `--build-only` builds (when stale) and exits.
 *
 * The bundle holds the project's own modules; packages stay in node_modules. Each module's
 * `import.meta.url` is rewritten to its source file's URL (relative to the bundle), so paths it
 * resolves (the contract, dist/) are the same as when run from source.
 */
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const outdir = join(root, 'build', 'server');
const entry = join(outdir, 'start.js');
const metaFile = join(outdir, 'meta.json');
/** Changing these changes the build without being one of its inputs. */
const buildSettings = ['src/server/launch.mjs', 'package-lock.json', 'tsconfig.json'];

/** Why the server must be (re)built, or undefined when build/server is up to date. */
export function staleReason() {
  if (!existsSync(entry) || !existsSync(metaFile)) return 'no server build yet';
  const builtAt = statSync(metaFile).mtimeMs;
  const { inputs } = JSON.parse(readFileSync(metaFile, 'utf8'));
  // Packages change only with the lock file (a build setting): skip their hundreds of files.
  const own = Object.keys(inputs).filter((input) => !input.includes('node_modules/'));
  for (const input of [...own, ...buildSettings]) {
    const path = join(root, input);
    if (!existsSync(path)) return `${input} is gone`;
    if (statSync(path).mtimeMs > builtAt) return `${input} changed`;
  }
  return undefined;
}

/** Rewrites `import.meta.url` to the source file's own URL, relative to the bundle. */
const sourceUrlPlugin = {
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mts)$/ }, async (args) => {
      const contents = await readFile(args.path, 'utf8');
      if (!contents.includes('import.meta.url')) return undefined;
      const fromBundle = relative(outdir, args.path).split(sep).join('/');
      return {
        contents: contents.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
        ),
        loader: extname(args.path) === '.tsx' ? 'tsx' : 'ts',
      };
    });
  },
};

export async function buildServer() {
  const { build } = await import('esbuild');
  const staging = `${outdir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    // The simulator's worker thread has an entry of its own.
    entryPoints: ['src/server/start.ts', 'src/server/simulator-worker.ts'],
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'bundle',
    // These load their WebAssembly (and PGlite its data files, the canvas its native binding) from
    // beside their own modules, so they stay in node_modules; pg's native binding is optional and
    // not installed.
    external: [
      'vite',
      'esbuild',
      'lightningcss',
      'fsevents',
      'opusscript',
      '@electric-sql/pglite',
      '@napi-rs/canvas',
      'pg-native',
    ],
    sourcemap: 'linked',
    // Less to parse at start-up; names and lines come back through the source maps.
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
    logLevel: 'warning',
    // Bundled CommonJS packages require Node's built-ins: give the ESM bundle a require.
    banner: {
      js: "import { createRequire as __cutroomCreateRequire } from 'node:module'; const require = __cutroomCreateRequire(import.meta.url);",
    },
    plugins: [sourceUrlPlugin],
  });
  writeFileSync(join(staging, 'meta.json'), JSON.stringify({ inputs: result.metafile.inputs }));
  // Swap the finished build in whole, so a concurrent start never imports half of one.
  rmSync(outdir, { recursive: true, force: true });
  renameSync(staging, outdir);
}

async function main() {
  const reason = staleReason();
  if (reason !== undefined) {
    const started = performance.now();
    console.log(`[cutroom] building the server (${reason})...`);
    await buildServer();
    console.log(`[cutroom] server built in ${Math.round(performance.now() - started)} ms`);
  }
  if (process.argv.includes('--build-only')) return;
  // Source maps stay beside the build for reading a stack trace back to the sources; loading
  // them at every start (process.setSourceMapsEnabled) would cost a fifth of the start-up.
  // Tells start.js where its sibling entries (the simulator's worker thread) are.
  process.env.CUTROOM_SERVER_BUILD_DIR = outdir;
  await import(pathToFileURL(entry).href);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error('[cutroom] failed to start:', error);
    process.exit(1);
  });
}
