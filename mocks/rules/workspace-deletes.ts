/**
 * Executes the delete operations on a workspace under the rules of rules/deletion.ts.
 */
import type { AssetRecord, ProjectRecord, Workspace } from '../store/workspace.ts';
import type { DeleteFlags } from './deletion.ts';
import { effectiveDryRun } from './deletion.ts';
import type { DeletionImpact, DeletionResult } from '@/api/schema.gen.ts';

/** An injected per-item failure of a confirmed delete (lib/faults.ts), or null. */
export type TransientFailure = (item: { id: string; name: string }) => string | null;

function result(
  dryRun: boolean,
  selectedIds: string[],
  missingIds: string[],
  what: string,
  impact: DeletionImpact,
  failing: ReadonlyArray<{ id: string; error: string }> = [],
): DeletionResult {
  const failed = [
    ...missingIds.map((id) => ({ id, error: `not_found: no ${what} with id ${id}` })),
    ...failing,
  ];
  const failingIds = new Set(failing.map((item) => item.id));
  const deletedIds = dryRun ? [] : selectedIds.filter((id) => !failingIds.has(id));
  return {
    success: failed.length === 0,
    dry_run: dryRun,
    selected_count: selectedIds.length,
    deleted_count: deletedIds.length,
    failed_count: failed.length,
    selected_ids: selectedIds,
    deleted_ids: deletedIds,
    failed_items: failed,
    impact,
  };
}

/** Impact of deleting assets: the projects linked to them and the clips generated from them. */
function assetImpact(workspace: Workspace, assets: readonly AssetRecord[]) {
  const assetIds = new Set(assets.map((asset) => asset.id));
  const linkedIds = new Set(assets.flatMap((asset) => asset.linked_project_ids));
  const linkedProjects = workspace.projects.filter((record) => linkedIds.has(record.project.id));
  const clips = workspace.clips.filter((clip) => assetIds.has(clip.source?.asset_id ?? ''));
  return { linkedProjects, clips };
}

export function deleteAssets(
  workspace: Workspace,
  selected: readonly AssetRecord[],
  missingIds: string[],
  flags: Pick<DeleteFlags, 'dryRun' | 'confirmDelete'> &
    Partial<Pick<DeleteFlags, 'deleteGeneratedClips' | 'deleteLinkedProjects'>>,
  transient?: TransientFailure,
): DeletionResult {
  const dryRun = effectiveDryRun(flags);
  const failing: Array<{ id: string; error: string }> = [];
  // A confirmed delete can fail for an item transiently (injected, lib/faults.ts).
  if (!dryRun && transient) {
    for (const asset of selected) {
      const error = transient(asset);
      if (error) failing.push({ id: asset.id, error });
    }
  }
  const failingIds = new Set(failing.map((item) => item.id));
  const deletable = selected.filter((asset) => !failingIds.has(asset.id));
  const { linkedProjects, clips } = assetImpact(workspace, deletable);
  const impact: DeletionImpact = {
    linked_project_count: linkedProjects.length,
    linked_projects: linkedProjects.map((record) => ({
      id: record.project.id,
      name: record.project.name,
    })),
    generated_clip_count: clips.length,
  };
  if (!dryRun) {
    const assetIds = new Set(deletable.map((asset) => asset.id));
    workspace.assets = workspace.assets.filter((asset) => !assetIds.has(asset.id));
    workspace.sharePages = workspace.sharePages.filter((page) => !assetIds.has(page.asset_id));
    if (flags.deleteGeneratedClips) {
      const clipIds = new Set(clips.map((clip) => clip.clip_id));
      workspace.clips = workspace.clips.filter((clip) => !clipIds.has(clip.clip_id));
    }
    if (flags.deleteLinkedProjects) {
      removeProjects(workspace, linkedProjects);
    }
  }
  return result(
    dryRun,
    selected.map((asset) => asset.id),
    missingIds,
    'media asset',
    impact,
    failing,
  );
}

function removeProjects(workspace: Workspace, projects: readonly ProjectRecord[]): void {
  const ids = new Set(projects.map((record) => record.project.id));
  workspace.projects = workspace.projects.filter((record) => !ids.has(record.project.id));
  for (const asset of workspace.assets) {
    asset.linked_project_ids = asset.linked_project_ids.filter((id) => !ids.has(id));
  }
}

/**
 * Project deletes: projects link to no other project (`linked_projects` is empty); the clips made
 * for the selected projects are their generated clips (deleted with `delete_generated_clips`).
 */
export function deleteProjects(
  workspace: Workspace,
  selected: readonly ProjectRecord[],
  missingIds: string[],
  flags: DeleteFlags,
  transient?: TransientFailure,
): DeletionResult {
  const dryRun = effectiveDryRun(flags);
  const failing =
    dryRun || !transient
      ? []
      : selected.flatMap((record) => {
          const error = transient({ id: record.project.id, name: record.project.name });
          return error ? [{ id: record.project.id, error }] : [];
        });
  const failingIds = new Set(failing.map((item) => item.id));
  selected = selected.filter((record) => !failingIds.has(record.project.id));
  const ids = new Set(selected.map((record) => record.project.id));
  const clips = workspace.clips.filter((clip) => ids.has(clip.project_id ?? ''));
  const impact: DeletionImpact = {
    linked_project_count: 0,
    linked_projects: [],
    generated_clip_count: clips.length,
  };
  if (!dryRun) {
    removeProjects(workspace, selected);
    if (flags.deleteGeneratedClips) {
      const clipIds = new Set(clips.map((clip) => clip.clip_id));
      workspace.clips = workspace.clips.filter((clip) => !clipIds.has(clip.clip_id));
    }
    workspace.jobs = workspace.jobs.filter((job) => !ids.has(job.project_id ?? ''));
  }
  return result(
    dryRun,
    [...selected.map((record) => record.project.id), ...failingIds],
    missingIds,
    'project',
    impact,
    failing,
  );
}
