/**
 * Filtering and ordering the queue (the page's URL says which), and which revision comes next
 * after a decision. Rows marked "reviewed, for later" keep their order among themselves, after
 * every other row.
 */
import type { QueueRow } from './queue-row.ts';
import type { QueueOrder, QueueView } from './queue-view.ts';

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

export function matchesView(row: QueueRow, view: QueueView): boolean {
  return (
    (view.state === 'all' || row.state === view.state) &&
    (!view.project || row.entry.projectId === view.project)
  );
}

/** The rows the view shows, in its order, those marked for later last. */
export function orderRows(
  rows: readonly QueueRow[],
  view: QueueView,
  later: ReadonlySet<string> = new Set(),
): QueueRow[] {
  const compare = compareRows(view.order);
  return rows
    .filter((row) => matchesView(row, view))
    .sort((a, b) => Number(later.has(a.id)) - Number(later.has(b.id)) || compare(a, b));
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
): QueueRow | undefined {
  const others = ordered.filter((row) => row.id !== currentId);
  if (others.length === 0) return undefined;
  const position = ordered.findIndex((row) => row.id === currentId);
  if (position >= 0) {
    return ordered.slice(position + 1).find((row) => row.id !== currentId) ?? others[0];
  }
  if (!anchor) return others[0];
  const compare = compareRows(view.order);
  const laterOf = (row: QueueRow) => Number(later.has(row.id));
  return (
    others.find(
      (row) =>
        laterOf(row) - laterOf(anchor) > 0 ||
        (laterOf(row) === laterOf(anchor) && compare(row, anchor) > 0),
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
