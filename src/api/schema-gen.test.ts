import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generateFiles } from './codegen/generate.ts';

const root = new URL('../../', import.meta.url);

describe('files generated from the OpenAPI documents', () => {
  it('are up to date (run `npm run gen:api`)', async () => {
    for (const file of await generateFiles(root)) {
      const actual = await readFile(new URL(file.path, root), 'utf8').catch(() => '');
      expect(actual === file.text, `${file.path} is stale: run \`npm run gen:api\``).toBe(true);
    }
  }, 30_000);
});
