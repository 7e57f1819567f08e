/**
 * What the queue page's URL says to show: the filter and the order (kept apart from the ordering
 * code so that the route's search validation, loaded on every screen, takes only these names).
 */
export const QUEUE_ORDERS = ['oldest', 'credits', 'project'] as const;
export type QueueOrder = (typeof QUEUE_ORDERS)[number];

/**
 * `plan` and `assets` are what waits for the reviewer; `changes` the revisions a reviewer asked to
 * change (they wait for the creator's new revision).
 */
export const QUEUE_STATES = ['all', 'plan', 'assets', 'failed', 'changes'] as const;
export type QueueStateFilter = (typeof QUEUE_STATES)[number];

export interface QueueView {
  state: QueueStateFilter;
  /** Only this project's revisions. */
  project?: string | undefined;
  order: QueueOrder;
}

export const DEFAULT_VIEW: QueueView = { state: 'all', order: 'oldest' };
