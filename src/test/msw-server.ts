/**
 * One msw server per test file with the usual lifecycle: listen before the file (unhandled
 * requests fail the test), reset per-test handlers (`server.use()`) and spies after each test,
 * close after the file.
 */
import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

export function setupTestServer(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    vi.restoreAllMocks();
  });
  afterAll(() => server.close());
  return server;
}
