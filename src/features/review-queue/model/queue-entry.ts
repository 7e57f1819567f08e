/**
 * One plan revision as the review queue reads it, whichever source it came from: the assumed
 * workspace-wide list (`GET /faceless/plans`) or a project's own list of revisions.
 */
import type { components, FacelessPlanRevision } from '@/api/schema.gen.ts';

export interface QueueEntry {
  projectId: string;
  projectName: string;
  revision: FacelessPlanRevision;
  /** The revision numbered just before it in the same project (what changed since). */
  previous: FacelessPlanRevision | undefined;
  /** The newest revision number of the project's plan (a later one supersedes a failed run). */
  latestRevision: number;
}

export type WorkspaceEntry = components['schemas']['FacelessPlanWorkspaceEntry'];

export function entryFromWorkspace(entry: WorkspaceEntry): QueueEntry {
  return {
    projectId: entry.project.id,
    projectName: entry.project.name,
    revision: entry.revision,
    previous: entry.previous_revision,
    latestRevision: Math.max(entry.latest_revision, entry.revision.revision),
  };
}

/** Every revision of one project's list as entries (the per-project fallback). */
export function entriesOfProject(
  project: { id: string; name: string },
  revisions: readonly FacelessPlanRevision[],
): QueueEntry[] {
  if (revisions.length === 0) return [];
  const byNumber = new Map(revisions.map((revision) => [revision.revision, revision]));
  const latestRevision = Math.max(...byNumber.keys());
  return revisions.map((revision) => ({
    projectId: project.id,
    projectName: project.name,
    revision,
    previous: byNumber.get(revision.revision - 1),
    latestRevision,
  }));
}
