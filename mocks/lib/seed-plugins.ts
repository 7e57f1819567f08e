/**
 * Seed plug-ins from the environment (Node only): SIM_SEED_PLUGINS is a comma-separated list of
 * JavaScript modules (file paths or URLs) that each export `createSeedPlugin(env)`. Plain
 * JavaScript, since `npm start` runs compiled code; the benchmarks build theirs from bench/seeds.
 */
import { pathToFileURL } from 'node:url';
import type { SeedPlugin } from '../store/seed.ts';

type Env = Record<string, string | undefined>;

/** What a module named in SIM_SEED_PLUGINS exports. */
export interface SeedPluginModule {
  /** The plug-in, configured from the simulator's environment. */
  createSeedPlugin(env: Env): SeedPlugin;
}

/** The plug-ins SIM_SEED_PLUGINS names, in its order (none when it is unset). */
export async function loadSeedPlugins(env: Env): Promise<SeedPlugin[]> {
  const specifiers = (env.SIM_SEED_PLUGINS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const plugins: SeedPlugin[] = [];
  for (const specifier of specifiers) {
    const url = /^(file|data):/.test(specifier) ? specifier : pathToFileURL(specifier).href;
    const module = (await import(url)) as Partial<SeedPluginModule>;
    if (typeof module.createSeedPlugin !== 'function') {
      throw new Error(`SIM_SEED_PLUGINS: ${specifier} exports no createSeedPlugin(env)`);
    }
    plugins.push(module.createSeedPlugin(env));
  }
  return plugins;
}
