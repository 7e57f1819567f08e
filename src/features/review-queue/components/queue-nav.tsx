import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';
import { reviewStatesParams, reviewStatesQueryOptions } from '@/api/review-states.ts';
import { reviewQueueQueryOptions } from '../api/queue-queries.ts';
import {
  changesRequestedOn,
  nextInQueue,
  orderRows,
  type QueueReviews,
} from '../model/queue-order.ts';
import type { QueueView } from '../model/queue-view.ts';
import { rowOf, waitingRows, type QueueRow } from '../model/queue-row.ts';
import { waitingState } from '../model/waiting.ts';
import { useMarkedForLater } from '../state/later-store.ts';

const NO_REVIEWS: QueueReviews = new Map();

/**
 * On a revision opened from the review queue: the way back, where it stands in the queue, and,
 * once a decision took it out of the queue, "Next in queue" (focused, so a reviewer walks the
 * queue from the keyboard without going back to it).
 */
export function QueueNav({
  view,
  revision,
  organizationId,
}: {
  view: QueueView;
  revision: FacelessPlanRevision;
  organizationId: string;
}) {
  const queue = useQuery(reviewQueueQueryOptions);
  const later = useMarkedForLater(organizationId);
  const entries = queue.data?.entries;
  const rows = useMemo(() => (entries ? waitingRows(entries) : []), [entries]);
  // The same read as the queue page's (one cache entry): requesting changes is a decision too.
  const reviewStates = useQuery(
    reviewStatesQueryOptions(useMemo(() => reviewStatesParams(rows.map((row) => row.id)), [rows])),
  );
  const reviews: QueueReviews = reviewStates.data?.revisions ?? NO_REVIEWS;
  const ordered = useMemo(
    () => orderRows(rows, view, later, reviews),
    [rows, view, later, reviews],
  );
  const queued = entries?.find((entry) => entry.revision.id === revision.id);

  // The row as it was when the page opened: where it stood once a decision takes it out.
  const [anchor, setAnchor] = useState<QueueRow | undefined>(() =>
    queued ? (rowOf(queued) ?? undefined) : undefined,
  );
  const queuedRow = queued ? rowOf(queued) : null;
  if (!anchor && queuedRow) setAnchor(queuedRow);

  const changesRequested = queuedRow ? changesRequestedOn(queuedRow, reviews) : false;
  const decided =
    changesRequested ||
    waitingState({ revision, latestRevision: queued?.latestRevision ?? revision.revision }) ===
      null;
  // After a decision, the next is the one that sorted after where it stood before.
  const next = nextInQueue(
    decided ? ordered.filter((row) => row.id !== revision.id) : ordered,
    revision.id,
    anchor,
    view,
    later,
    reviews,
  );
  const position = ordered.findIndex((row) => row.id === revision.id);

  // Focus follows to "Next in queue" when a decision is made on this page.
  const wasDecided = useRef(decided);
  const nextRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (decided && !wasDecided.current) nextRef.current?.focus();
    wasDecided.current = decided;
  }, [decided]);

  const back = (
    <Link
      to="/review"
      search={{ ...view, at: revision.id }}
      className="text-indigo-700 hover:underline"
    >
      ← Review queue
    </Link>
  );
  return (
    <nav
      aria-label="Review queue"
      className={`mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border p-3 text-sm ${
        decided ? 'border-emerald-200 bg-emerald-50' : 'border-slate-200 bg-white'
      }`}
    >
      {back}
      <span className="text-slate-700">
        {changesRequested
          ? 'Changes requested: this revision waits for its creator now.'
          : decided
            ? 'Decision recorded: this revision no longer waits.'
            : position >= 0
              ? `${position + 1} of ${ordered.length} waiting`
              : queue.isPending
                ? 'Reading the queue…'
                : ''}
      </span>
      {next ? (
        <Link
          ref={nextRef}
          to="/projects/$projectId/plans/$revisionId"
          params={{ projectId: next.entry.projectId, revisionId: next.id }}
          search={{ tab: next.state === 'assets' ? 'storyboard' : 'overview', queue: view }}
          className={
            decided
              ? 'ml-auto inline-flex items-center rounded-md bg-indigo-600 px-3 py-2 font-medium text-white hover:bg-indigo-700'
              : 'ml-auto text-indigo-700 hover:underline'
          }
        >
          {decided ? 'Next in queue' : 'Skip to next'}: {next.entry.projectName}, revision{' '}
          {next.entry.revision.revision} →
        </Link>
      ) : decided && queue.data?.complete ? (
        <span className="ml-auto font-medium">Nothing else waits in this view of the queue.</span>
      ) : null}
    </nav>
  );
}
