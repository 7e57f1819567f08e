/**
 * After the client build: every text asset gets brotli (quality 11) and gzip (level 9) siblings,
 * served as-is by the BFF with the matching `content-encoding`; source maps leave the served
 * directory (kept beside the build for error reporting, never served).
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Extensions worth compressing (images and fonts are compressed formats already). */
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
  '.ico',
  '.wasm',
]);
/** Smaller files are sent as they are (a compressed sibling would save next to nothing). */
const MIN_BYTES = 512;

async function filesUnder(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await filesUnder(path)));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

export interface PrecompressResult {
  /** Files that got .br and .gz siblings. */
  compressed: string[];
  /** Identity, brotli and gzip bytes over those files. */
  bytes: { identity: number; br: number; gzip: number };
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` (recursively). */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { compressed: [], bytes: { identity: 0, br: 0, gzip: 0 } };
  for (const file of await filesUnder(dir)) {
    if (!COMPRESSIBLE.has(extname(file))) continue;
    const body = await readFile(file);
    if (body.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      }),
      gzip(body, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    result.compressed.push(relative(dir, file));
    result.bytes.identity += body.length;
    result.bytes.br += br.length;
    result.bytes.gzip += gz.length;
  }
  return result;
}

/** Moves every `.map` file of `dir` to the same relative path under `mapsDir`. */
export async function moveSourceMaps(dir: string, mapsDir: string): Promise<string[]> {
  const moved: string[] = [];
  for (const file of await filesUnder(dir)) {
    if (!file.endsWith('.map')) continue;
    const target = join(mapsDir, relative(dir, file));
    await mkdir(dirname(target), { recursive: true });
    await rename(file, target);
    moved.push(relative(dir, file));
  }
  return moved;
}

/**
 * True when the build in `dir` went through `precompressDir` (a build made before this step, or
 * by hand, lacks the siblings and must be rebuilt).
 */
export async function isPrecompressed(dir: string): Promise<boolean> {
  if (!existsSync(join(dir, 'assets'))) return true;
  const files = await filesUnder(join(dir, 'assets'));
  for (const file of files) {
    if (extname(file) !== '.js' || (await stat(file)).size < MIN_BYTES) continue;
    return files.includes(`${file}.br`) && files.includes(`${file}.gz`);
  }
  return true;
}
