/**
 * The in-memory store: one workspace per organization. Records are the contract's own shapes;
 * what the contract does not carry (a timeline layer's lock, a project's kind, folder membership
 * counts) lives beside them and is derived into responses on read.
 */
import type {
  CaptionSettings,
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
  TimelineLayerKind,
  Webhook,
} from './contract.ts';

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

export interface CaptionStyleState {
  settings: CaptionSettings;
  look_id: string | null;
  preset_id: string | null;
}

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

/** An asset as stored; `generated_clip_count` is derived from the clips on read. */
export type AssetRecord = Omit<MediaAsset, 'generated_clip_count'>;

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

export function assetView(workspace: Workspace, asset: AssetRecord): MediaAsset {
  return { ...asset, generated_clip_count: generatedClipCount(workspace, asset.id) };
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
