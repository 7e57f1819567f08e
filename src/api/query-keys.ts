/**
 * Query keys shared across features, so that live events (and any feature) can invalidate what a
 * change affects without importing another feature. Each resource family has its own root, so
 * `['jobs']` invalidates every job list and job, `['exports', projectId]` one project's exports.
 */
export interface PageParams {
  limit: number;
  offset: number;
}

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
  },
  timeline: {
    all: ['timeline'] as const,
    project: (projectId: string) => ['timeline', projectId] as const,
    /** The timeline editor's mutations (commits and trim checks), not a query. */
    editor: (projectId: string) => ['timeline-editor', projectId] as const,
  },
  captions: {
    all: ['captions'] as const,
    project: (projectId: string) => ['captions', projectId] as const,
    style: (projectId: string) => ['captions', projectId, 'style'] as const,
    /** The words of one caption item where it is now (a move or trim reads them again). */
    itemWords: (projectId: string, itemId: string, start: number, end: number) =>
      ['captions', projectId, 'words', 'item', itemId, start, end] as const,
  },
  plans: {
    all: ['faceless-plans'] as const,
    project: (projectId: string) => ['faceless-plans', projectId] as const,
  },
  media: { all: ['media'] as const },
  clips: { all: ['clips'] as const },
  credits: ['credits'] as const,
  webhooks: ['webhooks'] as const,
};
