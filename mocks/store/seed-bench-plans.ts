/**
 * The review queue benchmark's plans (SIM_BENCH_PLANS=<projects>; `npm run bench:review` seeds
 * 200): that many faceless projects of five revisions each, every revision walked to its status
 * as the service would have (jobs, generated assets, QA), older than the demo's plans. Each
 * project ends one of three ways, so the queue holds assets to approve, plans to approve and
 * failed runs (about 1⅔ waiting revisions a project); none is caught mid-run, so the queue stays
 * still while it is measured. Drawn from a generator of its own: the rest of the seed is as it was.
 */
import type { Character } from '@/api/schema.gen.ts';
import type { SeedContext } from './seed-context.ts';
import {
  FACELESS_STORIES,
  type FacelessProjectFactory,
  type FacelessStory,
  type SeedStep,
  seedRevisions,
} from './seed-faceless.ts';
import type { Workspace } from './workspace.ts';

export const BENCH_PLAN_REVISIONS = 5;

export const benchPlanProjectName = (index: number, story: FacelessStory): string =>
  `Benchmark plan ${String(index + 1).padStart(3, '0')}: ${story.name}`;

const scene = (note: string) => ({ scenes: [{ index: 1, narration: `Retold: ${note}.` }] });

/** Three histories of five revisions: what waits at the end of each is noted beside it. */
const HISTORIES: SeedStep[][] = [
  // Assets of revision 4 and the plan of revision 5 wait; the failed run 3 was revised since.
  [
    { status: 'complete' },
    { status: 'complete', changes: scene('a quieter night') },
    { status: 'failed', changes: { models: { videoModelId: 'video-motion-9' } } },
    { status: 'assets_ready', changes: { models: { videoModelId: 'video-motion-3' } } },
    { status: 'draft', changes: { scenes: [{ index: 2, imagePrompt: 'lamplight on wet glass' }] } },
  ],
  // Assets of revision 2 wait, and the failed run 5 (nothing after it) needs a look.
  [
    { status: 'complete' },
    { status: 'assets_ready', changes: scene('the second telling') },
    { status: 'complete', changes: scene('the third telling') },
    { status: 'complete', changes: { styleAnchorPrompt: 'Cold dawn light, long shadows' } },
    { status: 'failed', changes: { models: { imageModelId: 'image-xl-9' } } },
  ],
  // Only the assets of revision 5 wait.
  [
    { status: 'complete' },
    { status: 'complete', changes: scene('take two') },
    { status: 'complete', changes: scene('take three') },
    { status: 'complete', changes: scene('take four') },
    { status: 'assets_ready', changes: scene('take five') },
  ],
];

export function seedBenchPlans(
  seedCtx: SeedContext,
  workspace: Workspace,
  projects: number,
  newProject: FacelessProjectFactory,
): void {
  const ctx: SeedContext = { rng: seedCtx.rng.fork('bench-plans'), anchor: seedCtx.anchor };
  const characters = workspace.characters.slice(0, 2).filter((c): c is Character => Boolean(c));
  for (let index = 0; index < projects; index += 1) {
    const story = FACELESS_STORIES[index % FACELESS_STORIES.length] as FacelessStory;
    const steps = HISTORIES[index % HISTORIES.length] as SeedStep[];
    // Oldest first, 90 to 30 days ago, so the demo's own plans stay the newest.
    const startDay = -90 + (index * 60) / Math.max(1, projects);
    const record = newProject(
      ctx,
      {
        name: benchPlanProjectName(index, story),
        description: story.description,
        items: 30,
        status: 'planning',
      },
      startDay,
    );
    workspace.projects.push(record);
    seedRevisions(ctx, workspace, record, story, characters, steps, startDay);
  }
}
