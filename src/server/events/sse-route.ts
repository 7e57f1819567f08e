import type { FastifyInstance } from 'fastify';
import { sendError } from '../errors.ts';
import type { SessionManager } from '../session.ts';
import type { EventHub, VcsEvent } from './event-hub.ts';

export interface SseRouteOptions {
  hub: EventHub;
  sessions: SessionManager;
  heartbeatMs: number;
  /** Reconnection delay suggested to EventSource. */
  retryMs?: number;
  /** Headers every response carries (security headers; hijacked replies skip onSend). */
  responseHeaders: Readonly<Record<string, string>>;
}

/** `id:` values must stay on one line; receiver-validated ids already do, this is a last guard. */
const frameId = (id: string): string => id.replace(/[\r\n]/g, '');

/**
 * `GET /bff/events`: the verified webhook events of the session's organization as Server-Sent
 * Events (event name `vcs`), with heartbeats and `Last-Event-ID` replay.
 */
export function registerSseRoute(app: FastifyInstance, options: SseRouteOptions): void {
  const { hub, sessions, heartbeatMs } = options;
  const retryMs = options.retryMs ?? 3_000;

  app.get('/bff/events', { exposeHeadRoute: false }, (request, reply) => {
    const session = sessions.read(request);
    if (!session) {
      return sendError(reply, 401, 'unauthenticated', 'Sign in to receive live events.');
    }
    const organizationId = session.identity.organization_id;
    const lastEventIdHeader = request.headers['last-event-id'];
    const lastEventId = typeof lastEventIdHeader === 'string' ? lastEventIdHeader : undefined;

    reply.hijack();
    const raw = reply.raw;
    request.raw.socket.setTimeout(0);
    request.raw.socket.setNoDelay(true);
    raw.writeHead(200, {
      ...options.responseHeaders,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });

    const write = (event: VcsEvent): void => {
      // Never let the session's key into a frame, whatever the event carries.
      const data = JSON.stringify(event).replaceAll(session.apiKey, '[redacted]');
      raw.write(`id: ${frameId(event.id)}\nevent: vcs\ndata: ${data}\n\n`);
    };

    let closed = false;
    const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), heartbeatMs);
    const expiry = setTimeout(
      () => close(),
      Math.min(2 ** 31 - 1, Math.max(0, session.expiresAt * 1000 - Date.now())),
    );
    const unsubscribe = hub.subscribe(organizationId, {
      sessionId: session.id,
      onEvent: write,
      onClose: () => close(),
    });
    function close(): void {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      if (!raw.writableEnded) raw.end();
    }
    raw.on('close', close);

    raw.write(`retry: ${retryMs}\n\n`);
    for (const event of hub.replay(organizationId, lastEventId)) write(event);
    return reply;
  });
}
