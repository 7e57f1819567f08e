/**
 * The benchmarks' seed plug-ins, built for the simulator: `npm start` runs compiled JavaScript
 * (its simulator thread too), so each plug-in of this folder is bundled with esbuild into
 * build/bench-seeds/ and named in SIM_SEED_PLUGINS (see mocks/lib/seed-plugins.ts).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
const outdir = join(root, 'build', 'bench-seeds');

export type SeedPluginName =
  'timeline-projects' | 'clips' | 'captions' | 'review-plans' | 'words-talk';

/** Builds the named plug-ins and answers the environment that has the simulator load them. */
export async function seedPluginEnv(
  names: readonly SeedPluginName[],
): Promise<{ SIM_SEED_PLUGINS: string }> {
  mkdirSync(outdir, { recursive: true });
  const files: string[] = [];
  for (const name of names) {
    const outfile = join(outdir, `${name}.mjs`);
    await build({
      absWorkingDir: root,
      entryPoints: [join(root, 'bench', 'seeds', `${name}.ts`)],
      outfile,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'warning',
    });
    files.push(outfile);
  }
  return { SIM_SEED_PLUGINS: files.join(',') };
}
