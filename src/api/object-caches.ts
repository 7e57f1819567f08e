/**
 * One truth per object: a post, job, export, clip or plan revision is cached in several views (its
 * own query, every list page that holds it, a tray), each fetched on its own timer. Whatever says
 * something about the object (a fetched answer, a mutation's answer, a live event) is written into
 * every cached view of it here, so two screens never disagree about the same thing.
 *
 * Which copy wins: each kind ranks its objects by how far they have moved (a post's status, a
 * job's status then progress, a clip's or revision's `updated_at`); the furthest copy is written
 * over the others, never the other way round, so an answer that left the service before another
 * cannot take a view back. A list that no longer holds the object (a filter on a status it left)
 * is refetched instead of written.
 */
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys, type ClipListParams, type ScheduledPostsPage } from './query-keys.ts';
import type {
  Clip,
  Export,
  FacelessPlanRevision,
  Job,
  ScheduledPost,
  WorkspaceJobListResponse,
} from './schema.gen.ts';

/** One place an object is cached: which queries hold it, and how to read and replace it. */
interface View<T> {
  match(key: QueryKey): boolean;
  read(data: unknown): readonly T[] | undefined;
  /** The view's data with `next` in place of the object of the same id. */
  write(data: unknown, next: T): unknown;
  /** False when the query no longer holds the object (then it is refetched, not written). */
  holds?(key: QueryKey, object: T): boolean;
  /** The view's data with a new object added (for answers to writes that create one). */
  insert?(key: QueryKey, data: unknown, object: T): unknown;
}

interface Kind<T> {
  id(object: T): string;
  /** How far the object has moved: a higher rank is newer news about it. */
  rank(object: T): number;
  /** Where it ends (nothing moves it on; news of another ending does not replace it). */
  final?(object: T): boolean;
  views: ReadonlyArray<View<T>>;
  /** Its own query (a write of a new answer creates it). */
  detailKey?(object: T): QueryKey;
  /** What else a change makes stale (a clip changing status changes the status counts). */
  changed?(client: QueryClient, before: T, after: T): void;
}

const startsWith = (key: QueryKey, ...prefix: readonly unknown[]): boolean =>
  prefix.every((part, index) => key[index] === part);

const replaceIn = <T>(list: readonly T[], id: (item: T) => string, next: T): T[] =>
  list.map((item) => (id(item) === id(next) ? next : item));

/** A list answer `{ [field]: T[] }`: read and written in place of one object. */
function listView<T>(
  field: string,
  id: (item: T) => string,
  match: (key: QueryKey) => boolean,
  extra: Pick<View<T>, 'holds' | 'insert'> = {},
): View<T> {
  return {
    match,
    read: (data) => (data as Record<string, T[] | undefined> | undefined)?.[field],
    write: (data, next) => {
      const record = data as Record<string, unknown>;
      return { ...record, [field]: replaceIn(record[field] as T[], id, next) };
    },
    ...extra,
  };
}

/** A query whose answer is the object itself. */
function detailView<T>(match: (key: QueryKey) => boolean): View<T> {
  return { match, read: (data) => (data ? [data as T] : undefined), write: (_data, next) => next };
}

const FINAL_POST = new Set(['published', 'failed', 'cancelled']);
const FINAL_JOB = new Set([
  'complete',
  'completed',
  'succeeded',
  'failed',
  'cancelled',
  'canceled',
]);

/** Progress in 0-1 (the service's scale is not documented: 0-1 or 0-100). */
const progressOf = (progress: number | undefined): number =>
  progress == null || !Number.isFinite(progress) ? 0 : progress > 1 ? progress / 100 : progress;

const timeRank = (iso: string | undefined): number => {
  const at = Date.parse(iso ?? '');
  return Number.isNaN(at) ? 0 : at;
};

const postId = (post: ScheduledPost) => post.post_id;
const posts: Kind<ScheduledPost> = {
  id: postId,
  rank: (post) => (FINAL_POST.has(post.status) ? 2 : post.status === 'publishing' ? 1 : 0),
  final: (post) => FINAL_POST.has(post.status),
  detailKey: (post) => queryKeys.publishing.post(post.post_id),
  views: [
    detailView<ScheduledPost>((key) => startsWith(key, 'publishing', 'post')),
    listView<ScheduledPost>('posts', postId, (key) => startsWith(key, 'publishing', 'posts'), {
      holds: (key, post) => {
        const status = (key[2] as ScheduledPostsPage | undefined)?.status;
        return !status || status === post.status;
      },
    }),
  ],
};

const jobId = (job: Job) => job.job_id;
const jobs: Kind<Job> = {
  id: jobId,
  rank: (job) =>
    FINAL_JOB.has(job.status) ? 3 : job.status === 'queued' ? 0 : 1 + progressOf(job.progress),
  final: (job) => FINAL_JOB.has(job.status),
  detailKey: (job) => queryKeys.jobs.detail(job.job_id),
  views: [
    detailView<Job>((key) => startsWith(key, 'jobs', 'detail')),
    listView<Job>('jobs', jobId, (key) => startsWith(key, 'jobs', 'workspace'), {
      // A job just started heads the tray's first page.
      insert: (key, data, job) => {
        const page = data as WorkspaceJobListResponse;
        if ((key[2] as { offset?: number } | undefined)?.offset) return undefined;
        return {
          ...page,
          jobs: [job, ...page.jobs],
          bounds: { ...page.bounds, total: page.bounds.total + 1 },
        };
      },
    }),
    listView<Job>('jobs', jobId, (key) => startsWith(key, 'jobs', 'project'), {
      insert: (key, data, job) =>
        key[2] === job.project_id
          ? { ...(data as { jobs: Job[] }), jobs: [job, ...(data as { jobs: Job[] }).jobs] }
          : undefined,
    }),
  ],
};

const exportId = (item: Export) => item.export_id;
const exportsKind: Kind<Export> = {
  id: exportId,
  rank: (item) => (item.status === 'complete' || item.status === 'failed' ? 1 : 0),
  views: [listView<Export>('exports', exportId, (key) => startsWith(key, 'exports'))],
};

const clipId = (clip: Clip) => clip.clip_id;
const clipStatusesOf = (key: QueryKey): readonly string[] =>
  (key[2] as Pick<ClipListParams, 'statuses'> | undefined)?.statuses ?? [];
const clipHolds = (key: QueryKey, clip: Clip): boolean => {
  const statuses = clipStatusesOf(key);
  return statuses.length === 0 || statuses.includes(clip.status);
};
const clips: Kind<Clip> = {
  id: clipId,
  rank: (clip) => timeRank(clip.updated_at),
  detailKey: (clip) => queryKeys.clips.detail(clip.clip_id),
  views: [
    detailView<Clip>((key) => startsWith(key, 'clips', 'detail')),
    listView<Clip>('clips', clipId, (key) => startsWith(key, 'clips', 'list'), {
      holds: clipHolds,
    }),
    listView<Clip>('clips', clipId, (key) => startsWith(key, 'clips', 'sources'), {
      holds: clipHolds,
    }),
    listView<Clip>('clips', clipId, (key) => startsWith(key, 'media', 'asset-clips')),
  ],
  changed: (client, before, after) => {
    // The status counts (per status, per scope) move with a clip's status.
    if (before.status !== after.status) {
      void client.invalidateQueries({ queryKey: queryKeys.clips.allCounts });
    }
  },
};

const revisionId = (revision: FacelessPlanRevision) => revision.id;
const revisions: Kind<FacelessPlanRevision> = {
  id: revisionId,
  rank: (revision) => timeRank(revision.updated_at),
  detailKey: (revision) => queryKeys.plans.revision(revision.project_id, revision.id),
  views: [
    detailView<FacelessPlanRevision>(
      (key) => key[0] === queryKeys.plans.all[0] && key[2] === 'revision',
    ),
    listView<FacelessPlanRevision>(
      'revisions',
      revisionId,
      (key) => key[0] === queryKeys.plans.all[0] && key[2] === 'list',
    ),
  ],
};

export const objectKinds = {
  post: posts,
  job: jobs,
  export: exportsKind,
  clip: clips,
  revision: revisions,
} as const;

export type ObjectKind = keyof typeof objectKinds;
type ObjectOf<K extends ObjectKind> = (typeof objectKinds)[K] extends Kind<infer T> ? T : never;

interface Copy<T> {
  query: Query;
  view: View<T>;
  object: T;
}

/** Every cached copy of the objects with these ids, by id. */
function copiesOf<T>(client: QueryClient, kind: Kind<T>, ids: ReadonlySet<string>) {
  const copies = new Map<string, Array<Copy<T>>>();
  for (const query of client.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    for (const view of kind.views) {
      if (!view.match(query.queryKey)) continue;
      for (const object of view.read(data) ?? []) {
        const id = kind.id(object);
        if (!ids.has(id)) continue;
        const list = copies.get(id) ?? [];
        list.push({ query, view, object });
        copies.set(id, list);
      }
    }
  }
  return copies;
}

/**
 * Writes the furthest of `news` and every cached copy into each copy that is behind it. `news`
 * wins ties (it is the latest word). Writes keep each query's own update time, so its polling
 * and staleness go on as they were.
 */
function reconcile<T>(client: QueryClient, kind: Kind<T>, news: readonly T[]): void {
  if (news.length === 0) return;
  const copies = copiesOf(client, kind, new Set(news.map(kind.id)));
  const pending = new Map<Query, { data: unknown }>();
  const stale = new Set<Query>();
  for (const object of news) {
    const found = copies.get(kind.id(object)) ?? [];
    let best = object;
    for (const copy of found) if (kind.rank(copy.object) > kind.rank(best)) best = copy.object;
    const bestRank = kind.rank(best);
    for (const copy of found) {
      if (copy.object === best || kind.rank(copy.object) >= bestRank) continue;
      if (copy.view.holds && !copy.view.holds(copy.query.queryKey, best)) {
        stale.add(copy.query);
      } else {
        const entry = pending.get(copy.query) ?? { data: copy.query.state.data };
        entry.data = copy.view.write(entry.data, best);
        pending.set(copy.query, entry);
      }
      kind.changed?.(client, copy.object, best);
    }
  }
  for (const [query, { data }] of pending) {
    client.setQueryData(query.queryKey, data, { updatedAt: query.state.dataUpdatedAt });
  }
  for (const query of stale)
    void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
}

/**
 * A fetched answer (the QueryCache's `onSuccess`): whatever objects it holds are reconciled with
 * every other cached copy of them.
 */
export function spreadAnswer(client: QueryClient, queryKey: QueryKey, data: unknown): void {
  for (const kind of Object.values(objectKinds) as Array<Kind<unknown>>) {
    for (const view of kind.views) {
      if (!view.match(queryKey)) continue;
      const objects = view.read(data);
      if (objects?.length) reconcile(client, kind, objects);
    }
  }
}

/**
 * A write's answer about an object: its own query is set, every cached view of it catches up,
 * and with `insert` the lists it now belongs to (a job just started) show it at once.
 */
export function writeObject<K extends ObjectKind>(
  client: QueryClient,
  kindName: K,
  object: ObjectOf<K>,
  options: { insert?: boolean } = {},
): void {
  const kind = objectKinds[kindName] as unknown as Kind<ObjectOf<K>>;
  reconcile(client, kind, [object]);
  const key = kind.detailKey?.(object);
  if (key) {
    const cached = client.getQueryData<ObjectOf<K>>(key);
    if (cached === undefined || kind.rank(object) >= kind.rank(cached)) {
      client.setQueryData(key, object);
    }
  }
  if (!options.insert) return;
  const id = kind.id(object);
  for (const query of client.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    for (const view of kind.views) {
      if (!view.insert || !view.match(query.queryKey)) continue;
      if (view.read(data)?.some((item) => kind.id(item) === id)) continue;
      const next = view.insert(query.queryKey, data, object);
      if (next !== undefined) {
        client.setQueryData(query.queryKey, next, { updatedAt: query.state.dataUpdatedAt });
      }
    }
  }
}

/**
 * News about an object in a few fields (a live event): merged into every cached copy the
 * predicate picks, where it moves the copy forward (never back).
 */
export function patchObjects<K extends ObjectKind>(
  client: QueryClient,
  kindName: K,
  pick: (object: ObjectOf<K>) => boolean,
  patch: Partial<ObjectOf<K>>,
): number {
  const kind = objectKinds[kindName] as unknown as Kind<ObjectOf<K>>;
  let patched = 0;
  for (const query of client.getQueryCache().getAll()) {
    let data = query.state.data;
    if (data === undefined) continue;
    let changed = false;
    let refetch = false;
    for (const view of kind.views) {
      if (!view.match(query.queryKey)) continue;
      for (const object of view.read(data) ?? []) {
        if (!pick(object)) continue;
        const next = { ...(object as object), ...patch } as ObjectOf<K>;
        const [ahead, behind] = [kind.rank(next), kind.rank(object)];
        if (ahead < behind || (ahead === behind && kind.final?.(object))) continue;
        patched += 1;
        kind.changed?.(client, object, next);
        if (view.holds && !view.holds(query.queryKey, next)) {
          refetch = true;
          continue;
        }
        data = view.write(data, next);
        changed = true;
      }
    }
    if (changed) {
      client.setQueryData(query.queryKey, data, { updatedAt: query.state.dataUpdatedAt });
    }
    if (refetch) void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
  return patched;
}
