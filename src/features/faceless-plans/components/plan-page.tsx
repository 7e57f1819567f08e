import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { ProjectPageHeader } from '@/components/project-page-header.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { watchHere } from '@/lib/started-work.ts';
import { planRevisionQueryOptions, planRevisionsQueryOptions } from '../api/plans-queries.ts';
import { PLAN_TABS, type PlanTab } from '../plan-tabs.ts';
import { ApprovalControls, RunStatus } from './approval-controls.tsx';
import { DraftBar } from './draft-bar.tsx';
import { StatusBadge } from './plan-bits.tsx';
import { PlanCharacters } from './plan-characters.tsx';
import { PlanCosts } from './plan-costs.tsx';
import { PlanOverview } from './plan-overview.tsx';
import { RevisionCompare } from './revision-compare.tsx';
import { RevisionHistory } from './revision-history.tsx';
import { Storyboard } from './storyboard.tsx';
import { UnsavedEditNotice } from './unsaved-edit-notice.tsx';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';
import type { NoteMarkerSlot } from './note-marker-slot.ts';

const TAB_LABELS: Record<PlanTab, string> = {
  overview: 'Overview',
  storyboard: 'Storyboard',
  characters: 'Characters',
  costs: 'Costs',
  compare: 'Compare revisions',
};

export interface PlanSearch {
  tab: PlanTab;
  compare?: string | undefined;
  scene?: number | undefined;
}

/** What other features add to the plan review (the route composes them). */
export interface PlanReviewSlots {
  /** Navigation of a queue the revision was opened from. */
  queueNav?: ((revision: FacelessPlanRevision) => ReactNode) | undefined;
  /** The revision's notes, beside the sections. */
  notes?: ((revision: FacelessPlanRevision) => ReactNode) | undefined;
  /** Decisions beside "Approve" (e.g. "Request changes"). */
  decisions?: ((revision: FacelessPlanRevision) => ReactNode) | undefined;
  /** Shown on each scene card and character (e.g. its open notes). */
  NoteMarker?: NoteMarkerSlot | undefined;
}

export function PlanPage({
  projectId,
  revisionId,
  search,
  ...slots
}: {
  projectId: string;
  revisionId: string;
  search: PlanSearch;
} & PlanReviewSlots) {
  const revision = useQuery(planRevisionQueryOptions(projectId, revisionId));
  if (revision.isPending) return <LoadingState label="Loading the plan…" />;
  if (revision.isError) {
    return <ErrorState error={revision.error} onRetry={() => void revision.refetch()} />;
  }
  return (
    <PlanReview projectId={projectId} revision={revision.data} search={search} slots={slots} />
  );
}

function PlanReview({
  projectId,
  revision,
  search,
  slots,
}: {
  projectId: string;
  revision: FacelessPlanRevision;
  search: PlanSearch;
  slots: PlanReviewSlots;
}) {
  const { queueNav, notes, decisions, NoteMarker } = slots;
  const revisions = useQuery(planRevisionsQueryOptions(projectId));
  // A faceless.complete / faceless.failed of the revision on screen toasts here, whoever started it.
  useEffect(() => watchHere(revision.id), [revision.id]);
  const plan = revision.plan ?? {};
  const title = revision.series?.name ?? plan.storyKitSnapshot?.name ?? 'Production plan';
  return (
    <article aria-labelledby="plan-heading" className="flex flex-col gap-6">
      <ProjectPageHeader
        projectId={projectId}
        headingId="plan-heading"
        title={`${title} · revision ${revision.revision}`}
        links={
          <Link
            to="/projects/$projectId/plans"
            params={{ projectId }}
            className="text-indigo-700 hover:underline"
          >
            All revisions
          </Link>
        }
        actions={
          <div className="flex flex-wrap items-start gap-2">
            {decisions?.(revision)}
            <ApprovalControls projectId={projectId} revision={revision} />
          </div>
        }
      >
        <div
          role="group"
          aria-label="Revision status"
          className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700"
        >
          <StatusBadge status={revision.status} />
          <span>Created {formatDateTime(revision.created_at)}</span>
          {revision.plan_approved_at ? (
            <span>· plan approved {formatDateTime(revision.plan_approved_at)}</span>
          ) : null}
          {revision.assets_approved_at ? (
            <span>· assets approved {formatDateTime(revision.assets_approved_at)}</span>
          ) : null}
        </div>
        <RunStatus revision={revision} />
        {queueNav?.(revision)}
      </ProjectPageHeader>

      <DraftBar projectId={projectId} revision={revision} />
      <UnsavedEditNotice projectId={projectId} revision={revision} tab={search.tab} />

      <RevisionHistory
        projectId={projectId}
        currentId={revision.id}
        revisions={revisions.data?.revisions}
        error={revisions.error}
        pending={revisions.isPending}
        onRetry={() => void revisions.refetch()}
        collapsible
      />

      <nav aria-label="Plan sections" className="flex flex-wrap gap-1 border-b border-slate-200">
        {PLAN_TABS.map((tab) => (
          <Link
            key={tab}
            to="/projects/$projectId/plans/$revisionId"
            params={{ projectId, revisionId: revision.id }}
            search={(previous) => ({ ...previous, tab })}
            aria-current={search.tab === tab ? 'page' : undefined}
            className={`-mb-px rounded-t-md border px-4 py-2 text-sm font-medium ${
              search.tab === tab
                ? 'border-slate-200 border-b-white bg-white text-indigo-800'
                : 'border-transparent text-slate-700 hover:bg-slate-100'
            }`}
          >
            {TAB_LABELS[tab]}
          </Link>
        ))}
      </nav>

      <div
        className={
          notes ? 'grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(20rem,24rem)] lg:items-start' : ''
        }
      >
        <div className="min-w-0">
          {search.tab === 'overview' ? (
            <PlanOverview projectId={projectId} revision={revision} />
          ) : search.tab === 'storyboard' ? (
            <Storyboard
              projectId={projectId}
              revision={revision}
              initialScene={search.scene}
              NoteMarker={NoteMarker}
            />
          ) : search.tab === 'characters' ? (
            <PlanCharacters projectId={projectId} revision={revision} NoteMarker={NoteMarker} />
          ) : search.tab === 'costs' ? (
            <PlanCosts projectId={projectId} revision={revision} />
          ) : (
            <RevisionCompare
              projectId={projectId}
              current={revision}
              compareId={search.compare}
              revisions={revisions.data?.revisions}
              pending={revisions.isPending}
              error={revisions.error}
            />
          )}
        </div>
        {notes ? (
          // Beside the sections on a desk (it stays in view while they scroll); under them on a phone.
          <div className="min-w-0 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto">
            {notes(revision)}
          </div>
        ) : null}
      </div>
    </article>
  );
}
