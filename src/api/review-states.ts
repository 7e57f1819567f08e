/**
 * Open-note counts and the latest decision of many plan revisions and projects, read together
 * (`GET /bff/review-states`): the review queue's rows, the projects list and the project page.
 * Shared, because those are three features.
 */
import { queryOptions } from '@tanstack/react-query';
import { bff, unwrap } from './client.ts';
import { queryKeys, type ReviewStatesParams } from './query-keys.ts';
import type { ProjectReviewState, ReviewStates, RevisionReviewState } from './bff-schema.gen.ts';

/** The most ids one request may name of each kind (bff.yaml `listReviewStates`). */
const IDS_PER_REQUEST = 200;

function chunks(ids: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let at = 0; at < ids.length; at += IDS_PER_REQUEST) {
    out.push(ids.slice(at, at + IDS_PER_REQUEST));
  }
  return out;
}

/** The same ids once each, in one order (a key that does not change with the rows' order). */
export function reviewStatesParams(
  revisionIds: Iterable<string> = [],
  projectIds: Iterable<string> = [],
): ReviewStatesParams {
  return {
    revisionIds: [...new Set(revisionIds)].sort(),
    projectIds: [...new Set(projectIds)].sort(),
  };
}

export interface ReviewStateMaps {
  revisions: ReadonlyMap<string, RevisionReviewState>;
  projects: ReadonlyMap<string, ProjectReviewState>;
}

async function readStates(params: ReviewStatesParams, signal: AbortSignal): Promise<ReviewStates> {
  const revisionChunks = chunks(params.revisionIds);
  const projectChunks = chunks(params.projectIds);
  const requests = Math.max(revisionChunks.length, projectChunks.length);
  const pages = await Promise.all(
    Array.from({ length: requests }, (_, index) =>
      unwrap(
        bff.GET('/bff/review-states', {
          params: {
            query: {
              revision_id: revisionChunks[index] ?? [],
              project_id: projectChunks[index] ?? [],
            },
          },
          signal,
        }),
      ),
    ),
  );
  return {
    revisions: pages.flatMap((page) => page.revisions),
    projects: pages.flatMap((page) => page.projects),
  };
}

/**
 * The states of the revisions and projects named (none: nothing is asked). A page of 200 ids is
 * one request; more are read in parallel and put together.
 */
export const reviewStatesQueryOptions = (params: ReviewStatesParams) =>
  queryOptions({
    queryKey: queryKeys.reviewStates.of(params),
    queryFn: ({ signal }): Promise<ReviewStateMaps> =>
      readStates(params, signal).then((states) => ({
        revisions: new Map(states.revisions.map((state) => [state.revision_id, state])),
        projects: new Map(states.projects.map((state) => [state.project_id, state])),
      })),
    enabled: params.revisionIds.length > 0 || params.projectIds.length > 0,
    // Maps are not compared deeply: each answer is new.
    structuralSharing: false,
    // Live events keep them true (a note, a decision); the previous answer stays while ids change.
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });

/** Whether the latest decision on a revision asks for changes (the queue's "Changes requested"). */
export const changesRequested = (state: RevisionReviewState | undefined): boolean =>
  state?.latest_decision?.kind === 'changes_requested';
