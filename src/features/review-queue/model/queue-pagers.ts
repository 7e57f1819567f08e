/**
 * Reading the queue's revisions page by page, from the assumed workspace-wide list or, when the
 * service lacks it, from every project's own list. Pure over the fetch functions they are given
 * (which retry on their own), so tests drive them with fakes.
 */
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';
import { entriesOfProject, type QueueEntry } from './queue-entry.ts';

export interface QueueProgress {
  /** Revisions read (workspace list) or projects read (per-project lists). */
  read: number;
  total: number;
}

export interface QueueChunk {
  entries: QueueEntry[];
  /** Projects whose list could not be read (per-project lists only). */
  failed: Array<{ project: ProjectRef; error: unknown }>;
  progress: QueueProgress;
}

export interface ProjectRef {
  id: string;
  name: string;
}

export interface WorkspacePage {
  entries: QueueEntry[];
  total: number;
  hasMore: boolean;
}

/**
 * The workspace list, page after page: a small first page (its rows show sooner), then full ones.
 */
export async function* workspacePages(
  fetchPage: (offset: number, limit: number) => Promise<WorkspacePage>,
  { firstLimit = 25, limit = 100 }: { firstLimit?: number; limit?: number } = {},
): AsyncGenerator<QueueChunk> {
  let offset = 0;
  for (let size = firstLimit; ; size = limit) {
    const page = await fetchPage(offset, size);
    offset += page.entries.length;
    yield { entries: page.entries, failed: [], progress: { read: offset, total: page.total } };
    if (!page.hasMore || page.entries.length === 0) return;
  }
}

export interface ProjectPage {
  projects: ProjectRef[];
  total: number;
  hasMore: boolean;
}

export interface CrawlSource {
  listProjects(offset: number, limit: number): Promise<ProjectPage>;
  /** The project's revisions, or null when it has no faceless plan (the service answers 404). */
  listRevisions(project: ProjectRef): Promise<FacelessPlanRevision[] | null>;
}

export interface CrawlOptions {
  /** Projects per page of `GET /projects` (its maximum is 50): at most this many requests at once. */
  pageSize?: number;
  /** Results gathered for at most this long are handed on together (fewer renders). */
  flushMs?: number;
  now?: () => number;
  signal?: AbortSignal;
}

/**
 * Every project's revisions, one page of projects at a time: the page's lists are all requested at
 * once, and the next page is listed only when every one of them has answered, so no more than a
 * page of project requests is ever in flight. Results come out as they arrive (the first at once,
 * then at most every `flushMs`) and at the end of each page.
 */
export async function* crawlProjects(
  source: CrawlSource,
  { pageSize = 50, flushMs = 100, now = () => Date.now(), signal }: CrawlOptions = {},
): AsyncGenerator<QueueChunk> {
  let offset = 0;
  let read = 0;
  let lastFlush = Number.NEGATIVE_INFINITY;
  for (;;) {
    if (signal?.aborted) return;
    const page = await source.listProjects(offset, pageSize);
    offset += page.projects.length;
    const total = Math.max(page.total, offset);
    type Settled = { index: number; project: ProjectRef } & (
      { revisions: FacelessPlanRevision[] | null } | { error: unknown }
    );
    const inFlight = new Map<number, Promise<Settled>>();
    page.projects.forEach((project, index) => {
      inFlight.set(
        index,
        source.listRevisions(project).then(
          (revisions): Settled => ({ index, project, revisions }),
          (error: unknown): Settled => ({ index, project, error }),
        ),
      );
    });
    let pending: QueueChunk = { entries: [], failed: [], progress: { read, total } };
    while (inFlight.size > 0) {
      const settled = await Promise.race(inFlight.values());
      inFlight.delete(settled.index);
      if (signal?.aborted) return;
      read += 1;
      if ('error' in settled)
        pending.failed.push({ project: settled.project, error: settled.error });
      else if (settled.revisions) {
        pending.entries.push(...entriesOfProject(settled.project, settled.revisions));
      }
      pending.progress = { read, total };
      const hasNews = pending.entries.length > 0 || pending.failed.length > 0;
      if (inFlight.size === 0 || (hasNews && now() - lastFlush >= flushMs)) {
        lastFlush = now();
        yield pending;
        pending = { entries: [], failed: [], progress: { read, total } };
      }
    }
    if (page.projects.length === 0) {
      yield pending;
      return;
    }
    if (!page.hasMore) return;
  }
}
