/**
 * The time a request may take to arrive whole, per route. Node's own `requestTimeout` counts the
 * whole request on every route, so an upload part on a slow link (32 MiB at a quarter of a 10
 * Mbit/s uplink: ~100 s) was answered 408 however steadily its bytes came, and failed again on
 * every retry. Node's is therefore off (0) and this hook keeps the same limit for every route but
 * the exempt ones (the part relay, bounded by the socket's idle time-out instead: a stalled part
 * is cut, a slow but moving one is not). Headers keep Node's `headersTimeout` (slowloris).
 */
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface RequestTimeoutOptions {
  timeoutMs: number;
  /** Routes (their template, `request.routeOptions.url`) the limit does not apply to. */
  exemptRoutes: ReadonlySet<string>;
  /** Answers 408 on the raw socket and closes it (the client-error handler). */
  onTimeout: (error: NodeJS.ErrnoException, socket: Socket) => void;
}

const timers = new WeakMap<FastifyRequest, NodeJS.Timeout>();

export function installRequestTimeout(app: FastifyInstance, options: RequestTimeoutOptions): void {
  if (!(options.timeoutMs > 0)) return;
  const clear = (request: FastifyRequest) => {
    const timer = timers.get(request);
    if (timer) clearTimeout(timer);
    timers.delete(request);
  };
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (route !== undefined && options.exemptRoutes.has(route)) return done();
    const timer = setTimeout(() => {
      timers.delete(request);
      // Arrived whole (the handler is working, or has answered): not this limit's business.
      if (request.raw.complete || reply.raw.headersSent || request.raw.destroyed) return;
      const error: NodeJS.ErrnoException = new Error('The request took too long to arrive.');
      error.code = 'ERR_HTTP_REQUEST_TIMEOUT';
      options.onTimeout(error, request.raw.socket);
    }, options.timeoutMs);
    timers.set(request, timer);
    done();
  });
  app.addHook('preHandler', (request, _reply, done) => {
    // The body has been read and parsed by now.
    clear(request);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    clear(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    clear(request);
    done();
  });
}
