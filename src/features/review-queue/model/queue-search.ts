/** The queue's URL: its filters and order (typed search params), and the plan page's way back. */
import { enumParam, optionalStringParam, searchSchema, type Param } from '@/lib/search-params.ts';
import { QUEUE_ORDERS, QUEUE_STATES, type QueueView } from './queue-view.ts';

const projectParam = optionalStringParam({ minLength: 1, maxLength: 200 });
const stateParam = enumParam(QUEUE_STATES, 'all');
const orderParam = enumParam(QUEUE_ORDERS, 'oldest');

export const queueSearchSchema = searchSchema({
  state: stateParam,
  project: projectParam,
  order: orderParam,
  /** The revision to select on arrival (coming back from one opened from the queue). */
  at: optionalStringParam({ minLength: 1, maxLength: 200 }),
});

export type QueueSearch = ReturnType<typeof queueSearchSchema.parse>;

/**
 * The plan page's `queue` search param: the queue view a revision was opened from, so the page
 * offers "next in queue" in that order. Absent when the revision was not opened from the queue.
 */
export const queueViewParam: Param<QueueView | undefined> = (raw) => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const value = raw as Record<string, unknown>;
  const project = projectParam(value.project);
  return {
    state: stateParam(value.state),
    order: orderParam(value.order),
    ...(project ? { project } : {}),
  };
};

export function viewOf(search: {
  state: QueueView['state'];
  order: QueueView['order'];
  project?: string | undefined;
}): QueueView {
  return {
    state: search.state,
    order: search.order,
    ...(search.project ? { project: search.project } : {}),
  };
}
