/**
 * No file of src/ is over 600 lines but the generated ones: a file that grows past it is cut at
 * a real seam (a manager, a concern), not left to grow.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 600;
const src = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.gen\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('file sizes', () => {
  it(`keeps every hand-written file of src/ at ${MAX_LINES} lines or fewer`, () => {
    const over = sourceFiles(src)
      .map((file) => ({
        file: relative(src, file),
        lines: readFileSync(file, 'utf8').split('\n').length - 1,
      }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(over).toEqual([]);
  });
});
