/**
 * Runs `task` once the page is idle, or after `timeout` ms at the latest (setTimeout where the
 * browser has no requestIdleCallback); returns the cancel function. For start-up work that must
 * not share a task with the first paint or with other start-up work.
 */
export function whenIdle(task: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => task(), { timeout });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 0);
  return () => clearTimeout(handle);
}
