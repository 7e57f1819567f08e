/**
 * Proof that the lint boundaries hold: ESLint (with the repository's own config) is run over
 * snippets placed at paths in each layer; every import across a boundary must be reported by
 * `local/layer-boundaries`, and every permitted one must pass. If a rule is loosened or a
 * layer moves, these fail.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'local/layer-boundaries')
    .map((message) => message.message);
}

const cases: Array<{ file: string; source: string; allowed: boolean; why: string }> = [
  // The simulator (mocks/) takes only generated types and shared pure modules from src/.
  {
    file: 'mocks/handlers/x.ts',
    source: '@/api/schema.gen.ts',
    allowed: true,
    why: 'generated types',
  },
  {
    file: 'mocks/handlers/x.ts',
    source: '@/lib/canonical-json.ts',
    allowed: true,
    why: 'a pure shared module',
  },
  {
    file: 'mocks/rules/x.ts',
    source: '../../src/shared-rules/video-url.ts',
    allowed: true,
    why: 'a shared rule, relative spelling',
  },
  {
    file: 'mocks/rules/x.ts',
    source: '@/caption-painter/caption-pages.ts',
    allowed: true,
    why: 'the caption painter',
  },
  {
    file: 'mocks/rules/x.ts',
    source: '@/editor-kit/editor.ts',
    allowed: false,
    why: 'the editor kit',
  },
  { file: 'mocks/handlers/x.ts', source: '@/api/client.ts', allowed: false, why: 'the client' },
  {
    file: 'mocks/handlers/x.ts',
    source: '@/features/clips/model/clip-status.ts',
    allowed: false,
    why: 'a feature',
  },
  { file: 'mocks/handlers/x.ts', source: '@/components/text-field.tsx', allowed: false, why: 'UI' },
  {
    file: 'mocks/store/x.ts',
    source: '../../src/server/app/errors.ts',
    allowed: false,
    why: 'the BFF',
  },
  {
    file: 'mocks/test/x.test.ts',
    source: '@/server/app/app.ts',
    allowed: false,
    why: 'the BFF, from a test',
  },
  // The BFF takes mocks/ only in its development launcher (and tests that start one).
  {
    file: 'src/server/start.ts',
    source: '../../mocks/http-server.ts',
    allowed: true,
    why: 'the launcher',
  },
  {
    file: 'src/server/x.test.ts',
    source: '../../mocks/http-server.ts',
    allowed: true,
    why: 'a test',
  },
  {
    file: 'src/server/proxy/proxy.ts',
    source: '../../../mocks/lib/errors.ts',
    allowed: false,
    why: 'BFF code',
  },
  {
    file: 'src/server/webhooks/x.ts',
    source: '@mocks/lib/auth.ts',
    allowed: false,
    why: 'alias spelling',
  },
  // The client imports neither the BFF nor the simulator.
  { file: 'src/main.tsx', source: '@mocks/browser.ts', allowed: false, why: 'the entry' },
  {
    file: 'src/features/clips/x.ts',
    source: '../../../mocks/store/contract.ts',
    allowed: false,
    why: 'a feature',
  },
  { file: 'src/api/x.ts', source: '../server/app/errors.ts', allowed: false, why: 'the BFF' },
  { file: 'src/lib/x.ts', source: '@/server/app/config.ts', allowed: false, why: 'the BFF' },
  {
    file: 'src/features/clips/x.ts',
    source: '@/api/schema.gen.ts',
    allowed: true,
    why: 'generated types',
  },
  // The product tree holds no benchmark code: a benchmark's data comes through a seed plug-in.
  {
    file: 'mocks/store/x.ts',
    source: '../../bench/seeds/clips.ts',
    allowed: false,
    why: 'a seed plug-in, from the simulator',
  },
  {
    file: 'src/server/x.ts',
    source: '../../bench/server/bench-stack.ts',
    allowed: false,
    why: 'the benchmarks, from the BFF',
  },
  {
    file: 'src/features/timeline/x.ts',
    source: '../../../bench/browser/percentile.ts',
    allowed: false,
    why: 'the benchmarks, from the client',
  },
  {
    file: 'e2e/x.spec.ts',
    source: '../bench/browser/demo-session.ts',
    allowed: false,
    why: 'the benchmarks, from an e2e spec',
  },
];

describe('lint boundaries between the client, the BFF and the simulator', () => {
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
        const errors = await boundaryErrors(file, code);
        if (allowed) expect(errors, code).toEqual([]);
        else expect(errors, code).toHaveLength(1);
      }
    });
  }
});
