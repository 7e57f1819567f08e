/**
 * Filtering and ordering the queue (the page's URL says which), and which revision comes next
 * after a decision. Revisions whose changes were requested wait for their creator, not the
 * reviewer: they come after those that wait for a decision, and only the "Changes requested"
 * filter shows them apart. Rows marked "reviewed, for later" keep their order among themselves,
 * after every other row.
 */
import type { RevisionReviewState } from '@/api/bff-schema.gen.ts';
import type { QueueRow } from './queue-row.ts';
import type { QueueOrder, QueueView } from './queue-view.ts';

/** The review state (notes, latest decision) of each revision, by id, as far as it is known. */
export type QueueReviews = ReadonlyMap<string, RevisionReviewState>;

const NO_REVIEWS: QueueReviews = new Map();

/** Whether the latest decision on the row asked for changes. */
export const changesRequestedOn = (row: QueueRow, reviews: QueueReviews): boolean =>
  reviews.get(row.id)?.latest_decision?.kind === 'changes_requested';

const byOldest = (a: QueueRow, b: QueueRow) => a.waitingSinceMs - b.waitingSinceMs;
const byProject = (a: QueueRow, b: QueueRow) =>
  a.entry.projectName.localeCompare(b.entry.projectName) ||
  a.entry.projectId.localeCompare(b.entry.projectId);
/** Most credits first; a row that cannot be approved (no credits) after every one that can. */
const byCredits = (a: QueueRow, b: QueueRow) =>
  a.credits === null || b.credits === null
    ? Number(a.credits === null) - Number(b.credits === null)
    : b.credits - a.credits;
const byRevision = (a: QueueRow, b: QueueRow) =>
  a.entry.revision.revision - b.entry.revision.revision || a.id.localeCompare(b.id);

/** The order's comparison, ties broken so that every order is total (stable across refreshes). */
export function compareRows(order: QueueOrder): (a: QueueRow, b: QueueRow) => number {
  switch (order) {
    case 'credits':
      return (a, b) => byCredits(a, b) || byOldest(a, b) || byProject(a, b) || byRevision(a, b);
    case 'project':
      return (a, b) => byProject(a, b) || byOldest(a, b) || byRevision(a, b);
    default:
      return (a, b) => byOldest(a, b) || byProject(a, b) || byRevision(a, b);
  }
}

export function matchesView(
  row: QueueRow,
  view: QueueView,
  reviews: QueueReviews = NO_REVIEWS,
): boolean {
  const changes = changesRequestedOn(row, reviews);
  const state =
    view.state === 'all' ||
    (view.state === 'changes' ? changes : row.state === view.state && !changes);
  return state && (!view.project || row.entry.projectId === view.project);
}

/** Where a row goes before its order applies: waiting for a decision, changes requested, later. */
function bandOf(row: QueueRow, later: ReadonlySet<string>, reviews: QueueReviews): number {
  return Number(later.has(row.id)) * 2 + Number(changesRequestedOn(row, reviews));
}

/** The rows the view shows, in its order: changes requested after the rest, later ones last. */
export function orderRows(
  rows: readonly QueueRow[],
  view: QueueView,
  later: ReadonlySet<string> = new Set(),
  reviews: QueueReviews = NO_REVIEWS,
): QueueRow[] {
  const compare = compareRows(view.order);
  return rows
    .filter((row) => matchesView(row, view, reviews))
    .sort((a, b) => bandOf(a, later, reviews) - bandOf(b, later, reviews) || compare(a, b));
}

/**
 * The revision to open after a decision on `currentId`. While it is still in the queue, the one
 * after it (the first one at the end). Once the decision took it out, the first row that sorts
 * after where it was (`anchor`: its row before the decision), else the first row.
 */
export function nextInQueue(
  ordered: readonly QueueRow[],
  currentId: string,
  anchor: QueueRow | undefined,
  view: QueueView,
  later: ReadonlySet<string> = new Set(),
  reviews: QueueReviews = NO_REVIEWS,
): QueueRow | undefined {
  const others = ordered.filter((row) => row.id !== currentId);
  if (others.length === 0) return undefined;
  const position = ordered.findIndex((row) => row.id === currentId);
  if (position >= 0) {
    return ordered.slice(position + 1).find((row) => row.id !== currentId) ?? others[0];
  }
  if (!anchor) return others[0];
  const compare = compareRows(view.order);
  // Where the anchor was, before the decision moved it (out, or to changes requested).
  const band = (row: QueueRow) =>
    row === anchor ? Number(later.has(row.id)) * 2 : bandOf(row, later, reviews);
  return (
    others.find(
      (row) =>
        band(row) - band(anchor) > 0 || (band(row) === band(anchor) && compare(row, anchor) > 0),
    ) ?? others[0]
  );
}

/** The projects that have waiting rows, by name (the project filter's choices). */
export function projectsOf(rows: readonly QueueRow[]): Array<{ id: string; name: string }> {
  const names = new Map<string, string>();
  for (const row of rows) names.set(row.entry.projectId, row.entry.projectName);
  return [...names]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
