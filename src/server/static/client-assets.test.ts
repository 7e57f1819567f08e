import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { isPrecompressed, moveSourceMaps, precompressDir } from './client-assets.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function build(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'cutroom-assets-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

describe('client assets after the build', () => {
  it('writes .br and .gz siblings of text assets that decompress to the same bytes', async () => {
    const js = 'console.log("x");'.repeat(100);
    const root = build({
      'dist/index.html': '<!doctype html>' + '<p>'.repeat(300),
      'dist/assets/app-1.js': js,
      'dist/assets/tiny-2.js': 'x',
      'dist/assets/logo-3.png': 'p'.repeat(2000),
    });
    const dist = join(root, 'dist');
    expect(await isPrecompressed(dist)).toBe(false);
    const result = await precompressDir(dist);
    expect(result.compressed.sort()).toEqual(['assets/app-1.js', 'index.html']);
    expect(result.bytes.br).toBeLessThan(result.bytes.gzip);
    expect(brotliDecompressSync(readFileSync(join(dist, 'assets/app-1.js.br'))).toString()).toBe(
      js,
    );
    expect(gunzipSync(readFileSync(join(dist, 'assets/app-1.js.gz'))).toString()).toBe(js);
    expect(existsSync(join(dist, 'assets/tiny-2.js.br'))).toBe(false);
    expect(existsSync(join(dist, 'assets/logo-3.png.br'))).toBe(false);
    expect(await isPrecompressed(dist)).toBe(true);
  });

  it('moves source maps out of the served directory', async () => {
    const root = build({ 'dist/assets/app-1.js': 'x', 'dist/assets/app-1.js.map': '{}' });
    const moved = await moveSourceMaps(join(root, 'dist'), join(root, 'maps'));
    expect(moved).toEqual(['assets/app-1.js.map']);
    expect(existsSync(join(root, 'dist/assets/app-1.js.map'))).toBe(false);
    expect(readFileSync(join(root, 'maps/assets/app-1.js.map'), 'utf8')).toBe('{}');
  });
});
