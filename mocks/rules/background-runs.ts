/**
 * Background (trigger) runs on assets, clip batches and exports: what the administration cancel
 * endpoint cancels (its 404 / 409 rules are declared in the contract). Kept in
 * `workspace.triggerRuns`; the short-suggestion runs of an asset (rules/clip-pipeline.ts) are
 * background runs of that asset too, while they are queued or running.
 * Assumed: a few seeded runs are stuck (running, progress frozen, last moved hours ago); they
 * never finish on their own.
 */
import { conflict, notFound } from '../lib/errors.ts';
import type { Rng } from '../lib/prng.ts';
import type { Simulator } from '../simulator.ts';
import type { Schema } from '../store/contract.ts';
import { CDN_BASE } from '../store/seed-context.ts';
import type { Store, TriggerRunRecord, Workspace } from '../store/workspace.ts';
import { ACTIVE_RUN_STATUSES, activeRuns, findAsset } from '../store/workspace.ts';

type ResourceType = TriggerRunRecord['resource_type'];

export function cancelRun(
  sim: Simulator,
  workspace: Workspace,
  resourceType: ResourceType,
  resourceId: string,
  runId: string,
): { success: boolean; run_id: string; status: string } {
  if (!resourceExists(workspace, resourceType, resourceId)) {
    throw notFound('resource_id', `No ${resourceType} ${resourceId} in this workspace.`);
  }
  const finished = (status: string) =>
    conflict('run_finished', `Run ${runId} already finished (${status}).`, 'run_id');
  const suggestions = workspace.suggestionRuns.get(runId);
  if (suggestions && resourceType === 'asset' && suggestions.asset_id === resourceId) {
    if (!ACTIVE_RUN_STATUSES.has(suggestions.status)) throw finished(suggestions.status);
    suggestions.status = 'cancelled';
    suggestions.completed_at = sim.nowIso();
    return { success: true, run_id: runId, status: 'cancelled' };
  }
  const run = workspace.triggerRuns.find(
    (candidate) =>
      candidate.run_id === runId &&
      candidate.resource_type === resourceType &&
      candidate.resource_id === resourceId,
  );
  if (!run)
    throw notFound('run_id', `No background run ${runId} of ${resourceType} ${resourceId}.`);
  if (!ACTIVE_RUN_STATUSES.has(run.status)) throw finished(run.status);
  run.status = 'cancelled';
  run.updated_at = sim.nowIso();
  return { success: true, run_id: runId, status: run.status };
}

/** A name for a run's resource: the asset's, the source asset's of a clip batch, the export's project. */
function resourceName(workspace: Workspace, type: ResourceType, id: string): string | null {
  if (type === 'asset') return findAsset(workspace, id)?.name ?? null;
  if (type === 'clip-batch') {
    const batch = workspace.clipBatches.get(id)?.batch as { asset_id?: unknown } | undefined;
    const asset = typeof batch?.asset_id === 'string' ? findAsset(workspace, batch.asset_id) : null;
    return asset ? `Clips of ${asset.name}` : null;
  }
  const project = workspace.projects.find((record) =>
    record.exports.some((item) => item.export_id === id),
  );
  return project ? `Export of ${project.project.name}` : null;
}

/**
 * Every run still working (queued or running) on the workspace's assets, clip batches and exports,
 * the one that last moved longest ago first (the stuck ones lead).
 */
export function listActiveRuns(
  workspace: Workspace,
  resourceType: ResourceType | undefined,
): Array<Schema<'RecoveryRun'>> {
  const resources = new Map<string, { type: ResourceType; id: string }>();
  for (const run of workspace.triggerRuns) {
    resources.set(`${run.resource_type}\u0000${run.resource_id}`, {
      type: run.resource_type,
      id: run.resource_id,
    });
  }
  for (const run of workspace.suggestionRuns.values()) {
    resources.set(`asset\u0000${run.asset_id}`, { type: 'asset', id: run.asset_id });
  }
  const runs: Array<Schema<'RecoveryRun'>> = [];
  for (const { type, id } of resources.values()) {
    if (resourceType !== undefined && type !== resourceType) continue;
    if (!resourceExists(workspace, type, id)) continue;
    const name = resourceName(workspace, type, id);
    for (const run of activeRuns(workspace, type, id)) {
      runs.push({ ...run, resource_type: type, resource_id: id, resource_name: name });
    }
  }
  const movedAt = (run: Schema<'RecoveryRun'>) =>
    Date.parse(run.updated_at ?? run.started_at ?? '') || 0;
  return runs.sort((a, b) => movedAt(a) - movedAt(b) || a.run_id.localeCompare(b.run_id));
}

function resourceExists(workspace: Workspace, type: ResourceType, id: string): boolean {
  if (type === 'asset') return findAsset(workspace, id) !== undefined;
  if (type === 'clip-batch') return workspace.clipBatches.has(id);
  return workspace.projects.some((record) => record.exports.some((item) => item.export_id === id));
}

/** Drops the runs of deleted resources. */
export function forgetRuns(
  workspace: Workspace,
  resourceType: ResourceType,
  resourceIds: readonly string[],
): void {
  const ids = new Set(resourceIds);
  workspace.triggerRuns = workspace.triggerRuns.filter(
    (run) => run.resource_type !== resourceType || !ids.has(run.resource_id),
  );
}

const STUCK: Array<{ asset: string; kind: string; progress: number; hoursAgo: number }> = [
  { asset: 'Webinar replay March.mp4', kind: 'transcode', progress: 0.42, hoursAgo: 5 },
  {
    asset: 'Screen recording - dashboard tour.mp4',
    kind: 'thumbnail_render',
    progress: 0.1,
    hoursAgo: 26,
  },
];

/**
 * The project whose one export (added here, still rendering) has a stuck render of its own: no
 * other run works on that export, so the ops e2e can cancel it without touching what other specs
 * use (the seed's shared export run is on another project's export).
 */
export const STUCK_EXPORT_PROJECT = 'Hiring slow, firing fast (ep 42)';

/**
 * Stuck runs in the paid demo workspace (two assets, the seeded clip batch and an export of its
 * own), drawn from their own generator so the rest of the seed is unchanged.
 */
export function seedBackgroundRuns(store: Store, rng: Rng, now: number): void {
  const workspace = store.workspace('org_demo');
  const iso = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString();
  const stuck = (
    type: ResourceType,
    id: string,
    kind: string,
    progress: number,
    hoursAgo: number,
  ): TriggerRunRecord => ({
    run_id: `trun_${rng.hex(12)}`,
    resource_type: type,
    resource_id: id,
    status: 'running',
    kind,
    progress,
    started_at: iso(hoursAgo),
    updated_at: iso(hoursAgo - 0.5),
  });
  for (const plan of STUCK) {
    const asset = workspace.assets.find((candidate) => candidate.name === plan.asset);
    if (asset) {
      workspace.triggerRuns.push(stuck('asset', asset.id, plan.kind, plan.progress, plan.hoursAgo));
    }
  }
  const batchId = [...workspace.clipBatches.keys()][0];
  if (batchId) {
    workspace.triggerRuns.push(stuck('clip-batch', batchId, 'clip_batch_render', 0.66, 9));
  }
  const project = workspace.projects.find((record) => record.project.name === STUCK_EXPORT_PROJECT);
  if (project) {
    const exportId = rng.uuid();
    project.exports.push({
      export_id: exportId,
      status: 'rendering',
      download_url: '',
      thumbnail_url: `${CDN_BASE}/exports/${exportId}.jpg`,
      platform_metadata: { project_id: project.project.id },
      container_format: 'mp4',
    });
    workspace.triggerRuns.push(stuck('export', exportId, 'export_render', 0.8, 7));
  }
}
