import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** Longest wait for in-flight requests; then remaining connections are cut. */
  timeoutMs: number;
}

/**
 * Graceful shutdown (SIGTERM): `/readyz` turns 503 so the load balancer stops sending traffic,
 * the listening socket closes (no new connections), idle keep-alive sockets close, live streams
 * end with a retry hint, requests in flight finish (their answers carry `Connection: close`), and
 * whatever is still open after `timeoutMs` is cut. Resolves when the app is closed.
 */
export async function shutdownGracefully(
  app: FastifyInstance,
  options: ShutdownOptions,
): Promise<{ forced: boolean }> {
  app.startDraining();
  let forced = false;
  const deadline = setTimeout(() => {
    forced = true;
    app.log.warn({ timeoutMs: options.timeoutMs }, 'shutdown: cutting connections still open');
    app.server.closeAllConnections();
  }, options.timeoutMs);
  deadline.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
  return { forced };
}
