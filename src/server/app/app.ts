import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { DestinationStream } from 'pino';
import { loadAllowList } from '../proxy/allow-list.ts';
import { auditRecorder, registerAuditRoute } from '../audit/audit-recorder.ts';
import type { AuditStore } from '../audit/audit-store.ts';
import { DatabaseAuditStore } from '../audit/database-audit-store.ts';
import { registerNotesRoutes } from '../notes/notes-routes.ts';
import { reviewHooks } from '../notes/review-hooks.ts';
import { ReviewService } from '../notes/review-service.ts';
import { ServiceReads } from '../notes/service-reads.ts';
import { type BffConfig, isHttps } from './config.ts';
import { csrfGuard } from '../session/csrf.ts';
import { registerCutListRoutes } from '../cuts/cut-list-routes.ts';
import { type CutListStore, DatabaseCutListStore } from '../cuts/cut-list-store.ts';
import {
  createClientErrorHandler,
  createFrameworkErrorHandler,
  installErrorHandler,
  sendError,
} from './errors.ts';
import { EventHub } from '../events/event-hub.ts';
import { registerSseRoute } from '../events/sse-route.ts';
import { accessLogWriter } from '../observability/access-log.ts';
import { lazyChildLoggerFactory } from '../observability/lazy-child-logger.ts';
import { BffMetrics } from '../observability/metrics.ts';
import { registerOpsRoutes } from '../observability/ops-routes.ts';
import { apiProxy, type ProxyExchange } from '../proxy/proxy.ts';
import { installSecurityHeaders, securityHeaders, subresourceHeaders } from './security-headers.ts';
import { SessionManager } from '../session/session.ts';
import { SessionRevocations } from '../session/session-revocations.ts';
import { registerErrorCatalogue } from './error-catalogue.ts';
import { registerSessionRoutes } from '../session/session-routes.ts';
import { Database } from '../db/database.ts';
import { MemoryState } from '../shared-state/memory-state.ts';
import type { SharedState } from '../shared-state/shared-state.ts';
import { createSpaDocuments, isSpaNavigation, registerStaticSpa } from '../static/static-spa.ts';
import { installRequestTimeout } from './request-timeout.ts';
import { PART_ROUTE, partRelay, signPartRewriter } from '../uploads/part-relay.ts';
import { UpstreamClient } from '../proxy/upstream-client.ts';
import { WEBHOOK_PATH, webhookReceiver } from '../webhooks/receiver.ts';
import { type DeliveryLogStore, deliveryLogOver } from '../webhooks/delivery-log.ts';
import { registerDeliveryLogRoute } from '../webhooks/delivery-log-route.ts';

export interface BffDeps {
  /** Where log lines go (tests capture them; npm start buffers them); stdout by default. */
  logStream?: DestinationStream;
  /** Clock in ms (sessions, limits). */
  now?: () => number;
  /** Webhook delivery log; by default kept in the shared state (see below). */
  deliveryLog?: DeliveryLogStore;
  /**
   * What the instances share (events, de-duplication, limits, revocations, recent lists): Redis
   * for several instances, in memory by default. The app owns it and closes it on close.
   */
  sharedState?: SharedState;
  /** Where the audit trail is kept (default: the BFF's database). */
  auditStore?: AuditStore;
  /** Where the cut lists of editing by words are kept (default: the BFF's database). */
  cutListStore?: CutListStore;
  /**
   * The BFF's database (notes, decisions, names, the audit trail); by default the one
   * `config.database` names, opened on first use (`npm start` opens it at once). The app owns it
   * and closes it on close.
   */
  database?: Database;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The live-event hub (the webhook receiver publishes into it). */
    eventHub: EventHub;
    /** What the instances share (see BffDeps.sharedState). */
    sharedState: SharedState;
    /** The BFF's database (see BffDeps.database). */
    database: Database;
    metrics: BffMetrics;
    /** Starts a graceful shutdown: /readyz answers 503 from now on. */
    startDraining: () => void;
  }
}

/** Request ids accepted from a load balancer's `X-Request-Id` (else a new UUID). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Log paths whose values must never reach a log line. */
export const REDACTED_LOG_PATHS = [
  'headers.authorization',
  'headers.cookie',
  'headers["x-csrf-token"]',
  'headers["set-cookie"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
];

function loggerOptions(config: BffConfig, deps: BffDeps): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    ...(deps.logStream ? { stream: deps.logStream } : {}),
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
  };
}

/** Builds the BFF (not listening yet). `config.upstream.baseUrl` must be set. */
export async function buildBff(config: BffConfig, deps: BffDeps = {}): Promise<FastifyInstance> {
  const baseUrl = config.upstream.baseUrl;
  if (baseUrl === undefined) throw new Error('buildBff needs config.upstream.baseUrl.');
  const https = isHttps(config);
  const headers = securityHeaders(https);
  const now = deps.now ?? Date.now;
  const allowList = await loadAllowList(config.openapiPath);

  const app = Fastify({
    logger: loggerOptions(config, deps),
    // One line per answered request (onResponse below) instead of two.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'reqId' }),
    genReqId: requestIdOf,
    childLoggerFactory: lazyChildLoggerFactory,
    requestIdHeader: false,
    bodyLimit: config.limits.bodyBytes,
    trustProxy: config.trustProxy,
    connectionTimeout: config.timeouts.connectionMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    // Node's whole-request limit is off: request-timeout.ts keeps it per route (not for parts).
    requestTimeout: 0,
    http: {
      headersTimeout: config.timeouts.headersMs,
      requestTimeout: 0,
      connectionsCheckingInterval: config.timeouts.checkIntervalMs,
    },
    // Shutdown lets in-flight requests finish (see graceful-shutdown.ts), idle sockets close.
    forceCloseConnections: false,
    // Both answer with JSON errors, which take the subresource policy.
    frameworkErrors: createFrameworkErrorHandler(subresourceHeaders(headers)),
    clientErrorHandler: createClientErrorHandler(subresourceHeaders(headers)),
    routerOptions: { maxParamLength: 1000 },
  });

  const upstream = new UpstreamClient({ baseUrl, timeoutMs: config.upstreamTimeoutMs });
  const sessions = new SessionManager({
    secrets: config.sessionSecrets,
    ttlSeconds: config.sessionTtlSeconds,
    secure: https,
    now,
  });
  const state = deps.sharedState ?? new MemoryState({ now });
  const fault = (message: string, detail?: Record<string, unknown>) =>
    app.log.warn({ ...detail, sharedState: state.kind }, message);
  const hub = new EventHub({ state, now, onFault: fault });
  const database =
    deps.database ??
    new Database(config.database, {
      onFault: (message, detail) => app.log.error(detail, message),
      onRecover: (message) => app.log.info({ database: config.database.kind }, message),
    });
  const revocations = new SessionRevocations({
    state,
    sessions,
    hub,
    sessionTtlSeconds: config.sessionTtlSeconds,
    onFault: fault,
  });
  const metrics = new BffMetrics({
    openStreams: () => hub.subscriberCount(),
    sharedStateAvailable: () => state.available,
    queuedEvents: () => hub.queued,
  });
  let draining = false;
  app.decorate('eventHub', hub);
  app.decorate('sharedState', state);
  app.decorate('database', database);
  app.decorate('metrics', metrics);
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.decorateRequest('bffSession', undefined);
  app.decorateRequest('metricRoute', undefined);

  const stopWatchingState = state.onAvailability((available) => {
    if (available) app.log.info({ sharedState: state.kind }, 'shared state reachable again');
    else {
      app.log.error(
        { sharedState: state.kind, detail: state.status().detail },
        'shared state unreachable: live events paused (browsers poll), limits per instance',
      );
    }
  });

  installRequestTimeout(app, {
    timeoutMs: config.timeouts.requestMs,
    exemptRoutes: new Set([PART_ROUTE]),
    onTimeout: createClientErrorHandler(subresourceHeaders(headers)),
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // Every answer Fastify sends carries its request id (a hijacked one, the event stream, sets
    // it itself).
    reply.header('x-request-id', request.id);
    // Shutting down: this answer is the connection's last, so the server can close it.
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  const accessLog = accessLogWriter(app.log);
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.metricRoute ?? request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    metrics.observeRequest(request.method, route, status, ms / 1000);
    const url = request.url;
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    accessLog(request.id, request.method, route, path, status, ms);
    done();
  });

  if (config.logLevel === 'debug' || config.logLevel === 'trace') {
    app.addHook('onRequest', (request, _reply, done) => {
      request.log.debug({ headers: request.headers }, 'request headers');
      done();
    });
  }
  installErrorHandler(app);
  installSecurityHeaders(app, headers);
  // Bodies on /bff are JSON only; text/plain would otherwise be accepted.
  app.removeContentTypeParser('text/plain');
  app.addHook(
    'onRequest',
    csrfGuard({
      sessions,
      publicOrigin: config.publicUrl === undefined ? undefined : new URL(config.publicUrl).origin,
      exemptRoutes: new Set([WEBHOOK_PATH]),
    }),
  );

  registerErrorCatalogue(app);
  registerSessionRoutes(app, {
    config,
    sessions,
    upstream,
    revocations,
    loginFailures: state.failureWindows('login', config.limits.loginFailuresPerMinute, 60_000),
  });
  registerOpsRoutes(app, {
    upstream,
    state,
    database,
    metrics,
    metricsToken: config.metricsToken,
    isDraining: () => draining,
  });
  registerSseRoute(app, {
    hub,
    sessions,
    heartbeatMs: config.sseHeartbeatMs,
    responseHeaders: headers,
  });
  const deliveryLog = deps.deliveryLog ?? deliveryLogOver(state);
  registerDeliveryLogRoute(app, { sessions, log: deliveryLog });
  await app.register(webhookReceiver, {
    deliveryLog,
    secret: config.webhookSecret,
    hub,
    bodyLimit: config.limits.bodyBytes,
    nowSeconds: () => Math.floor(now() / 1000),
    onVerification: (outcome) => metrics.webhookVerification(outcome),
    onEvent: (outcome) => metrics.webhookEvent(outcome),
  });
  const limiter = state.tokenBuckets('api', config.limits.apiRatePerSecond, config.limits.apiBurst);
  const auditStore = deps.auditStore ?? new DatabaseAuditStore(database, fault);
  const serviceReads = new ServiceReads(upstream);
  const review = new ReviewService({ hub, audit: auditStore, onFault: fault });
  const recordAudit = auditRecorder({
    allowList,
    store: auditStore,
    // Audit lines are written whatever LOG_LEVEL says (unless logging is off altogether).
    log: app.log.child({ component: 'audit' }, { level: 'info' }),
    now,
  });
  const followReviews = reviewHooks({ database, service: serviceReads, review, now });
  /** A forwarded call: audited when destructive; a plan's revise or approve moves its notes. */
  const onExchange = (exchange: ProxyExchange): Promise<void> | undefined => {
    const audited = recordAudit(exchange);
    const followed = followReviews(exchange)?.catch((error: unknown) =>
      exchange.request.log.error({ err: error }, 'could not follow a plan revise or approve'),
    );
    if (audited === undefined) return followed;
    return followed === undefined
      ? audited
      : Promise.all([audited, followed]).then(() => undefined);
  };
  await app.register(apiProxy, {
    allowList,
    upstream,
    sessions,
    limiter,
    bodyLimit: config.limits.proxyBodyBytes,
    onUpstreamError: (kind) => metrics.upstreamError(kind),
    hooks: {
      rewriteResponse: signPartRewriter({ secrets: config.sessionSecrets, now }),
      onExchange,
    },
  });
  await app.register(partRelay, {
    secrets: config.sessionSecrets,
    sessions,
    limiter,
    now,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
  });
  registerAuditRoute(app, { sessions, store: auditStore, limiter });
  registerNotesRoutes(app, { sessions, limiter, database, service: serviceReads, review, now });
  // Entries past the retention go, hourly (on every instance: deleting twice is harmless).
  const retention = setInterval(() => {
    if (!database.available || !(auditStore instanceof DatabaseAuditStore)) return;
    auditStore
      .sweep(config.auditRetentionDays, now())
      .then((removed) => {
        if (removed > 0) app.log.info({ removed }, 'audit entries past the retention removed');
      })
      .catch((error: unknown) => fault('audit retention sweep failed', { error: String(error) }));
  }, 3_600_000);
  retention.unref();
  registerCutListRoutes(app, {
    sessions,
    store: deps.cutListStore ?? new DatabaseCutListStore(database),
    now,
  });

  const spa = await registerStaticSpa(app, config.staticDir);
  if (!spa) app.log.warn({ staticDir: config.staticDir }, 'no client build: the SPA is not served');
  const spaDocuments = spa
    ? createSpaDocuments(config.staticDir, (request) => sessions.read(request) !== null)
    : undefined;
  app.setNotFoundHandler((request, reply) => {
    if (spaDocuments && isSpaNavigation(request)) return spaDocuments.send(request, reply);
    return sendError(reply, 404, 'not_found', 'Not found.');
  });

  app.addHook('preClose', (done) => {
    draining = true;
    // Live streams never finish by themselves: end them with a hint to reconnect elsewhere.
    hub.closeAll('shutdown');
    done();
  });
  app.addHook('onClose', async () => {
    if (hub.queued > 0) {
      app.log.error(
        { waiting: hub.queued },
        'closing with events still waiting for the shared state',
      );
    }
    stopWatchingState();
    clearInterval(retention);
    revocations.stop();
    hub.detachFromState();
    upstream.close();
    await Promise.all([state.close(), database.close()]);
  });
  for (const warning of config.warnings) app.log.warn(warning);
  return app;
}
