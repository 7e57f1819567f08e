/**
 * Proof that the client's shared layers keep their order (api < lib < shared-rules,
 * caption-painter, playback < editor-kit < components < features < routes): ESLint, with the repository's
 * own config, is run over snippets placed at paths in each layer. Every planted import that runs
 * up the order (or sideways between two layers of one floor) must be reported by
 * `local/layer-order`, and every import down the order must pass. If the rule is loosened or a
 * layer moves, these fail.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function orderErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'local/layer-order')
    .map((message) => message.message);
}

const cases: Array<{ file: string; source: string; allowed: boolean; why: string }> = [
  // Arrows up the order, each spelling.
  { file: 'src/api/x.ts', source: '@/lib/format.ts', allowed: false, why: 'api → lib' },
  {
    file: 'src/api/x.ts',
    source: '../shared-rules/deletion-plan.ts',
    allowed: false,
    why: 'api → shared-rules',
  },
  {
    file: 'src/lib/x.ts',
    source: '@/components/modal.tsx',
    allowed: false,
    why: 'lib → components',
  },
  {
    file: 'src/lib/x.ts',
    source: '../editor-kit/editor.ts',
    allowed: false,
    why: 'lib → editor-kit',
  },
  {
    file: 'src/shared-rules/x.ts',
    source: '@/editor-kit/command.ts',
    allowed: false,
    why: 'shared-rules → editor-kit',
  },
  {
    file: 'src/shared-rules/x.ts',
    source: '@/caption-painter/caption-painter.ts',
    allowed: false,
    why: 'sideways on one floor',
  },
  {
    file: 'src/caption-painter/x.ts',
    source: '../shared-rules/video-url.ts',
    allowed: false,
    why: 'sideways on one floor',
  },
  {
    file: 'src/playback/x.ts',
    source: '@/editor-kit/editor.ts',
    allowed: false,
    why: 'playback → editor-kit',
  },
  {
    file: 'src/playback/x.ts',
    source: '@/caption-painter/caption-painter.ts',
    allowed: false,
    why: 'sideways on one floor',
  },
  {
    file: 'src/editor-kit/x.tsx',
    source: '@/components/modal.tsx',
    allowed: false,
    why: 'editor-kit → components',
  },
  {
    file: 'src/editor-kit/testing/x.ts',
    source: '../../features/timeline/model/commands.ts',
    allowed: false,
    why: 'editor-kit → features',
  },
  {
    file: 'src/components/x.tsx',
    source: '@/features/deletions/components/deletion-flow.tsx',
    allowed: false,
    why: 'components → features',
  },
  {
    file: 'src/components/x.tsx',
    source: '@/routes/_app.tsx',
    allowed: false,
    why: 'components → routes',
  },
  {
    file: 'src/features/clips/x.ts',
    source: '@/routes/_app/clips/index.tsx',
    allowed: false,
    why: 'features → routes',
  },
  {
    file: 'src/features/media/x.test.ts',
    source: '@/router.tsx',
    allowed: false,
    why: 'a test of features → the app entry',
  },
  // Arrows down the order, and within one layer.
  { file: 'src/lib/x.ts', source: '@/api/api-error.ts', allowed: true, why: 'lib → api' },
  {
    file: 'src/shared-rules/x.ts',
    source: '../lib/canonical-json.ts',
    allowed: true,
    why: 'shared-rules → lib',
  },
  {
    file: 'src/editor-kit/x.ts',
    source: '@/lib/after-paint.ts',
    allowed: true,
    why: 'editor-kit → lib',
  },
  {
    file: 'src/components/x.tsx',
    source: '@/editor-kit/controls/button.tsx',
    allowed: true,
    why: 'components → editor-kit',
  },
  {
    file: 'src/components/x.tsx',
    source: '@/shared-rules/deletion-plan.ts',
    allowed: true,
    why: 'components → shared-rules',
  },
  {
    file: 'src/features/timeline/x.ts',
    source: '@/playback/transport.ts',
    allowed: true,
    why: 'features → playback',
  },
  {
    file: 'src/playback/x.ts',
    source: '@/lib/device-storage.ts',
    allowed: true,
    why: 'playback → lib',
  },
  {
    file: 'src/features/clips/x.ts',
    source: '@/components/modal.tsx',
    allowed: true,
    why: 'features → components',
  },
  {
    file: 'src/features/captions/x.ts',
    source: '@/caption-painter/caption-painter.ts',
    allowed: true,
    why: 'features → caption-painter',
  },
  {
    file: 'src/routes/_app/x.tsx',
    source: '@/features/clips/api/clips-queries.ts',
    allowed: true,
    why: 'routes → features',
  },
  { file: 'src/main.tsx', source: './router.tsx', allowed: true, why: 'the entry, one floor' },
  { file: 'src/lib/x.ts', source: './format.ts', allowed: true, why: 'within a layer' },
  { file: 'src/lib/x.ts', source: 'react', allowed: true, why: 'a package' },
];

describe('the order of the client layers', () => {
  // Loading the config and its plugins once is slow on a busy machine; the cases are not.
  beforeAll(async () => {
    await eslint.lintText('', { filePath: 'src/lib/warm-up.ts' });
  }, 120_000);

  for (const { file, source, allowed, why } of cases) {
    it(`${file} ${allowed ? 'may' : 'may not'} import ${source} (${why})`, async () => {
      for (const code of [
        `import { x } from '${source}';\nexport const y = x;\n`,
        `export const load = () => import('${source}');\n`,
        `export { x } from '${source}';\n`,
      ]) {
        const errors = await orderErrors(file, code);
        if (allowed) expect(errors, code).toEqual([]);
        else expect(errors, code).toHaveLength(1);
      }
    });
  }
});
