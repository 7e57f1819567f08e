/**
 * Server state of the clip library: one queryOptions factory per resource (used by route loaders
 * and components alike) and the writes (create, retry, share visibility, short suggestions).
 */
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, unwrap } from '@/api/client.ts';
import { mediaAssetRecordQueryOptions } from '@/api/media-asset.ts';
import { writeObject } from '@/api/object-caches.ts';
import { queryKeys, type ClipListParams, type ClipScope } from '@/api/query-keys.ts';
import { useIdempotentMutation } from '@/api/use-idempotent-mutation.ts';
import { CLIP_STATUSES } from '../model/clip-status-values.ts';
import type {
  Bounds,
  Clip,
  ClipCreateRequest,
  ClipListResponse,
  ClipRetryRequest,
  ClipSharePage,
  ClipShareVisibility,
  ClipStatus,
} from '@/api/schema.gen.ts';
import { planUnionPage, unionBounds } from '../model/union-page.ts';

/** The list endpoint's largest page. */
export const CLIP_PAGE_MAX = 50;
/** The source view draws at most this many clips (fetched in parallel pages of 50). */
export const SOURCE_VIEW_MAX_CLIPS = 1000;

const scopeQuery = (scope: ClipScope) => ({
  ...(scope.projectId ? { project_id: scope.projectId } : {}),
  ...(scope.assetId ? { asset_id: scope.assetId } : {}),
});

function listClips(
  scope: ClipScope,
  page: { status?: ClipStatus | undefined; limit: number; offset: number },
  signal: AbortSignal,
): Promise<ClipListResponse> {
  return unwrap(
    api.GET('/clips', {
      params: {
        query: {
          ...scopeQuery(scope),
          ...(page.status ? { status: page.status } : {}),
          limit: page.limit,
          offset: page.offset,
        },
      },
      signal,
    }),
  );
}

export interface StatusCount {
  total: number;
  truncated: boolean;
}
export type ClipCounts = Record<ClipStatus, StatusCount>;

/** How many clips of the scope are in each status (one small request per status). */
export const clipCountsQueryOptions = (scope: ClipScope) =>
  queryOptions({
    queryKey: queryKeys.clips.counts(scope),
    queryFn: async ({ signal }): Promise<ClipCounts> => {
      const answers = await Promise.all(
        CLIP_STATUSES.map((status) => listClips(scope, { status, limit: 1, offset: 0 }, signal)),
      );
      const counts = {} as ClipCounts;
      CLIP_STATUSES.forEach((status, index) => {
        const bounds = answers[index]?.bounds;
        counts[status] = { total: bounds?.total ?? 0, truncated: bounds?.truncated ?? false };
      });
      return counts;
    },
    placeholderData: (previous) => previous,
  });

async function unionPage(
  client: QueryClient,
  params: ClipListParams,
  statuses: readonly ClipStatus[],
  signal: AbortSignal,
): Promise<ClipListResponse> {
  const scope = { projectId: params.projectId, assetId: params.assetId };
  // Fresh within 2 s (or in flight): a filter switch right after the counts loaded reuses them.
  const counts = await client.fetchQuery({ ...clipCountsQueryOptions(scope), staleTime: 2_000 });
  const totals = statuses.map((status) => ({ status, ...counts[status] }));
  const ranges = planUnionPage(totals, params.offset, params.limit);
  const pages = await Promise.all(ranges.map((range) => listClips(scope, range, signal)));
  // The lists just read are fresher than the counts: use their totals where we have them.
  ranges.forEach((range, index) => {
    const entry = totals.find((total) => total.status === range.status);
    const bounds = pages[index]?.bounds;
    if (entry && bounds) Object.assign(entry, { total: bounds.total, truncated: bounds.truncated });
  });
  const clips = pages.flatMap((page) => page.clips);
  return { clips, bounds: unionBounds(totals, params.offset, params.limit, clips.length) };
}

/**
 * A page of clips: the list endpoint as it is for no or one status; for several statuses, their
 * lists one after the other (see model/union-page.ts).
 */
export const clipListQueryOptions = (params: ClipListParams) =>
  queryOptions({
    queryKey: queryKeys.clips.list(params),
    queryFn: ({ signal, client }) => {
      const statuses = params.statuses as ClipStatus[];
      const scope = { projectId: params.projectId, assetId: params.assetId };
      if (statuses.length <= 1) {
        return listClips(
          scope,
          { status: statuses[0], limit: params.limit, offset: params.offset },
          signal,
        );
      }
      return unionPage(client, params, statuses, signal);
    },
    placeholderData: (previous) => previous,
  });

export interface SourceClips {
  clips: Clip[];
  /** Clips the filters match (may exceed what was loaded). */
  total: number;
  /** True when only the first SOURCE_VIEW_MAX_CLIPS were loaded, or the service truncated. */
  capped: boolean;
}

/** Every clip of a list (all pages, the rest in parallel once the first gives the total). */
async function allPages(
  scope: ClipScope,
  status: ClipStatus | undefined,
  budget: number,
  signal: AbortSignal,
): Promise<{ clips: Clip[]; bounds: Bounds }> {
  const first = await listClips(scope, { status, limit: CLIP_PAGE_MAX, offset: 0 }, signal);
  const wanted = Math.min(first.bounds.total, budget);
  const offsets: number[] = [];
  for (let offset = CLIP_PAGE_MAX; offset < wanted; offset += CLIP_PAGE_MAX) offsets.push(offset);
  const rest = await Promise.all(
    offsets.map((offset) =>
      listClips(scope, { status, limit: Math.min(CLIP_PAGE_MAX, wanted - offset), offset }, signal),
    ),
  );
  return {
    clips: [first, ...rest].flatMap((page) => page.clips).slice(0, budget),
    bounds: first.bounds,
  };
}

/** The clips the source view draws: the whole filtered result, up to SOURCE_VIEW_MAX_CLIPS. */
export const clipSourcesQueryOptions = (scope: ClipScope & { statuses: readonly string[] }) =>
  queryOptions({
    queryKey: queryKeys.clips.sources(scope),
    queryFn: async ({ signal }): Promise<SourceClips> => {
      const statuses = scope.statuses as ClipStatus[];
      const lists = statuses.length === 0 ? [undefined] : statuses;
      let budget = SOURCE_VIEW_MAX_CLIPS;
      let total = 0;
      let capped = false;
      const clips: Clip[] = [];
      // One status after another, so the budget goes to the first ones (as the cards page them).
      for (const status of lists) {
        const part = await allPages(scope, status, Math.max(budget, 1), signal);
        total += part.bounds.total;
        capped ||= part.bounds.truncated || part.bounds.total > budget;
        const taken = part.clips.slice(0, budget);
        clips.push(...taken);
        budget -= taken.length;
      }
      return { clips, total, capped };
    },
    placeholderData: (previous) => previous,
  });

export const clipQueryOptions = (clipId: string) =>
  queryOptions({
    queryKey: queryKeys.clips.detail(clipId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/clips/{clipId}', { params: { path: { clipId } }, signal })),
  });

export const clipSourcePreviewQueryOptions = (url: string) =>
  queryOptions({
    queryKey: queryKeys.clipSourcePreview(url),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/clips/source-preview', { params: { query: { url } }, signal })),
    staleTime: 5 * 60_000,
  });

export const clipBatchQueryOptions = (batchId: string) =>
  queryOptions({
    queryKey: queryKeys.clips.batch(batchId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/clip-batches/{batch_id}', { params: { path: { batch_id: batchId } }, signal }),
      ),
  });

export const clipSharePageQueryOptions = (assetId: string) =>
  queryOptions({
    queryKey: queryKeys.clips.sharePage(assetId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/clip-share-pages/{asset_id}', {
          params: { path: { asset_id: assetId } },
          signal,
        }),
      ),
  });

/** Projects and media assets offered by the filters and the new-clip form. */
export const clipProjectChoicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.projects.list({ limit: 50, offset: 0 }),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/projects', { params: { query: { limit: 50, offset: 0 } }, signal })),
    staleTime: 60_000,
  });

export const clipAssetChoicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.clips.assetChoices,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/workspace/media/assets', {
          params: { query: { limit: 100, offset: 0 } },
          signal,
        }),
      ),
    staleTime: 60_000,
  });

/**
 * An asset's name: from the clip-source choices (the first 100 assets) or, for an asset past
 * those, from its own record (one request, only then). Undefined while unknown.
 */
export function useAssetName(assetId: string | undefined): string | undefined {
  const choices = useQuery(clipAssetChoicesQueryOptions());
  const listed = assetId ? choices.data?.assets.find((a) => a.id === assetId)?.name : undefined;
  const record = useQuery({
    ...mediaAssetRecordQueryOptions(assetId ?? ''),
    enabled: Boolean(assetId) && choices.isSuccess && listed === undefined,
    staleTime: 60_000,
    retry: false,
  });
  return listed ?? record.data?.name;
}

/**
 * Marks every clip list, count and source view stale. Not awaited by the writes: the clip they
 * answer with is shown at once, and the lists catch up in the background (awaiting them held
 * the new clip's page back by seconds while live events kept restarting the list refetches).
 */
function refreshClipLists(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: queryKeys.clips.lists });
  void client.invalidateQueries({ queryKey: queryKeys.clips.allCounts });
  void client.invalidateQueries({ queryKey: queryKeys.clips.allSources });
}

export function useCreateClip() {
  const client = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (body: ClipCreateRequest, idempotencyKey: string) =>
      unwrap(
        api.POST('/clips', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } }),
      ),
    onSuccess: (clip) => {
      writeObject(client, 'clip', clip);
      void client.invalidateQueries({ queryKey: queryKeys.projects.lists });
      refreshClipLists(client);
    },
  });
}

/** Re-runs the step the clip stopped at; the answer is the clip back at work. */
export function useRetryClip(clipId: string) {
  const client = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (body: ClipRetryRequest, idempotencyKey: string) =>
      unwrap(
        api.POST('/clips/{clipId}/retry', {
          params: { path: { clipId }, header: { 'Idempotency-Key': idempotencyKey } },
          body,
        }),
      ),
    onSuccess: (clip) => {
      writeObject(client, 'clip', clip);
      refreshClipLists(client);
    },
    onError: () => client.invalidateQueries({ queryKey: queryKeys.clips.detail(clipId) }),
  });
}

/** Shows or hides a clip on its asset's share page: optimistic, rolled back on error. */
export function useSetShareVisibility(assetId: string) {
  const client = useQueryClient();
  const key = queryKeys.clips.sharePage(assetId);
  return useMutation({
    mutationFn: ({ clipId, visibility }: { clipId: string; visibility: ClipShareVisibility }) =>
      unwrap(
        api.POST('/clip-share-pages/{asset_id}/clips/{clip_id}/visibility', {
          params: { path: { asset_id: assetId, clip_id: clipId } },
          body: { visibility },
        }),
      ),
    onMutate: async ({ clipId, visibility }) => {
      await client.cancelQueries({ queryKey: key, exact: true });
      const previous = client.getQueryData<ClipSharePage>(key);
      if (previous) {
        const hidden = new Set(previous.hidden_clip_ids ?? []);
        if (visibility === 'hidden') hidden.add(clipId);
        else hidden.delete(clipId);
        client.setQueryData<ClipSharePage>(key, { ...previous, hidden_clip_ids: [...hidden] });
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
    },
    onSettled: () => client.invalidateQueries({ queryKey: key, exact: true }),
  });
}

export function useStartSuggestions(assetId: string) {
  return useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/workspace/media/assets/{assetId}/short-suggestions', {
          params: { path: { assetId } },
          body: {},
        }),
      ),
  });
}
