/**
 * Seeded clips of the paid workspace: every one of the 11 statuses, each kind of failure, six
 * clips on one podcast episode (the asset with a share page), exported clips whose export is in
 * their project. Seeded clips stay where they are (only created or retried clips move).
 *
 * With `benchClips` (env SIM_BENCH_CLIPS, for `npm run bench:clips`) the workspace also gets a
 * 3-hour livestream asset with 200 clips and that many clips in all (spread over the video
 * assets, projects and statuses).
 */
import type { ClipFailure, ClipSeed } from './clip-factory.ts';
import { buildClip, clipExportRecord } from './clip-factory.ts';
import type { SeedContext } from './seed-context.ts';
import { isoAt, thumbnailDataUri } from './seed-context.ts';
import type { AssetRecord, Workspace } from './workspace.ts';
import type { Clip, ClipStatus } from '@/api/schema.gen.ts';

interface Planned {
  status: ClipStatus;
  failure?: ClipFailure;
  /** Index into the video assets; the share asset when 'share'. */
  source: number | 'share';
}

/** Statuses of the regular seed, oldest first. */
const PLAN: Planned[] = [
  { status: 'exported', source: 'share' },
  { status: 'preparing_source', source: 0 },
  { status: 'awaiting_suggestions', source: 1 },
  { status: 'selecting_clip', source: 2 },
  { status: 'ready', source: 'share' },
  { status: 'assembling', source: 3 },
  { status: 'qa_running', source: 4 },
  { status: 'needs_reselection', source: 'share' },
  { status: 'needs_repair', source: 5 },
  { status: 'exporting', source: 6 },
  { status: 'failed', failure: 'source_unreadable', source: 7 },
  { status: 'failed', failure: 'render_timeout', source: 'share' },
  { status: 'exported', source: 1 },
  { status: 'ready', source: 2 },
  { status: 'failed', failure: 'export_storage', source: 3 },
  { status: 'qa_running', source: 'share' },
  { status: 'exported', source: 'share' },
  { status: 'ready', source: 0 },
];

const EXPORT_TTL_DAYS = 30;

function addSeededClip(
  ctx: SeedContext,
  workspace: Workspace,
  plan: Planned & { asset: AssetRecord; day: number; projectIndex: number },
): Clip {
  const project = workspace.projects[plan.projectIndex % Math.max(1, workspace.projects.length)];
  const exportId =
    plan.status === 'exported' || plan.status === 'exporting' || plan.failure === 'export_storage'
      ? `exp_${ctx.rng.hex(16)}`
      : undefined;
  const seed: ClipSeed = {
    clipId: ctx.rng.uuid(),
    status: plan.status,
    createdAt: isoAt(ctx, plan.day),
    updatedAt: isoAt(ctx, plan.day + 0.02),
    asset: plan.asset,
    ...(project ? { projectId: project.project.id, projectName: project.project.name } : {}),
    ...(plan.failure ? { failure: plan.failure } : {}),
    ...(exportId ? { exportId } : {}),
  };
  const clip = buildClip(ctx.rng, seed);
  if (plan.status === 'exported' && exportId && project) {
    // The export the clip names exists in its project.
    project.exports.push(
      clipExportRecord(clip, {
        exportId,
        renderedAt: isoAt(ctx, plan.day + 0.02),
        // Seeded clip exports have not expired (the seed's one expired export is a project's).
        expiresAt: isoAt(ctx, Math.max(plan.day + EXPORT_TTL_DAYS, 5)),
      }),
    );
  }
  workspace.clips.push(clip);
  return clip;
}

/** Newest first, as the list endpoint returns them. */
export function sortClipsNewestFirst(workspace: Workspace): void {
  workspace.clips.sort((a, b) => b.created_at.localeCompare(a.created_at));
}

export function seedClips(ctx: SeedContext, workspace: Workspace, shareAsset: AssetRecord): void {
  const videos = workspace.assets.filter(
    (asset) => asset.kind === 'video' && asset.id !== shareAsset.id,
  );
  PLAN.forEach((plan, index) => {
    const asset = plan.source === 'share' ? shareAsset : videos[plan.source % videos.length];
    if (!asset) return;
    addSeededClip(ctx, workspace, { ...plan, asset, day: -8 + index * 0.3, projectIndex: index });
  });
  sortClipsNewestFirst(workspace);
}

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

/** `count` more clips (for the benchmark), 200 of them on a new 3-hour livestream asset. */
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
