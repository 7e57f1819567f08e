import type { FacelessPlanRevision, PlanScene } from '@/api/schema.gen.ts';
/**
 * What a revision's status means to a reviewer, which approvals it allows (the contract's
 * assumed status machine), and the state of each scene's keyframe and QA.
 */

export type ApprovalStage = 'plan' | 'assets';

const LABELS: Record<string, string> = {
  draft: 'Draft',
  plan_approved: 'Plan approved · preproduction running',
  assets_ready: 'Assets ready for review',
  generating: 'Generating video',
  complete: 'Complete',
  failed: 'Failed',
};

export function statusLabel(status: string): string {
  return LABELS[status] ?? status.replace(/_/g, ' ');
}

export type Tone = 'neutral' | 'progress' | 'attention' | 'success' | 'danger';

export function statusTone(status: string): Tone {
  switch (status) {
    case 'plan_approved':
    case 'generating':
      return 'progress';
    case 'assets_ready':
      return 'attention';
    case 'complete':
      return 'success';
    case 'failed':
      return 'danger';
    default:
      return 'neutral';
  }
}

/** Statuses in which the service is working on the revision (poll until they end). */
export function isRunning(status: string): boolean {
  return status === 'plan_approved' || status === 'generating';
}

/** Approving a stage is offered only from the status that allows it. */
export function canApprove(revision: Pick<FacelessPlanRevision, 'status'>, stage: ApprovalStage) {
  return stage === 'plan' ? revision.status === 'draft' : revision.status === 'assets_ready';
}

/** The approval the revision is waiting for, if any. */
export function nextApproval(revision: Pick<FacelessPlanRevision, 'status'>): ApprovalStage | null {
  if (canApprove(revision, 'plan')) return 'plan';
  if (canApprove(revision, 'assets')) return 'assets';
  return null;
}

export type SemanticScene = NonNullable<
  NonNullable<
    NonNullable<FacelessPlanRevision['preproduction_assets']>['semanticActionQa']
  >['scenes']
>[number];

export interface SceneAssets {
  keyframeAssetId: string | undefined;
  qa: SemanticScene | undefined;
  /** current: keyframe and QA exist; stale: the revision dropped them (a revise changed what they show); pending: never generated. */
  state: 'current' | 'stale' | 'pending';
}

/** Lookups of keyframes and QA by scene index, built once per revision. */
export function sceneAssetIndex(revision: FacelessPlanRevision): (scene: PlanScene) => SceneAssets {
  const assets = revision.preproduction_assets;
  const keyframes = new Map((assets?.keyframes ?? []).map((k) => [k.sceneIndex ?? -1, k.assetId]));
  const qa = new Map((assets?.semanticActionQa?.scenes ?? []).map((s) => [s.sceneIndex ?? -1, s]));
  return (scene) => {
    const index = scene.index ?? -1;
    const keyframeAssetId = keyframes.get(index);
    const verdict = qa.get(index);
    const state = keyframeAssetId && verdict ? 'current' : assets ? 'stale' : 'pending';
    return { keyframeAssetId, qa: verdict, state };
  };
}

export interface CostRow {
  key: string;
  label: string;
  credits: number;
}

const COST_PARTS: Array<[string, string]> = [
  ['planning', 'Planning'],
  ['styleAnchor', 'Style anchor'],
  ['characterAnchors', 'Character anchors'],
  ['keyframes', 'Keyframes'],
  ['semanticActionQa', 'Semantic action QA'],
  ['animation', 'Animation'],
];

/** The estimate's parts, its stated total, and whether the parts add up to it. */
export function costBreakdown(estimate: Record<string, unknown> | undefined): {
  rows: CostRow[];
  total: number;
  sumOfParts: number;
  consistent: boolean;
  unit: string;
} {
  const number = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? value : 0;
  const rows = COST_PARTS.map(([key, label]) => ({ key, label, credits: number(estimate?.[key]) }));
  const sumOfParts = rows.reduce((sum, item) => sum + item.credits, 0);
  const total = typeof estimate?.total === 'number' ? estimate.total : sumOfParts;
  return {
    rows,
    total,
    sumOfParts,
    consistent: Math.abs(sumOfParts - total) < 0.005,
    unit: typeof estimate?.unit === 'string' ? estimate.unit : 'credits',
  };
}
