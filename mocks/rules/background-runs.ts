/**
 * Background (trigger) runs on assets, clip batches and exports: what the administration cancel
 * endpoint cancels. Assumed rules (the reference shows only the cancel endpoint):
 * - Asking for short suggestions starts a run on the asset (rules/clip-pipeline.ts); it counts as
 *   a background run of the asset while it is queued or running.
 * - Seeded runs that stalled (status `stalled`, progress frozen) never finish on their own.
 * - While a run is queued, running or stalled the asset cannot be deleted (a `busy` failed item).
 * - Cancel: an active run becomes `cancelled` (success true); a finished run answers success false
 *   with its final status and is left as it is. Unknown resource or run: 404.
 */
import { notFound } from '../lib/errors.ts';
import type { Rng } from '../lib/prng.ts';
import type { Simulator } from '../simulator.ts';
import type { BackgroundRun } from '../store/contract.ts';
import type { RunRecord, Store, Workspace } from '../store/workspace.ts';
import { ACTIVE_RUN_STATUSES, findAsset } from '../store/workspace.ts';

export function cancelRun(
  sim: Simulator,
  workspace: Workspace,
  resourceType: RunRecord['resource_type'],
  resourceId: string,
  runId: string,
): { success: boolean; run_id: string; status: string } {
  if (!resourceExists(workspace, resourceType, resourceId)) {
    throw notFound('resource_id', `No ${resourceType} ${resourceId} in this workspace.`);
  }
  const suggestions = workspace.suggestionRuns.get(runId);
  if (suggestions && resourceType === 'asset' && suggestions.asset_id === resourceId) {
    if (!ACTIVE_RUN_STATUSES.has(suggestions.status)) {
      return { success: false, run_id: runId, status: suggestions.status };
    }
    suggestions.status = 'cancelled';
    suggestions.completed_at = sim.nowIso();
    return { success: true, run_id: runId, status: 'cancelled' };
  }
  const record = workspace.runs.get(runId);
  if (!record || record.resource_type !== resourceType || record.resource_id !== resourceId) {
    throw notFound('run_id', `No background run ${runId} on ${resourceType} ${resourceId}.`);
  }
  if (!ACTIVE_RUN_STATUSES.has(record.run.status)) {
    return { success: false, run_id: runId, status: record.run.status };
  }
  record.run.status = 'cancelled';
  record.run.updated_at = sim.nowIso();
  return { success: true, run_id: runId, status: 'cancelled' };
}

function resourceExists(
  workspace: Workspace,
  resourceType: RunRecord['resource_type'],
  resourceId: string,
): boolean {
  switch (resourceType) {
    case 'asset':
      return findAsset(workspace, resourceId) !== undefined;
    case 'clip-batch':
      return workspace.clipBatches.has(resourceId);
    case 'export':
      return workspace.projects.some((record) =>
        record.exports.some((item) => item.export_id.toLowerCase() === resourceId),
      );
  }
}

/** Drops the runs of deleted resources. */
export function forgetRuns(
  workspace: Workspace,
  resourceType: RunRecord['resource_type'],
  resourceIds: readonly string[],
): void {
  const ids = new Set(resourceIds);
  for (const [runId, record] of workspace.runs) {
    if (record.resource_type === resourceType && ids.has(record.resource_id)) {
      workspace.runs.delete(runId);
    }
  }
}

const STALLED: Array<{ asset: string; kind: string; progress: number; hoursAgo: number }> = [
  { asset: 'Webinar replay March.mp4', kind: 'transcode', progress: 0.42, hoursAgo: 5 },
  {
    asset: 'Screen recording - dashboard tour.mp4',
    kind: 'short_suggestions',
    progress: 0.1,
    hoursAgo: 26,
  },
];

/**
 * A few stalled runs in the paid demo workspace (two assets and the seeded clip batch), drawn
 * from their own generator so the rest of the seed is unchanged.
 */
export function seedBackgroundRuns(store: Store, rng: Rng, now: number): void {
  const workspace = store.workspace('org_demo');
  const iso = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString();
  for (const plan of STALLED) {
    const asset = workspace.assets.find((candidate) => candidate.name === plan.asset);
    if (!asset) continue;
    const run: BackgroundRun = {
      run_id: `run_${rng.hex(16)}`,
      kind: plan.kind,
      status: 'stalled',
      progress: plan.progress,
      started_at: iso(plan.hoursAgo),
      updated_at: iso(plan.hoursAgo - 0.5),
    };
    workspace.runs.set(run.run_id, { resource_type: 'asset', resource_id: asset.id, run });
  }
  const batchId = [...workspace.clipBatches.keys()][0];
  if (batchId) {
    const run: BackgroundRun = {
      run_id: `run_${rng.hex(16)}`,
      kind: 'clip_batch_render',
      status: 'stalled',
      progress: 0.66,
      started_at: iso(9),
      updated_at: iso(8),
    };
    workspace.runs.set(run.run_id, { resource_type: 'clip-batch', resource_id: batchId, run });
  }
}
