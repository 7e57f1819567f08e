import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);

describe('query keys', () => {
  it('come from the one registry (src/api/query-keys.ts), never written out elsewhere', async () => {
    const files = execFileSync('git', ['ls-files', 'src'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => file !== 'src/api/query-keys.ts');
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(new URL(file, root), 'utf8').catch(() => '');
      // `queryKey: ['clips', …]`: a key the registry does not know (add it there).
      if (/queryKey:\s*\[\s*['"`]/.test(text)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });

  it('one queryOptions of the Caption Looks, shared by every screen that offers them', async () => {
    const files = execFileSync('git', ['grep', '-l', "api.GET('/caption-looks'", '--', 'src'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => file !== '' && !/\.test\.tsx?$/.test(file));
    expect(files).toEqual(['src/api/caption-queries.ts']);
  });
});
