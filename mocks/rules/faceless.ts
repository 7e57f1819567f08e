/**
 * Faceless runs: approving the plan runs preproduction (generates the assets the revision lacks),
 * approving the assets runs generation. A run that cannot go ahead (an unavailable image or video
 * model) fails the revision with `error` and sends `faceless.failed`; finished generation sends
 * `faceless.complete`. Status machine: see FacelessPlanRevision.status in the contract.
 */
import { approvalCredits } from '@/shared-rules/faceless-staleness.ts';
import { conflict } from '../lib/errors.ts';
import type { Simulator } from '../simulator.ts';
import type { Schema } from '../store/contract.ts';
import {
  completePreproduction,
  registerGeneratedAssets,
  runFailure,
} from '../store/seed-faceless.ts';
import type { ProjectRecord, Workspace } from '../store/workspace.ts';
import { FINISHED_JOB_STATUSES, newJob, runJob } from './jobs.ts';
import type { FacelessPlanRevision, Job } from '@/api/schema.gen.ts';

export type ApprovalStage = 'plan' | 'assets';

/** The status each stage may be approved from (anything else is 409 `invalid_transition`). */
const APPROVABLE_FROM: Record<ApprovalStage, string> = { plan: 'draft', assets: 'assets_ready' };

export function checkTransition(revision: FacelessPlanRevision, stage: ApprovalStage): void {
  const from = APPROVABLE_FROM[stage];
  if (revision.status === from) return;
  throw conflict(
    'invalid_transition',
    `Revision ${revision.revision} is ${revision.status}; its ${stage} can be approved only while it is ${from}.`,
    'stage',
  );
}

function runStage(
  sim: Simulator,
  workspace: Workspace,
  record: ProjectRecord,
  revision: FacelessPlanRevision,
  stage: ApprovalStage,
  job: Job,
): void {
  const projectId = record.project.id;
  // `data` of faceless.complete / faceless.failed (FacelessEventData in the contract).
  const eventData = (): Schema<'FacelessEventData'> => ({
    project_id: projectId,
    revision_id: revision.id,
    revision: revision.revision,
    stage,
    job_id: job.job_id,
  });
  runJob(sim, workspace, job, {
    onFail: () => {
      const failure = runFailure(revision.plan, stage);
      if (!failure) return null;
      revision.status = 'failed';
      revision.error = failure;
      revision.updated_at = sim.nowIso();
      sim.emit(workspace.organizationId, 'faceless.failed', { ...eventData(), error: failure });
      return failure;
    },
    onComplete: () => {
      const now = sim.nowIso();
      revision.updated_at = now;
      if (stage === 'plan') {
        const { fields, created } = completePreproduction(sim.rng, revision, now);
        Object.assign(revision, fields);
        registerGeneratedAssets(workspace, projectId, created, now);
        revision.status = 'assets_ready';
        return;
      }
      revision.status = 'complete';
      sim.emit(workspace.organizationId, 'faceless.complete', eventData());
    },
  });
}

/** Approves `stage` of `revision` (state already checked) and starts its run. */
export function approveStage(
  sim: Simulator,
  workspace: Workspace,
  record: ProjectRecord,
  revision: FacelessPlanRevision,
  stage: ApprovalStage,
): void {
  checkTransition(revision, stage);
  const now = sim.nowIso();
  const job = newJob(sim, {
    type: stage === 'plan' ? 'faceless_preproduction' : 'faceless_generation',
    kind: 'faceless',
    projectId: record.project.id,
    estimatedCredits: approvalCredits(revision, stage),
  });
  workspace.jobs.unshift(job);
  if (stage === 'plan') {
    revision.plan_approved_at = now;
    revision.status = 'plan_approved';
    revision.preproduction_job_id = job.job_id;
  } else {
    revision.assets_approved_at = now;
    revision.status = 'generating';
    revision.generation_job_id = job.job_id;
  }
  revision.updated_at = now;
  runStage(sim, workspace, record, revision, stage, job);
}

/** Seeded revisions caught mid-run (plan_approved, generating) carry on once the simulator runs. */
export function resumeFacelessRuns(sim: Simulator): void {
  for (const workspace of sim.store.all()) {
    for (const record of workspace.projects) {
      for (const revision of record.facelessRevisions) {
        const stage: ApprovalStage | null =
          revision.status === 'plan_approved'
            ? 'plan'
            : revision.status === 'generating'
              ? 'assets'
              : null;
        if (!stage) continue;
        const jobId = stage === 'plan' ? revision.preproduction_job_id : revision.generation_job_id;
        const job = workspace.jobs.find((candidate) => candidate.job_id === jobId);
        if (job && !FINISHED_JOB_STATUSES.has(job.status)) {
          runStage(sim, workspace, record, revision, stage, job);
        }
      }
    }
  }
}
