/**
 * Seed plug-in of `npm run bench:clips` (SIM_BENCH_CLIPS=<count>): that many more clips in the
 * paid workspace, 200 of them on a new 3-hour livestream asset, the rest spread over the video
 * assets, projects and statuses. Built for the simulator by seed-plugins.ts.
 */
import { DEMO_ORGS } from '../../mocks/lib/auth.ts';
import type { ClipFailure } from '../../mocks/store/clip-factory.ts';
import type { SeedPlugin } from '../../mocks/store/seed.ts';
import { addSeededClip, sortClipsNewestFirst } from '../../mocks/store/seed-clips.ts';
import type { SeedContext } from '../../mocks/store/seed-context.ts';
import { isoAt, thumbnailDataUri } from '../../mocks/store/seed-context.ts';
import type { AssetRecord, Workspace } from '../../mocks/store/workspace.ts';
import type { ClipStatus } from '../../src/api/schema.gen.ts';

const BENCH_WEIGHTS: Array<[ClipStatus, number]> = [
  ['exported', 30],
  ['ready', 15],
  ['failed', 8],
  ['needs_repair', 5],
  ['needs_reselection', 4],
  ['preparing_source', 6],
  ['awaiting_suggestions', 6],
  ['selecting_clip', 6],
  ['assembling', 7],
  ['qa_running', 7],
  ['exporting', 6],
];
const FAILURES: ClipFailure[] = ['source_unreadable', 'render_timeout', 'export_storage'];
export const BENCH_LONG_SOURCE_NAME = 'Livestream - 3 hour marathon.mp4';
export const BENCH_LONG_SOURCE_SECONDS = 3 * 3600;
export const BENCH_LONG_SOURCE_CLIPS = 200;

/** `count` more clips, 200 of them on a new 3-hour livestream asset. */
export function seedBenchClips(ctx: SeedContext, workspace: Workspace, count: number): void {
  const rng = ctx.rng.fork('bench-clips');
  const created = isoAt(ctx, -40);
  const longSource: AssetRecord = {
    id: rng.uuid(),
    name: BENCH_LONG_SOURCE_NAME,
    kind: 'video',
    folder_id: null,
    size_bytes: BENCH_LONG_SOURCE_SECONDS * 1_200_000,
    duration_seconds: BENCH_LONG_SOURCE_SECONDS,
    thumbnail_url: thumbnailDataUri(BENCH_LONG_SOURCE_NAME),
    linked_project_ids: [],
    created_at: created,
    updated_at: created,
  };
  const videos = workspace.assets.filter((asset) => asset.kind === 'video');
  workspace.assets.push(longSource);
  const total = BENCH_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  const pickStatus = (): ClipStatus => {
    let roll = rng.int(0, total - 1);
    for (const [status, weight] of BENCH_WEIGHTS) {
      if (roll < weight) return status;
      roll -= weight;
    }
    return 'ready';
  };
  const benchCtx: SeedContext = { ...ctx, rng };
  for (let index = 0; index < count; index += 1) {
    const status = pickStatus();
    const asset =
      index < BENCH_LONG_SOURCE_CLIPS
        ? longSource
        : (videos[rng.int(0, videos.length - 1)] ?? longSource);
    addSeededClip(benchCtx, workspace, {
      status,
      ...(status === 'failed' ? { failure: rng.pick(FAILURES) } : {}),
      source: 0,
      asset,
      day: -30 + (index / count) * 29.5,
      projectIndex: rng.int(0, 9),
    });
  }
  sortClipsNewestFirst(workspace);
}

/** The plug-in, with the count from SIM_BENCH_CLIPS (none when it is unset or not positive). */
export function createSeedPlugin(env: Record<string, string | undefined>): SeedPlugin {
  const count = Math.round(Number(env.SIM_BENCH_CLIPS ?? 0));
  return ({ store, context }) => {
    // The paid workspace's own stream, as when this was part of the demo seed.
    if (count > 0) seedBenchClips(context('org_demo'), store.workspace(DEMO_ORGS.paid), count);
  };
}
