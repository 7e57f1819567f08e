import { execFileSync } from 'node:child_process';
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

  it('export every schema once, under its own name', async () => {
    const types = await readFile(new URL('src/api/schema.gen.ts', root), 'utf8');
    expect(types).toContain("export type Clip = components['schemas']['Clip'];");
    expect(types).toContain("export type Error = components['schemas']['Error'];");
    const bff = await readFile(new URL('src/api/bff-schema.gen.ts', root), 'utf8');
    expect(bff).toContain("export type AuditEntry = components['schemas']['AuditEntry'];");
  });

  it('are imported by name, not aliased again in other modules', async () => {
    const files = execFileSync('git', ['ls-files', 'src', 'mocks', 'e2e'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.gen.ts'));
    // `type Clip = components['schemas']['Clip']` (or `Schemas['Clip']`, or the simulator's
    // `Schema<'Clip'>`): import `Clip` from the generated file instead.
    const alias =
      /^(?:export )?type (\w+) = (?:\w*(?:Schemas|components\['schemas'\])\['\1'\]|Schema<'\1'>)/m;
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(new URL(file, root), 'utf8').catch(() => '');
      if (alias.test(text)) offenders.push(file);
    }
    expect(offenders, 'import these schemas from the generated file by name').toEqual([]);
  }, 30_000);
});
