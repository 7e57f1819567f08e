import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { loadAllowList } from './allow-list.ts';
import { type BffConfig, isHttps } from './config.ts';
import { csrfGuard } from './csrf.ts';
import {
  createClientErrorHandler,
  createFrameworkErrorHandler,
  installErrorHandler,
  sendError,
} from './errors.ts';
import { EventHub } from './events/event-hub.ts';
import { registerSseRoute } from './events/sse-route.ts';
import { apiProxy } from './proxy.ts';
import { FailureLimiter, TokenBucketLimiter } from './rate-limit.ts';
import { installSecurityHeaders, securityHeaders } from './security-headers.ts';
import { SessionManager } from './session.ts';
import { registerSessionRoutes } from './session-routes.ts';
import { isSpaNavigation, registerStaticSpa } from './static-spa.ts';
import { UpstreamClient } from './upstream-client.ts';
import { WEBHOOK_PATH, webhookReceiver } from './webhooks/receiver.ts';
import { type DeliveryLogStore, InMemoryDeliveryLog } from './webhooks/delivery-log.ts';
import { registerDeliveryLogRoute } from './webhooks/delivery-log-route.ts';
import { SeenEvents } from './webhooks/seen-events.ts';

export interface BffDeps {
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: Writable;
  /** Clock in ms (sessions, limits). */
  now?: () => number;
  /** Webhook delivery log (in process by default; a shared store for several instances). */
  deliveryLog?: DeliveryLogStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The live-event hub (the webhook receiver publishes into it). */
    eventHub: EventHub;
  }
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
    bodyLimit: config.limits.bodyBytes,
    trustProxy: config.trustProxy,
    connectionTimeout: config.timeouts.connectionMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    requestTimeout: config.timeouts.requestMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      requestTimeout: config.timeouts.requestMs,
      connectionsCheckingInterval: config.timeouts.checkIntervalMs,
    },
    forceCloseConnections: true,
    frameworkErrors: createFrameworkErrorHandler(headers),
    clientErrorHandler: createClientErrorHandler(headers),
    routerOptions: { maxParamLength: 1000 },
  });

  const upstream = new UpstreamClient({ baseUrl, timeoutMs: config.upstreamTimeoutMs });
  const sessions = new SessionManager({
    secrets: config.sessionSecrets,
    ttlSeconds: config.sessionTtlSeconds,
    secure: https,
    now,
  });
  const hub = new EventHub({ now });
  app.decorate('eventHub', hub);
  app.decorateRequest('bffSession', undefined);

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

  registerSessionRoutes(app, {
    config,
    sessions,
    upstream,
    hub,
    loginFailures: new FailureLimiter(config.limits.loginFailuresPerMinute, 60_000, now),
  });
  registerSseRoute(app, {
    hub,
    sessions,
    heartbeatMs: config.sseHeartbeatMs,
    responseHeaders: headers,
  });
  const deliveryLog = deps.deliveryLog ?? new InMemoryDeliveryLog();
  registerDeliveryLogRoute(app, { sessions, log: deliveryLog });
  await app.register(webhookReceiver, {
    deliveryLog,
    secret: config.webhookSecret,
    hub,
    seen: new SeenEvents(),
    bodyLimit: config.limits.bodyBytes,
    nowSeconds: () => Math.floor(now() / 1000),
  });
  await app.register(apiProxy, {
    allowList,
    upstream,
    sessions,
    limiter: new TokenBucketLimiter(config.limits.apiRatePerSecond, config.limits.apiBurst, now),
    bodyLimit: config.limits.bodyBytes,
  });

  const spa = await registerStaticSpa(app, config.staticDir);
  if (!spa) app.log.warn({ staticDir: config.staticDir }, 'no client build: the SPA is not served');
  app.setNotFoundHandler((request, reply) => {
    if (spa && isSpaNavigation(request)) return reply.sendFile('index.html');
    return sendError(reply, 404, 'not_found', 'Not found.');
  });

  app.addHook('preClose', (done) => {
    hub.closeAll();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    upstream.close();
    done();
  });
  for (const warning of config.warnings) app.log.warn(warning);
  return app;
}
