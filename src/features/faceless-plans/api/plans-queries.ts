import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/api-error.ts';
import { api, unwrap } from '@/api/client.ts';
import { mediaAssetRecordQueryOptions } from '@/api/media-asset.ts';
import { markStarted } from '@/lib/started-work.ts';
import { writeObject } from '@/api/object-caches.ts';
import { queryKeys } from '@/api/query-keys.ts';
import type { Character, FacelessPlanRevision } from '@/api/schema.gen.ts';
import { useIdempotentMutation } from '@/api/use-idempotent-mutation.ts';
import type { ReviseRequest } from '@/shared-rules/faceless-staleness.ts';
import { isRunning, type ApprovalStage } from '../plan-status.ts';

/** Every revision of the project's plan, newest first. */
export const planRevisionsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.plans.list(projectId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/projects/{projectId}/faceless/plans', {
          params: { path: { projectId } },
          signal,
        }),
      ),
    // A running revision moves on by itself; live events refresh sooner, this is the fallback.
    refetchInterval: (query) =>
      query.state.data?.revisions.some((revision) => isRunning(revision.status)) ? 4000 : false,
  });

export const planRevisionQueryOptions = (projectId: string, revisionId: string) =>
  queryOptions({
    queryKey: queryKeys.plans.revision(projectId, revisionId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/projects/{projectId}/faceless/plans/{revisionId}', {
          params: { path: { projectId, revisionId } },
          signal,
        }),
      ),
    refetchInterval: (query) =>
      query.state.data && isRunning(query.state.data.status) ? 3000 : false,
  });

export const characterQueryOptions = (characterId: string) =>
  queryOptions({
    queryKey: queryKeys.characters.detail(characterId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/characters/{characterId}', { params: { path: { characterId } }, signal })),
  });

/** A media asset (keyframes and anchors are immutable images: cached for the session). */
export const mediaAssetQueryOptions = (assetId: string) =>
  queryOptions({ ...mediaAssetRecordQueryOptions(assetId), staleTime: Number.POSITIVE_INFINITY });

/** Sends a draft; the caller passes the Idempotency-Key of its intent (see plan-draft.ts). */
export function useReviseRevision(projectId: string, revisionId: string) {
  const queryClient = useQueryClient();
  return useIdempotentMutation<FacelessPlanRevision, ReviseRequest>({
    mutationFn: (changes, idempotencyKey) =>
      unwrap(
        api.POST('/projects/{projectId}/faceless/plans/{revisionId}/revise', {
          params: {
            path: { projectId, revisionId },
            header: { 'Idempotency-Key': idempotencyKey },
          },
          body: changes,
        }),
      ),
    onSuccess: (created) => {
      writeObject(queryClient, 'revision', created);
      return queryClient.invalidateQueries({ queryKey: queryKeys.plans.list(projectId) });
    },
  });
}

export function useApproveRevision(projectId: string, revisionId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.plans.revision(projectId, revisionId);
  return useMutation({
    mutationFn: (stage: ApprovalStage) =>
      unwrap(
        api.POST('/projects/{projectId}/faceless/plans/{revisionId}/approve', {
          params: { path: { projectId, revisionId } },
          body: { stage },
        }),
      ),
    onSuccess: (revision) => {
      // The run's outcome toasts in this browser only (the others see it in the jobs tray).
      markStarted(revision.id, revision.preproduction_job_id, revision.generation_job_id);
      writeObject(queryClient, 'revision', revision);
    },
    onSettled: (_data, error) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.plans.list(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all }),
        // Refused because the revision moved on: show where it is now.
        error instanceof ApiError && error.status === 409
          ? queryClient.invalidateQueries({ queryKey: key })
          : undefined,
      ]),
  });
}

export function useSetPrimaryReference(characterId: string) {
  const queryClient = useQueryClient();
  return useIdempotentMutation<Character, string>({
    mutationFn: (assetId, idempotencyKey) =>
      unwrap(
        api.POST('/characters/{characterId}/primary-reference', {
          params: { path: { characterId }, header: { 'Idempotency-Key': idempotencyKey } },
          body: { asset_id: assetId },
        }),
      ),
    onSuccess: (character) => {
      queryClient.setQueryData(queryKeys.characters.detail(characterId), character);
    },
  });
}
