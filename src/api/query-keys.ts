/**
 * Query keys shared across features, so that live events (and any feature) can invalidate what a
 * change affects without importing another feature. Each resource family has its own root, so
 * `['jobs']` invalidates every job list and job, `['exports', projectId]` one project's exports.
 */
import type { operations as BffOperations } from './bff-schema.gen.ts';
import type { operations } from './schema.gen.ts';

/** The query parameters of a service operation, generated from src/api/openapi.yaml. */
type QueryOf<Operation extends keyof operations> = NonNullable<
  operations[Operation]['parameters']['query']
>;
/** The query parameters of a BFF operation, generated from src/api/bff.yaml. */
type BffQueryOf<Operation extends keyof BffOperations> = NonNullable<
  BffOperations[Operation]['parameters']['query']
>;
/** Some parameters, always given (a key names the page it holds, defaults included). */
type Given<Query, Names extends keyof Query> = Required<Pick<Query, Names>>;

/** A page of a list: the contract's `limit` and `offset` (every list endpoint has the pair). */
export type PageParams = Given<QueryOf<'listProjects'>, 'limit' | 'offset'>;

/** The audit trail's filters (date range, people, actions, outcomes), as `GET /bff/audit` takes them. */
export type AuditFilters = Pick<
  BffQueryOf<'listAuditEntries'>,
  'from' | 'to' | 'user_id' | 'action' | 'outcome'
>;

/** A page of the BFF's audit log, with its filters. */
export type AuditPageParams = Given<BffQueryOf<'listAuditEntries'>, 'limit' | 'offset'> &
  Pick<BffQueryOf<'listAuditEntries'>, 'cursor'> &
  AuditFilters;

/** The revisions and projects whose review states are read together (`GET /bff/review-states`). */
export interface ReviewStatesParams {
  revisionIds: readonly string[];
  projectIds: readonly string[];
}

/** A page of the media library: `GET /workspace/media/assets`'s folder, name filters, order. */
export type MediaAssetFilters = Given<QueryOf<'listMediaAssets'>, 'limit' | 'offset' | 'sort'> &
  Pick<QueryOf<'listMediaAssets'>, 'folder_id' | 'search' | 'name_prefix'>;

/** A page of scheduled posts (`GET /publishing/shortform/posts`). */
export type ScheduledPostsPage = Given<QueryOf<'listScheduledPosts'>, 'limit' | 'offset'> &
  Pick<QueryOf<'listScheduledPosts'>, 'status'>;

type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name;
/** The same parameters, named in camelCase as the clip feature names them. */
type CamelCased<Query> = {
  [Name in keyof Query as Name extends string ? CamelCase<Name> : Name]: Query[Name];
};

type ClipsQuery = QueryOf<'listClips'>;

/** The project / asset a clip query is narrowed to (absent: all): `GET /clips`'s scope. */
export type ClipScope = CamelCased<Pick<ClipsQuery, 'project_id' | 'asset_id'>>;

export type ClipListParams = ClipScope &
  Given<ClipsQuery, 'limit' | 'offset'> & {
    /** Statuses to include (none: every status); `GET /clips` takes one, the client unites several. */
    statuses: readonly string[];
  };

export const queryKeys = {
  session: ['session'] as const,
  bffConfig: ['bff-config'] as const,
  projects: {
    all: ['projects'] as const,
    lists: ['projects', 'list'] as const,
    list: (page: PageParams) => ['projects', 'list', page] as const,
    detail: (projectId: string) => ['projects', 'detail', projectId] as const,
  },
  exports: {
    all: ['exports'] as const,
    project: (projectId: string) => ['exports', projectId] as const,
  },
  jobs: {
    all: ['jobs'] as const,
    project: (projectId: string) => ['jobs', 'project', projectId] as const,
    detail: (jobId: string) => ['jobs', 'detail', jobId] as const,
    workspace: (page: PageParams) => ['jobs', 'workspace', page] as const,
  },
  timeline: {
    all: ['timeline'] as const,
    project: (projectId: string) => ['timeline', projectId] as const,
    /** The timeline editor's mutations (commits and trim checks), not a query. */
    editor: (projectId: string) => ['timeline-editor', projectId] as const,
  },
  /** An asset's waveform peaks: one stretch of source time at one resolution (never changes). */
  waveform: {
    chunk: (assetId: string, pixelsPerSecond: number, chunk: number) =>
      ['waveform', assetId, pixelsPerSecond, chunk] as const,
  },
  captions: {
    all: ['captions'] as const,
    project: (projectId: string) => ['captions', projectId] as const,
    style: (projectId: string) => ['captions', projectId, 'style'] as const,
    /** Every word of the project (the caption styler's document, with the style). */
    words: (projectId: string) => ['captions', projectId, 'words', 'all'] as const,
    /** The first page of those words (shown while the rest loads). */
    wordsFirstPage: (projectId: string) => ['captions', projectId, 'words', 'first-page'] as const,
    /** The ids of the words matching a search. */
    search: (projectId: string, text: string) => ['captions', projectId, 'search', text] as const,
    /** The caption styler's mutations (commits), not a query. */
    editor: (projectId: string) => ['captions-editor', projectId] as const,
    /** The words of one caption item where it is now (a move or trim reads them again). */
    itemWords: (projectId: string, itemId: string, start: number, end: number) =>
      ['captions', projectId, 'words', 'item', itemId, start, end] as const,
  },
  /** Editing by words: a project's cut list (the BFF's). */
  words: {
    cuts: (projectId: string) => ['words', projectId, 'cuts'] as const,
  },
  captionLooks: ['caption-looks'] as const,
  captionFonts: ['caption-fonts'] as const,
  plans: {
    all: ['faceless-plans'] as const,
    project: (projectId: string) => ['faceless-plans', projectId] as const,
    list: (projectId: string) => ['faceless-plans', projectId, 'list'] as const,
    revision: (projectId: string, revisionId: string) =>
      ['faceless-plans', projectId, 'revision', revisionId] as const,
  },
  /**
   * The review queue: every plan revision that waits for a decision, across projects. A root of
   * its own (not under `faceless-plans`): it is one list read page by page, refreshed as a whole.
   */
  reviewQueue: ['review-queue'] as const,
  /** How many revisions wait (the navigation's count): under the queue, refreshed with it. */
  reviewCount: ['review-queue', 'count'] as const,
  characters: {
    all: ['characters'] as const,
    detail: (characterId: string) => ['characters', characterId] as const,
  },
  media: {
    all: ['media'] as const,
    asset: (assetId: string) => ['media', 'asset', assetId] as const,
    assets: (filters: MediaAssetFilters) => ['media', 'assets', filters] as const,
    folders: ['media', 'folders'] as const,
    /** Clips made from an asset (the asset page); under `media`, so media events refresh it. */
    assetClips: (assetId: string) => ['media', 'asset-clips', assetId] as const,
  },
  /** Background runs still working (the ops screen's stuck runs). */
  recoveryRuns: ['recovery-runs'] as const,
  /** Names of the items a dry run selected (the deletion flow looks them up). */
  deletionNames: (kind: string, ids: readonly string[]) => ['deletion-names', kind, ids] as const,
  /** The BFF's audit trail: destructive calls, decisions and note changes. */
  audit: {
    all: ['audit'] as const,
    page: (page: AuditPageParams) => ['audit', page] as const,
    /** The actions and people the trail holds (its filters' choices). */
    facets: ['audit', 'facets'] as const,
  },
  /**
   * Notes and decisions on plan revisions, kept by the BFF. Not under `faceless-plans`: a plan's
   * refresh (a run finishing) does not change its notes, and a note does not change the plan.
   */
  planNotes: {
    all: ['plan-notes'] as const,
    project: (projectId: string) => ['plan-notes', projectId] as const,
    revision: (projectId: string, revisionId: string) =>
      ['plan-notes', projectId, revisionId] as const,
  },
  /** Open-note counts and latest decisions of many revisions and projects at once. */
  reviewStates: {
    all: ['review-states'] as const,
    of: (params: ReviewStatesParams) => ['review-states', params] as const,
  },
  /** Display names people set for themselves. */
  people: {
    all: ['people'] as const,
    me: ['people', 'me'] as const,
  },
  clips: {
    all: ['clips'] as const,
    lists: ['clips', 'list'] as const,
    list: (params: ClipListParams) => ['clips', 'list', params] as const,
    /** Every scope's status counts (a write marks them all stale). */
    allCounts: ['clips', 'counts'] as const,
    counts: (scope: ClipScope) => ['clips', 'counts', scope] as const,
    allSources: ['clips', 'sources'] as const,
    /** Every clip of a scope (the source view), fetched page by page. */
    sources: (scope: ClipScope) => ['clips', 'sources', scope] as const,
    detail: (clipId: string) => ['clips', 'detail', clipId] as const,
    batch: (batchId: string) => ['clips', 'batch', batchId] as const,
    sharePage: (assetId: string) => ['clips', 'share-page', assetId] as const,
    /** Media assets offered as clip sources; under `media`, so media events refresh it. */
    assetChoices: ['media', 'clip-asset-choices'] as const,
  },
  /** Not under `clips`: a preview of an address does not change when clips do. */
  clipSourcePreview: (url: string) => ['clip-source-preview', url] as const,
  suggestionRun: (assetId: string, runId: string) => ['suggestion-runs', assetId, runId] as const,
  credits: ['credits'] as const,
  webhooks: ['webhooks'] as const,
  webhookDeliveries: ['webhook-deliveries'] as const,
  serviceInfo: ['service-info'] as const,
  authValidation: ['auth-validation'] as const,
  /** Onboarding state; its `brand_context` is read by the caption styler and the timeline too. */
  onboarding: ['onboarding'] as const,
  publishing: {
    all: ['publishing'] as const,
    connections: ['publishing', 'connections'] as const,
    posts: (page: ScheduledPostsPage) => ['publishing', 'posts', page] as const,
    post: (postId: string) => ['publishing', 'post', postId] as const,
  },
  aiEditRuns: ['ai-edit-runs'] as const,
};
