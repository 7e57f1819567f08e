/**
 * The time a request may take to arrive whole, per route. Node's own `requestTimeout` counts the
 * whole request on every route, so an upload part on a slow link (32 MiB at a quarter of a 10
 * Mbit/s uplink: ~100 s) was answered 408 however steadily its bytes came, and failed again on
 * every retry. Node's is therefore off (0) and this hook keeps the same limit for every route but
 * the exempt ones (the part relay, bounded by the socket's idle time-out instead: a stalled part
 * is cut, a slow but moving one is not). Headers keep Node's `headersTimeout` (slowloris).
 *
 * A request without a body (no Content-Length above 0, no Transfer-Encoding: RFC 9112 §6.3) has
 * arrived whole once its headers have, so only requests with a body get a timer; it ends when the
 * body has been read or the answer is over. Bodiless requests (every proxied GET) cost one header
 * check and nothing else: no timer, no hook later in their life.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RequestTimeoutOptions {
  timeoutMs: number;
  /** Routes (their template, `request.routeOptions.url`) the limit does not apply to. */
  exemptRoutes: ReadonlySet<string>;
  /** Answers 408 on the raw socket and closes it (the client-error handler). */
  onTimeout: (error: NodeJS.ErrnoException, socket: Socket) => void;
}

/** Whether a request's headers announce a body (RFC 9112 §6.3: Transfer-Encoding or a length). */
export function announcesBody(headers: {
  'content-length'?: string | undefined;
  'transfer-encoding'?: string | undefined;
}): boolean {
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = headers['content-length'];
  return length !== undefined && length !== '0';
}

export function installRequestTimeout(app: FastifyInstance, options: RequestTimeoutOptions): void {
  if (!(options.timeoutMs > 0)) return;
  app.addHook('onRequest', (request, reply, done) => {
    if (!announcesBody(request.headers)) return done();
    const route = request.routeOptions.url;
    if (route !== undefined && options.exemptRoutes.has(route)) return done();
    const raw = request.raw;
    const timer = setTimeout(() => {
      stop();
      // Arrived whole (the handler is working, or has answered): not this limit's business.
      if (raw.complete || reply.raw.headersSent || raw.destroyed) return;
      const error: NodeJS.ErrnoException = new Error('The request took too long to arrive.');
      error.code = 'ERR_HTTP_REQUEST_TIMEOUT';
      options.onTimeout(error, raw.socket);
    }, options.timeoutMs);
    // The body read whole, or the exchange over (answered early, or the client gone).
    const stop = (): void => {
      clearTimeout(timer);
      raw.removeListener('end', stop);
      reply.raw.removeListener('close', stop);
    };
    raw.once('end', stop);
    reply.raw.once('close', stop);
    done();
  });
}
