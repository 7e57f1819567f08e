/**
 * Seeded clips of the paid workspace: every one of the 11 statuses, each kind of failure, six
 * clips on one podcast episode (the asset with a share page), exported clips whose export is in
 * their project. Seeded clips stay where they are (only created or retried clips move).
 */
import type { ClipFailure, ClipSeed } from './clip-factory.ts';
import { buildClip, clipExportRecord } from './clip-factory.ts';
import type { SeedContext } from './seed-context.ts';
import { isoAt } from './seed-context.ts';
import type { AssetRecord, Workspace } from './workspace.ts';
import type { Clip, ClipStatus } from '@/api/schema.gen.ts';

export interface Planned {
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

/** A seeded clip of `plan`'s status on its asset, in a project, with its export when it has one. */
export function addSeededClip(
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
