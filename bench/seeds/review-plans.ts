/**
 * Seed plug-in of `npm run bench:review` (SIM_BENCH_PLANS=<projects>, 200 there): that many
 * faceless projects of five plan revisions each (1,000 for 200), every revision walked to its
 * status as the service would have (jobs, generated assets, QA), older than the demo's plans.
 * Each project ends one of three ways, so the queue holds assets to approve, plans to approve and
 * failed runs (about 1⅔ waiting revisions a project); none is caught mid-run, so the queue stays
 * still while it is measured. Built for the simulator by seed-plugins.ts.
 */
import { DEMO_ORGS } from '../../mocks/lib/auth.ts';
import { DEFAULT_CAPTION_SETTINGS, type SeedPlugin } from '../../mocks/store/seed.ts';
import type { SeedContext } from '../../mocks/store/seed-context.ts';
import { isoAt, thumbnailDataUri } from '../../mocks/store/seed-context.ts';
import {
  FACELESS_STORIES,
  type FacelessStory,
  type SeedStep,
  seedRevisions,
} from '../../mocks/store/seed-faceless.ts';
import { generateTimeline } from '../../mocks/store/seed-timeline.ts';
import type { ProjectRecord, Workspace } from '../../mocks/store/workspace.ts';
import type { Character } from '../../src/api/schema.gen.ts';

export const BENCH_PLAN_REVISIONS = 5;

export const benchPlanProjectName = (index: number, story: FacelessStory): string =>
  `Benchmark plan ${String(index + 1).padStart(3, '0')}: ${story.name}`;

const retold = (note: string) => ({ scenes: [{ index: 1, narration: `Retold: ${note}.` }] });

/** Three histories of five revisions; what waits at the end of each is noted beside it. */
const HISTORIES: SeedStep[][] = [
  // Assets of revision 4 and the plan of revision 5 wait; the failed run 3 was revised since.
  [
    { status: 'complete' },
    { status: 'complete', changes: retold('a quieter night') },
    { status: 'failed', changes: { models: { videoModelId: 'video-motion-9' } } },
    { status: 'assets_ready', changes: { models: { videoModelId: 'video-motion-3' } } },
    { status: 'draft', changes: { scenes: [{ index: 2, imagePrompt: 'lamplight on wet glass' }] } },
  ],
  // Assets of revision 2 wait, and the failed run 5 (nothing after it) needs a look.
  [
    { status: 'complete' },
    { status: 'assets_ready', changes: retold('the second telling') },
    { status: 'complete', changes: retold('the third telling') },
    { status: 'complete', changes: { styleAnchorPrompt: 'Cold dawn light, long shadows' } },
    { status: 'failed', changes: { models: { imageModelId: 'image-xl-9' } } },
  ],
  // Only the assets of revision 5 wait.
  [
    { status: 'complete' },
    { status: 'complete', changes: retold('take two') },
    { status: 'complete', changes: retold('take three') },
    { status: 'complete', changes: retold('take four') },
    { status: 'assets_ready', changes: retold('take five') },
  ],
];

function facelessProject(
  ctx: SeedContext,
  workspace: Workspace,
  name: string,
  story: FacelessStory,
  day: number,
): ProjectRecord {
  const { timeline, captionWords } = generateTimeline(ctx, {
    itemCount: 12,
    durationSeconds: 30,
    assets: workspace.assets.filter((asset) => asset.kind !== 'image').slice(0, 2),
  });
  const created = isoAt(ctx, day);
  return {
    project: {
      id: ctx.rng.uuid(),
      name,
      description: story.description,
      aspect_ratio: '9:16',
      status: 'planning',
      thumbnail_url: thumbnailDataUri(name),
      created_at: created,
      updated_at: created,
    },
    kind: 'faceless',
    timeline,
    captionWords,
    captionStyle: { settings: { ...DEFAULT_CAPTION_SETTINGS }, look_id: null, preset_id: null },
    exports: [],
    facelessRevisions: [],
  };
}

export function seedReviewPlans(ctx: SeedContext, workspace: Workspace, projects: number): void {
  const characters = workspace.characters.slice(0, 2).filter((c): c is Character => Boolean(c));
  for (let index = 0; index < projects; index += 1) {
    const story = FACELESS_STORIES[index % FACELESS_STORIES.length] as FacelessStory;
    const steps = HISTORIES[index % HISTORIES.length] as SeedStep[];
    // Oldest first, 90 to 30 days ago, so the demo's own plans stay the newest.
    const startDay = -90 + (index * 60) / Math.max(1, projects);
    const record = facelessProject(
      ctx,
      workspace,
      benchPlanProjectName(index, story),
      story,
      startDay,
    );
    workspace.projects.push(record);
    seedRevisions(ctx, workspace, record, story, characters, steps, startDay);
  }
}

/** The plug-in, with the number of projects from SIM_BENCH_PLANS (none when unset). */
export function createSeedPlugin(env: Record<string, string | undefined>): SeedPlugin {
  const projects = Math.round(Number(env.SIM_BENCH_PLANS ?? 0));
  return ({ store, context }) => {
    if (!(projects > 0)) return;
    seedReviewPlans(context('bench-review-plans'), store.workspace(DEMO_ORGS.paid), projects);
  };
}
