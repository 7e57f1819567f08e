/**
 * Resolves in a new task, after the browser has had the chance to handle input, paint and run
 * network callbacks: start-up work split with it never adds up to one long task. Uses
 * `scheduler.yield()` where the browser has it (the continuation keeps its priority), a
 * macrotask elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
