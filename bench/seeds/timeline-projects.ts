/**
 * Seed plug-in of `npm run bench:timeline`: two projects of
 * 1,000 and 10,000 timeline items over 20 layers, none locked, from the demo seed's own timeline
 * generator. Built for the simulator by seed-plugins.ts.
 */
import { DEMO_ORGS } from '../../mocks/lib/auth.ts';
import { DEFAULT_CAPTION_SETTINGS, type SeedPlugin } from '../../mocks/store/seed.ts';
import type { SeedContext } from '../../mocks/store/seed-context.ts';
import { isoAt, thumbnailDataUri } from '../../mocks/store/seed-context.ts';
import { generateTimeline } from '../../mocks/store/seed-timeline.ts';
import type { Workspace } from '../../mocks/store/workspace.ts';

/** The benchmark projects, by size. */
export const BENCHMARK_PROJECTS = [
  { items: 1_000, name: 'Benchmark: 1,000 timeline items' },
  { items: 10_000, name: 'Benchmark: 10,000 timeline items' },
] as const;

/** The benchmark projects: 20 layers, from a random stream of their own. */
export function seedBenchmarkProjects(ctx: SeedContext, workspace: Workspace): void {
  for (const [n, plan] of BENCHMARK_PROJECTS.entries()) {
    const id = ctx.rng.uuid();
    const assets = workspace.assets.filter((asset) => asset.kind !== 'image').slice(0, 4);
    const { timeline, captionWords } = generateTimeline(ctx, {
      itemCount: plan.items,
      durationSeconds: plan.items >= 10_000 ? 1800 : 540,
      assets,
      layerCount: 20,
      // Every layer editable: "select all, drag" moves every item.
      lockedLayer: false,
    });
    const created = isoAt(ctx, -90 + n);
    workspace.projects.push({
      project: {
        id,
        name: plan.name,
        description: `Benchmark project: ${plan.items.toLocaleString('en')} items over 20 layers.`,
        aspect_ratio: '9:16',
        status: 'editing',
        thumbnail_url: thumbnailDataUri(plan.name),
        created_at: created,
        updated_at: created,
      },
      kind: 'edit',
      timeline,
      captionWords,
      captionStyle: { settings: { ...DEFAULT_CAPTION_SETTINGS }, look_id: null, preset_id: null },
      exports: [],
      facelessRevisions: [],
    });
  }
}

export function createSeedPlugin(): SeedPlugin {
  return ({ store, context }) =>
    seedBenchmarkProjects(context('benchmark'), store.workspace(DEMO_ORGS.paid));
}
