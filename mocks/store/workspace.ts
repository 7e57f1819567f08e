/**
 * The in-memory store: one workspace per organization. Records are the contract's own shapes;
 * what the contract does not carry (a timeline layer's lock, a project's kind, folder membership
 * counts) lives beside them and is derived into responses on read.
 */
import type { Schema, TimelineLayerKind } from './contract.ts';
import type {
  BackgroundRun,
  CaptionStyleResponse,
  CaptionWord,
  Character,
  Clip,
  ClipSharePage,
  Export,
  FacelessPlanRevision,
  Job,
  MediaAsset,
  MediaFolder,
  OnboardingState,
  Project,
  PublishingConnection,
  ScheduledPost,
  ScheduledPostFailure,
  ShortSuggestionsRunState,
  TimelineItem,
  Webhook,
} from '@/api/schema.gen.ts';

export interface LayerState {
  index: number;
  name: string;
  kind: TimelineLayerKind;
  /** Assumed in the contract (layer `locked`): items on a locked layer cannot be deleted or moved (per-item failure). */
  locked: boolean;
  items: TimelineItem[];
}

export interface TimelineState {
  revision: number;
  fps: number;
  layers: LayerState[];
}

/** A project's caption style as `GET .../captions/style` answers it, plus its revision. */
export type CaptionStyleState = Pick<CaptionStyleResponse, 'settings' | 'look_id' | 'preset_id'> & {
  /** Rises with every style update (absent: 1). */
  revision?: number;
};

export interface ProjectRecord {
  project: Project;
  kind: 'edit' | 'faceless';
  timeline: TimelineState;
  captionWords: CaptionWord[];
  captionStyle: CaptionStyleState;
  exports: Export[];
  facelessRevisions: FacelessPlanRevision[];
}

/** An AI edit run (assumed list endpoint): the project it edits and the style last applied. */
export interface AiEditRunRecord {
  projectId: string;
  createdAt: string;
  appliedStyleId: string | null;
}

/**
 * A connected publishing account. `providerRefusal` is the simulator's stand-in for what the
 * platform decides at publish time (e.g. an account whose settings refuse the app's posts): every
 * post to it fails with that provider error.
 */
export interface ConnectionRecord {
  connection: PublishingConnection;
  providerRefusal: ScheduledPostFailure | null;
}

/** A folder as stored; `asset_count` is derived on read. */
export type FolderRecord = Omit<MediaFolder, 'asset_count'>;

/** An asset as stored; `generated_clip_count` and `active_runs` are derived on read. */
export type AssetRecord = Omit<MediaAsset, 'generated_clip_count' | 'active_runs'>;

/** A multipart upload (rules/uploads.ts); the part bytes live in the simulator's PartStore. */
export interface UploadRecord {
  upload_id: string;
  storage_key: string;
  filename: string;
  content_type: string;
  size_bytes: number;
  folder_id: string | null;
  created_at: number;
  expires_at: number;
  status: 'open' | 'completed' | 'aborted';
  parts: Map<number, { etag: string; size: number }>;
  /** Set while the parts are being assembled, so a repeated complete waits for the same asset. */
  completion?: Promise<AssetRecord>;
  asset_id?: string;
}

/**
 * A background (trigger) run of an asset, clip batch or export, as the admin recovery operation
 * sees it. The contract shows no run resource; the simulator keeps what cancelling needs.
 */
export interface TriggerRunRecord {
  run_id: string;
  resource_type: Schema<'RecoveryResourceType'>;
  resource_id: string;
  status: 'running' | 'completed' | 'failed' | 'cancelled';
  /** What the run does, its progress (0-1) and when it started / last moved, when known. */
  kind?: string;
  progress?: number;
  started_at?: string;
  updated_at?: string;
}

/**
 * A word heard in an asset's sound at its source time (the talking-head demo's cameras): the
 * simulator speaks it in `voice` (a speaker of mocks/audio/speech/) from `startSeconds`.
 */
export interface SpokenWord {
  text: string;
  voice: string;
  startSeconds: number;
  endSeconds: number;
}

export interface Workspace {
  organizationId: string;
  plan: 'pro' | 'free';
  projects: ProjectRecord[];
  folders: FolderRecord[];
  assets: AssetRecord[];
  /** Images a faceless plan's preproduction generated: readable by id, not listed in the library. */
  generatedAssets: Map<string, AssetRecord>;
  clips: Clip[];
  characters: Character[];
  jobs: Job[];
  webhooks: Webhook[];
  credits: { balance: number; period_end: string };
  sharePages: ClipSharePage[];
  clipBatches: Map<string, Record<string, unknown>>;
  /** Short-suggestion runs by run_id. */
  suggestionRuns: Map<string, ShortSuggestionsRunState>;
  recordingSetIds: Set<string>;
  aiEditRuns: Map<string, AiEditRunRecord>;
  /** Newest first. */
  scheduledPosts: ScheduledPost[];
  connections: ConnectionRecord[];
  onboarding: OnboardingState;
  uploads: Map<string, UploadRecord>;
  triggerRuns: TriggerRunRecord[];
  /** Assets whose sound speaks a transcript, by asset id (mocks/audio/speech.ts). */
  speech: Map<string, SpokenWord[]>;
}

export function emptyWorkspace(organizationId: string, plan: 'pro' | 'free'): Workspace {
  return {
    organizationId,
    plan,
    projects: [],
    folders: [],
    assets: [],
    generatedAssets: new Map(),
    clips: [],
    characters: [],
    jobs: [],
    webhooks: [],
    credits: { balance: 0, period_end: new Date(0).toISOString() },
    sharePages: [],
    clipBatches: new Map(),
    suggestionRuns: new Map(),
    recordingSetIds: new Set(),
    aiEditRuns: new Map(),
    scheduledPosts: [],
    connections: [],
    onboarding: { status: 'not_started', brand_context: null, completed_at: null },
    uploads: new Map(),
    triggerRuns: [],
    speech: new Map(),
  };
}

export function findProject(workspace: Workspace, projectId: string): ProjectRecord | undefined {
  const id = projectId.toLowerCase();
  return workspace.projects.find((record) => record.project.id === id);
}

export function findAsset(workspace: Workspace, assetId: string): AssetRecord | undefined {
  const id = assetId.toLowerCase();
  return workspace.assets.find((asset) => asset.id === id);
}

export function generatedClipCount(workspace: Workspace, assetId: string): number {
  return workspace.clips.filter((clip) => clip.source?.asset_id === assetId).length;
}

/** Runs still working on a resource (queued, running or stalled). */
export function activeRuns(
  workspace: Workspace,
  resourceType: TriggerRunRecord['resource_type'],
  resourceId: string,
): BackgroundRun[] {
  const runs: BackgroundRun[] = [];
  for (const record of workspace.triggerRuns) {
    if (record.resource_type !== resourceType || record.resource_id !== resourceId) continue;
    if (!ACTIVE_RUN_STATUSES.has(record.status)) continue;
    runs.push({
      run_id: record.run_id,
      kind: record.kind ?? 'background',
      status: record.status,
      ...(record.progress === undefined ? {} : { progress: record.progress }),
      ...(record.started_at === undefined ? {} : { started_at: record.started_at }),
      ...(record.updated_at === undefined ? {} : { updated_at: record.updated_at }),
    });
  }
  if (resourceType === 'asset') {
    // Short-suggestion runs (rules/clip-pipeline.ts) work on their asset too.
    for (const run of workspace.suggestionRuns.values()) {
      if (run.asset_id !== resourceId || !ACTIVE_RUN_STATUSES.has(run.status)) continue;
      runs.push(suggestionsAsBackgroundRun(run));
    }
  }
  return runs;
}

export function suggestionsAsBackgroundRun(run: ShortSuggestionsRunState): BackgroundRun {
  return {
    run_id: run.run_id,
    kind: 'short_suggestions',
    status: run.status,
    progress: run.progress,
    started_at: run.created_at,
    updated_at: run.completed_at ?? run.created_at,
  };
}

export const ACTIVE_RUN_STATUSES: ReadonlySet<string> = new Set(['queued', 'running']);

export function assetView(workspace: Workspace, asset: AssetRecord): MediaAsset {
  return {
    ...asset,
    generated_clip_count: generatedClipCount(workspace, asset.id),
    active_runs: activeRuns(workspace, 'asset', asset.id),
  };
}

export function folderView(workspace: Workspace, folder: FolderRecord): MediaFolder {
  return {
    ...folder,
    asset_count: workspace.assets.filter((asset) => asset.folder_id === folder.id).length,
  };
}

export function allItems(record: ProjectRecord): TimelineItem[] {
  return record.timeline.layers.flatMap((layer) => layer.items);
}

export function timelineDuration(record: ProjectRecord): number {
  let end = 0;
  for (const item of allItems(record)) end = Math.max(end, item.end_seconds);
  return Math.round(end * 1000) / 1000;
}

export class Store {
  private readonly workspaces = new Map<string, Workspace>();

  add(workspace: Workspace): void {
    this.workspaces.set(workspace.organizationId, workspace);
  }

  workspace(organizationId: string): Workspace {
    let workspace = this.workspaces.get(organizationId);
    if (!workspace) {
      workspace = emptyWorkspace(organizationId, 'free');
      this.workspaces.set(organizationId, workspace);
    }
    return workspace;
  }

  all(): Workspace[] {
    return [...this.workspaces.values()];
  }
}
