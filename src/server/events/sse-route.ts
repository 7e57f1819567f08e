import type { FastifyInstance } from 'fastify';
import { sendError } from '../app/errors.ts';
import type { SessionManager } from '../session/session.ts';
import type { EventHub, VcsEvent } from './event-hub.ts';

export interface SseRouteOptions {
  hub: EventHub;
  sessions: SessionManager;
  heartbeatMs: number;
  /** Reconnection delay suggested to EventSource. */
  retryMs?: number;
  /** Reconnection delay suggested when the server shuts down (another instance takes over). */
  shutdownRetryMs?: number;
  /** Headers every response carries (security headers; hijacked replies skip onSend). */
  responseHeaders: Readonly<Record<string, string>>;
}

/** `id:` values must stay on one line; receiver-validated ids already do, this is a last guard. */
const frameId = (id: string): string => id.replace(/[\r\n]/g, '');

/** Ids written to one stream, remembered to skip an event met twice (live and replayed). */
const SENT_IDS_LIMIT = 1_000;

/** Longest last event id taken from a client (the service's ids are far shorter). */
const MAX_EVENT_ID_LENGTH = 200;

/**
 * Where the stream resumes: after `Last-Event-ID` (EventSource's own reconnection), else after
 * `last_event_id` (a new stream continuing one another tab held).
 */
function resumeFrom(header: string | string[] | undefined, query: unknown): string | undefined {
  const fromQuery = (query as { last_event_id?: unknown } | undefined)?.last_event_id;
  const id = typeof header === 'string' && header !== '' ? header : fromQuery;
  return typeof id === 'string' && id !== '' && id.length <= MAX_EVENT_ID_LENGTH ? id : undefined;
}

/**
 * `GET /bff/events`: the verified webhook events of the session's organization as Server-Sent
 * Events (event name `vcs`), with heartbeats and `Last-Event-ID` replay. An event named `status`
 * says whether delivery is live (`{"live":true}`) or paused because the instances' shared state
 * is unreachable (`{"live":false}`: the app polls meanwhile); it is sent first and on each change.
 */
export function registerSseRoute(app: FastifyInstance, options: SseRouteOptions): void {
  const { hub, sessions, heartbeatMs } = options;
  const retryMs = options.retryMs ?? 3_000;
  const shutdownRetryMs = options.shutdownRetryMs ?? 1_000;

  app.get('/bff/events', { exposeHeadRoute: false }, (request, reply) => {
    const session = sessions.read(request);
    if (!session) {
      return sendError(reply, 401, 'unauthenticated', 'Sign in to receive live events.');
    }
    const organizationId = session.identity.organization_id;
    let lastSentId = resumeFrom(request.headers['last-event-id'], request.query);

    reply.hijack();
    const raw = reply.raw;
    request.raw.socket.setTimeout(0);
    request.raw.socket.setNoDelay(true);
    raw.writeHead(200, {
      ...options.responseHeaders,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
      connection: 'keep-alive',
    });

    const sent = new Set<string>();
    const write = (event: VcsEvent): void => {
      if (closed || sent.has(event.id)) return;
      sent.add(event.id);
      if (sent.size > SENT_IDS_LIMIT) sent.delete(sent.values().next().value as string);
      lastSentId = event.id;
      // Never let the session's key into a frame, whatever the event carries.
      const data = JSON.stringify(event).replaceAll(session.apiKey, '[redacted]');
      raw.write(`id: ${frameId(event.id)}\nevent: vcs\ndata: ${data}\n\n`);
    };
    const writeStatus = (live: boolean, position?: string): void => {
      if (closed) return;
      const id = position === undefined ? '' : `id: ${frameId(position)}\n`;
      raw.write(`${id}event: status\ndata: {"live":${live}}\n\n`);
    };
    /**
     * The first status frame. A stream opened without a last event id learns where it stands
     * (the `id` of that frame), so that resuming from it later (after a drop, or in another tab
     * taking the stream over) replays whatever arrived in between.
     */
    const open = async (): Promise<void> => {
      let position: string | undefined;
      if (lastSentId === undefined && hub.live) {
        try {
          position = await hub.position(organizationId);
        } catch (error) {
          request.log.warn({ err: error }, 'live events: stream position unavailable');
        }
      }
      // An event written meanwhile is a newer position than the one read.
      const resumed = lastSentId;
      writeStatus(hub.live, resumed === undefined ? position : undefined);
      // Where a later pause resumes from, when no event is written before it.
      lastSentId ??= position;
      if (hub.live) await catchUp(resumed);
    };
    /** Whatever this stream missed after `from` (replay, or after an outage). */
    const catchUp = async (from: string | undefined): Promise<void> => {
      if (from === undefined) return;
      try {
        for (const event of await hub.replay(organizationId, from)) write(event);
      } catch (error) {
        request.log.warn({ err: error }, 'live events: replay unavailable');
      }
    };

    let closed = false;
    /** The last event written before live delivery paused. */
    let pausedAt: string | undefined;
    const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), heartbeatMs);
    const expiry = setTimeout(
      () => close(),
      Math.min(2 ** 31 - 1, Math.max(0, session.expiresAt * 1000 - Date.now())),
    );
    const unsubscribe = hub.subscribe(organizationId, {
      sessionId: session.id,
      onEvent: write,
      onClose: (reason) => {
        // Shutting down: reconnect soon, to another instance behind the load balancer.
        if (reason === 'shutdown' && !closed) raw.write(`retry: ${shutdownRetryMs}\n\n`);
        close();
      },
      onLive: (live) => {
        writeStatus(live);
        if (!live) {
          pausedAt ??= lastSentId;
          return;
        }
        // Events this instance announces on its return can reach the stream before the ones other
        // instances announced while its subscription was down: catch up from where the pause began.
        const from = pausedAt ?? lastSentId;
        pausedAt = undefined;
        void catchUp(from);
      },
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
    void open();
    return reply;
  });
}
