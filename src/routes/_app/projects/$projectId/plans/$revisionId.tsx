import { createFileRoute } from '@tanstack/react-router';
import {
  planRevisionQueryOptions,
  planRevisionsQueryOptions,
} from '@/features/faceless-plans/api/plans-queries.ts';
import { PlanPage } from '@/features/faceless-plans/components/plan-page.tsx';
import { PLAN_TABS } from '@/features/faceless-plans/plan-tabs.ts';
import { QueueNav } from '@/features/review-queue/components/queue-nav.tsx';
import { queueViewParam } from '@/features/review-queue/model/queue-search.ts';
import { NoteMarker } from '@/features/review-notes/components/note-marker.tsx';
import { NotesPanel } from '@/features/review-notes/components/notes-panel.tsx';
import { RequestChanges } from '@/features/review-notes/components/request-changes.tsx';
import { planNotesQueryOptions } from '@/api/plan-notes.ts';
import {
  enumParam,
  optionalIntParam,
  optionalStringParam,
  searchSchema as schemaOf,
} from '@/lib/search-params.ts';

const searchSchema = schemaOf({
  tab: enumParam(PLAN_TABS, 'overview'),
  /** The revision compared with this one (compare tab). */
  compare: optionalStringParam(),
  /** 1-based scene to show in the storyboard. */
  scene: optionalIntParam({ min: 1 }),
  /** A note to open the notes at (a note's link). */
  note: optionalStringParam({ minLength: 1, maxLength: 100, pattern: /^[0-9a-f-]+$/i }),
  /** The review queue's view the revision was opened from ("next in queue" follows it). */
  queue: queueViewParam,
});

export const Route = createFileRoute('/_app/projects/$projectId/plans/$revisionId')({
  validateSearch: searchSchema,
  loader: async ({ context, params }) => {
    void context.queryClient.prefetchQuery(planRevisionsQueryOptions(params.projectId));
    // The notes come from the BFF's database: read them beside the plan, never waiting for them.
    void context.queryClient.prefetchQuery(
      planNotesQueryOptions(params.projectId, params.revisionId),
    );
    await context.queryClient.ensureQueryData(
      planRevisionQueryOptions(params.projectId, params.revisionId),
    );
  },
  head: () => ({ meta: [{ title: 'Plan review · Cutroom' }] }),
  component: PlanRoute,
});

function PlanRoute() {
  const { projectId, revisionId } = Route.useParams();
  const { queue, note, ...search } = Route.useSearch();
  const { organizationId, userId } = Route.useRouteContext({
    select: (context) => ({
      organizationId: context.session.organization_id,
      userId: context.session.user_id,
    }),
  });
  return (
    <PlanPage
      projectId={projectId}
      revisionId={revisionId}
      search={search}
      queueNav={
        queue
          ? (revision) => (
              <QueueNav view={queue} revision={revision} organizationId={organizationId} />
            )
          : undefined
      }
      notes={(revision) => (
        <NotesPanel
          projectId={projectId}
          revision={revision}
          currentUserId={userId}
          focusNote={note}
        />
      )}
      decisions={(revision) => (
        <RequestChanges projectId={projectId} revision={revision} currentUserId={userId} />
      )}
      NoteMarker={NoteMarker}
    />
  );
}
