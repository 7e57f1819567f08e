/**
 * The review queue's server state: one streamed query (rows show as pages arrive) read from the
 * assumed workspace-wide list, or, when the service answers it 404, from every project's list;
 * and the approval the queue sends.
 */
import {
  experimental_streamedQuery as streamedQuery,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError } from '@/api/api-error.ts';
import { api, unwrap } from '@/api/client.ts';
import { queryKeys } from '@/api/query-keys.ts';
import { withRetries } from '@/api/retry-policy.ts';
import { markStarted } from '@/lib/started-work.ts';
import { takeInRevision } from './queue-patch.ts';
import { entryFromWorkspace, type QueueEntry } from '../model/queue-entry.ts';
import { crawlProjects, workspacePages, type CrawlSource } from '../model/queue-pagers.ts';
import {
  EMPTY_QUEUE,
  fingerprintOf,
  pollingDelayMs,
  reduceQueue,
  type QueueEvent,
  type QueueSnapshot,
} from '../model/queue-snapshot.ts';
import { WAITING_STATUSES } from '@/shared-rules/plan-waiting.ts';

const PROJECTS_PAGE = 50;

function workspacePage(offset: number, limit: number, signal: AbortSignal) {
  return withRetries(() =>
    unwrap(
      api.GET('/faceless/plans', {
        params: { query: { status: [...WAITING_STATUSES], limit, offset } },
        signal,
      }),
    ),
  ).then((body) => ({
    entries: body.plans.map(entryFromWorkspace),
    total: body.bounds.total,
    hasMore: body.bounds.has_more,
  }));
}

function projectLists(signal: AbortSignal): CrawlSource {
  return {
    listProjects: async (offset, limit) => {
      const body = await withRetries(() =>
        unwrap(api.GET('/projects', { params: { query: { limit, offset } }, signal })),
      );
      return {
        projects: body.projects.map(({ id, name }) => ({ id, name })),
        total: body.bounds.total,
        hasMore: body.bounds.has_more,
      };
    },
    listRevisions: async (project) => {
      try {
        const body = await withRetries(() =>
          unwrap(
            api.GET('/projects/{projectId}/faceless/plans', {
              params: { path: { projectId: project.id } },
              signal,
            }),
          ),
        );
        return body.revisions;
      } catch (error) {
        // A project the faceless workflow did not create has no plan.
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  };
}

/** Whether the service lacks the workspace-wide list (then every project's list is read). */
const lacksWorkspaceList = (error: unknown) => error instanceof ApiError && error.status === 404;

async function* readQueue(signal: AbortSignal): AsyncGenerator<QueueEvent> {
  let started = false;
  try {
    for await (const chunk of workspacePages((offset, limit) =>
      workspacePage(offset, limit, signal),
    )) {
      if (!started) yield { kind: 'source', source: 'workspace' };
      started = true;
      yield { kind: 'page', chunk };
    }
  } catch (error) {
    if (started || !lacksWorkspaceList(error)) throw error;
    yield { kind: 'source', source: 'projects' };
    for await (const chunk of crawlProjects(projectLists(signal), {
      pageSize: PROJECTS_PAGE,
      signal,
    })) {
      yield { kind: 'page', chunk };
    }
  }
  yield { kind: 'done' };
}

/** Reads that found the queue as it was (the open page's polling backs off while they add up). */
let unchangedReads = 0;
let lastFingerprint = '';

export const reviewQueueQueryOptions = queryOptions({
  queryKey: queryKeys.reviewQueue,
  queryFn: streamedQuery<QueueEvent, QueueSnapshot>({
    streamFn: async function* ({ signal }) {
      let snapshot = EMPTY_QUEUE;
      for await (const event of readQueue(signal)) {
        snapshot = reduceQueue(snapshot, event);
        yield event;
      }
      const fingerprint = fingerprintOf(snapshot);
      unchangedReads = fingerprint === lastFingerprint ? unchangedReads + 1 : 0;
      lastFingerprint = fingerprint;
    },
    reducer: reduceQueue,
    initialValue: EMPTY_QUEUE,
    // A refresh keeps the rows on screen until the new reading is whole.
    refetchMode: 'replace',
  }),
  // Revisions are large and each refresh brings new objects: comparing them deeply costs more
  // than it saves (rows are worked out once per entry object, see rowOf).
  structuralSharing: false,
  staleTime: 30_000,
});

/** How often the open queue page reads itself again (see pollingDelayMs). */
export const queuePollingInterval = (query: { state: { data?: QueueSnapshot | undefined } }) =>
  pollingDelayMs(unchangedReads, query.state.data?.source ?? null);

export type ApprovalStage = 'plan' | 'assets';

/** Approves the plan or the assets of a queued revision. */
export function useApproveFromQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entry, stage }: { entry: QueueEntry; stage: ApprovalStage }) =>
      unwrap(
        api.POST('/projects/{projectId}/faceless/plans/{revisionId}/approve', {
          params: { path: { projectId: entry.projectId, revisionId: entry.revision.id } },
          body: { stage },
        }),
      ),
    onSuccess: (revision, { entry }) => {
      // The run's outcome is announced in this browser (a toast), as from the plan page.
      markStarted(revision.id, revision.preproduction_job_id, revision.generation_job_id);
      takeInRevision(queryClient, revision);
      queryClient.setQueryData(queryKeys.plans.revision(entry.projectId, revision.id), revision);
    },
    onSettled: (_revision, error, { entry }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.plans.list(entry.projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.credits }),
        // Refused because the revision moved on elsewhere: read where everything is now.
        error instanceof ApiError && error.status === 409
          ? queryClient.invalidateQueries({ queryKey: queryKeys.reviewQueue })
          : queryClient.invalidateQueries({ queryKey: queryKeys.reviewCount }),
      ]),
  });
}
