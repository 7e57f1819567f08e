import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSimulator } from '../simulator.ts';
import { loadSeedPlugins } from './seed-plugins.ts';

const dir = mkdtempSync(join(tmpdir(), 'seed-plugins-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A plug-in module as SIM_SEED_PLUGINS names one: plain JavaScript exporting createSeedPlugin. */
function pluginModule(name: string, source: string): string {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, source);
  return file;
}

describe('seed plug-ins from the environment (SIM_SEED_PLUGINS)', () => {
  it('loads none when unset', async () => {
    expect(await loadSeedPlugins({})).toEqual([]);
  });

  it('loads each module named, in order, configured from the environment', async () => {
    const renamer = (suffix: string) =>
      `export function createSeedPlugin(env) {
        return ({ store, context }) => {
          const record = store.workspace('org_demo').projects[0];
          record.project.name += '${suffix}' + env.PLUGIN_MARK + context('x').rng.int(0, 0);
        };
      }`;
    const first = pluginModule('first', renamer(' / first '));
    const second = pluginModule('second', renamer(' / second '));
    const plugins = await loadSeedPlugins({
      SIM_SEED_PLUGINS: ` ${first}, ${second} `,
      PLUGIN_MARK: '#',
    });
    expect(plugins).toHaveLength(2);
    const plain = createSimulator({ seed: 3, now: () => 0 }).store.workspace('org_demo');
    const seeded = createSimulator({ seed: 3, now: () => 0, seedPlugins: plugins }).store.workspace(
      'org_demo',
    );
    const renamed = seeded.projects.find((record) => record.project.name.includes(' / first '));
    const original = plain.projects.find((record) => record.project.id === renamed?.project.id);
    expect(renamed?.project.name).toBe(`${original?.project.name} / first #0 / second #0`);
  });

  it('refuses a module without createSeedPlugin', async () => {
    const wrong = pluginModule('wrong', 'export const plugin = () => undefined;');
    await expect(loadSeedPlugins({ SIM_SEED_PLUGINS: wrong })).rejects.toThrow(
      /exports no createSeedPlugin/,
    );
  });
});
