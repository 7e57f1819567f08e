import { useQuery } from '@tanstack/react-query';
import { reviewQueueQueryOptions } from '../api/queue-queries.ts';

/**
 * Reads the whole queue into its cache without showing it: the navigation's count when the service
 * lacks the workspace-wide count (loaded only then, with the queue's pagers).
 */
export function QueueReader() {
  useQuery(reviewQueueQueryOptions);
  return null;
}
