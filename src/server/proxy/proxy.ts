import { pipeline, type Readable } from 'node:stream';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestHookHandler,
} from 'fastify';
import type { AllowList } from './allow-list.ts';
import { BffError, sendError } from '../app/errors.ts';
import { browserResponseHeaders, upstreamRequestHeaders } from './header-filter.ts';
import { KeyScrubber, scrubBuffer } from './key-scrubber.ts';
import { buildUpstreamPath, parseProxyPath, refusedQuery } from './proxy-path.ts';
import {
  COMPRESS_MIN_BYTES,
  compressBuffer,
  compressStream,
  isCompressibleType,
  negotiateEncoding,
  weakenEtag,
} from '../app/compression.ts';
import type { UpstreamErrorKind } from '../observability/metrics.ts';
import type { Session, SessionManager } from '../session/session.ts';
import type { LimitDecision, TokenBuckets } from '../shared-state/shared-state.ts';
import {
  type UpstreamClient,
  type UpstreamResponse,
  UpstreamTimeoutError,
  UpstreamUnreachableError,
} from './upstream-client.ts';

export const API_PREFIX = '/api/v1';

/** Api-reference "Limits": letters, digits, dot, underscore, colon, hyphen; 8 to 200. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,200}$/;
/** Raw paths whose checks are remembered (see resolvePath). */
const KNOWN_PATHS_MAX = 4_096;

interface KnownOperation {
  template: string;
  /** `/api/v1` and the template: the route requests are counted under. */
  metricRoute: string;
}

interface KnownPath {
  segments: string[];
  /** The upstream base path and the re-encoded path, without a query. */
  upstreamPath: string;
  /** Method → its contract operation; null when the contract has none on this path. */
  operations: Map<string, KnownOperation | null>;
}

interface ProxyPathRefusal {
  status: 400 | 404;
  code: 'not_found' | 'invalid_path';
  message: string;
}

/** Upstream bodies up to this size are read whole (and scrubbed in one go), larger ones stream. */
const BUFFERED_RESPONSE_LIMIT = 1024 * 1024;

/** One forwarded call, as the proxy's hooks see it. */
export interface ProxyExchange {
  request: FastifyRequest;
  session: Session;
  method: string;
  /** The contract's path template the call matched, e.g. `/projects/batch-delete`. */
  template: string;
  /** The upstream status, or the BFF's own (502/504) when the exchange failed. */
  status: number;
  requestBody: Buffer | undefined;
  /** The answer when it was small enough to read whole (JSON answers are); else undefined. */
  responseBody: Buffer | undefined;
  /** The service said this answer is a replay of an earlier one (Idempotent-Replayed). */
  replayed: boolean;
}

export interface ProxyHooks {
  /** A replacement for a buffered answer (same shape), or undefined to send it as it is. */
  rewriteResponse?(exchange: ProxyExchange): Buffer | undefined;
  /** Sees every exchange once its answer is known, before the browser gets it. */
  onExchange?(exchange: ProxyExchange): void | Promise<void>;
}

export interface ProxyOptions {
  allowList: AllowList;
  upstream: UpstreamClient;
  sessions: SessionManager;
  limiter: TokenBuckets;
  bodyLimit: number;
  /** Counts failed exchanges with the service (metrics). */
  onUpstreamError?: (kind: UpstreamErrorKind) => void;
  hooks?: ProxyHooks;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Upstream path and query of a validated /api request. */
    upstreamPath: string | undefined;
    /** The route for metrics: the contract's template for /api requests. */
    metricRoute: string | undefined;
    /** The contract template the /api request matched. */
    operationTemplate: string | undefined;
  }
}

/**
 * `/api/v1/*` → `${VCS_BASE_URL}/*` for the contract's operations, with the session's key.
 * Register inside its own plugin: it replaces the content-type parsers of its scope.
 */
export async function apiProxy(app: FastifyInstance, options: ProxyOptions): Promise<void> {
  const { allowList, upstream, sessions, limiter, hooks = {} } = options;
  const upstreamError = options.onUpstreamError ?? (() => undefined);
  app.decorateRequest('upstreamPath', undefined);
  app.decorateRequest('operationTemplate', undefined);

  // Keep the JSON bytes as sent (forwarded unchanged), but refuse what is not JSON.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: options.bodyLimit },
    (_request, body, done) => {
      const buffer = body as Buffer;
      if (buffer.length > 0) {
        try {
          JSON.parse(buffer.toString('utf8'));
        } catch {
          done(new BffError(400, 'invalid_json', 'The request body is not valid JSON.'), undefined);
          return;
        }
      }
      done(null, buffer);
    },
  );

  /**
   * What the checks learn from a raw path (without its query): its upstream path, checked once,
   * and the contract template it matches per method. Proxied paths repeat (a few hundred distinct
   * ones in practice), and decoding, re-encoding and matching one costs more than a look-up.
   * Bounded: emptied when full.
   */
  const knownPaths = new Map<string, KnownPath>();

  /** The known path of `rawPath`, or the refusal to answer with. */
  function resolvePath(rawPath: string): KnownPath | ProxyPathRefusal {
    const known = knownPaths.get(rawPath);
    if (known !== undefined) return known;
    const parsed = parseProxyPath(rawPath, API_PREFIX);
    if (!parsed.ok) {
      return {
        status: parsed.status,
        code: parsed.status === 404 ? 'not_found' : 'invalid_path',
        message: parsed.message,
      };
    }
    let upstreamPath: string;
    try {
      upstreamPath = buildUpstreamPath(upstream.base, upstream.basePath, parsed.path, '');
    } catch {
      return { status: 400, code: 'invalid_path', message: 'The path is not allowed.' };
    }
    if (knownPaths.size >= KNOWN_PATHS_MAX) knownPaths.clear();
    const entry: KnownPath = { segments: parsed.segments, upstreamPath, operations: new Map() };
    knownPaths.set(rawPath, entry);
    return entry;
  }

  /** The contract operation of `method` on a known path (undefined: not in the contract). */
  function operationOf(known: KnownPath, method: string): KnownOperation | undefined {
    let operation = known.operations.get(method);
    if (operation === undefined) {
      const template = allowList.match(method, known.segments);
      operation =
        template === undefined ? null : { template, metricRoute: `${API_PREFIX}${template}` };
      known.operations.set(method, operation);
    }
    return operation ?? undefined;
  }

  // A callback hook, not an async one: a proxied request is decided without a promise when the
  // rate limit is kept in memory (one process), which is most of the checks' cost otherwise.
  const checks: onRequestHookHandler = (request, reply, done) => {
    const url = request.url;
    const queryStart = url.indexOf('?');
    const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
    const query = queryStart === -1 ? '' : url.slice(queryStart + 1);
    const refusedInQuery = query === '' ? undefined : refusedQuery(query);
    if (refusedInQuery !== undefined && !refusedInQuery.ok) {
      sendError(reply, refusedInQuery.status, 'invalid_path', refusedInQuery.message);
      return;
    }
    const known = resolvePath(rawPath);
    if (!('segments' in known)) {
      sendError(reply, known.status, known.code, known.message);
      return;
    }
    const operation = operationOf(known, request.method);
    if (operation === undefined) {
      sendError(reply, 404, 'not_found', 'This operation is not part of the API contract.');
      return;
    }
    request.metricRoute = operation.metricRoute;
    request.operationTemplate = operation.template;
    const session = sessions.read(request);
    if (!session) {
      sendError(reply, 401, 'unauthenticated', 'Not signed in.');
      return;
    }
    const idempotencyKey = request.headers['idempotency-key'];
    if (
      idempotencyKey !== undefined &&
      (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY.test(idempotencyKey))
    ) {
      sendError(
        reply,
        400,
        'invalid_request',
        'Idempotency-Key must be 8 to 200 letters, digits, dots, underscores, colons or hyphens.',
        'Idempotency-Key',
      );
      return;
    }
    // The raw query goes through unchanged (its characters were checked above).
    request.upstreamPath = query === '' ? known.upstreamPath : `${known.upstreamPath}?${query}`;
    const limit = limiter.take(session.id);
    if (limit instanceof Promise) {
      limit.then((decided) => admit(decided, reply, done), done);
    } else {
      admit(limit, reply, done);
    }
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const session = sessions.read(request);
    const pathAndQuery = request.upstreamPath;
    const template = request.operationTemplate;
    if (!session || pathAndQuery === undefined || template === undefined) {
      throw new Error('proxy checks did not run');
    }
    const requestBody = Buffer.isBuffer(request.body) ? request.body : undefined;
    const exchange = (
      status: number,
      responseBody: Buffer | undefined,
      replayed = false,
    ): ProxyExchange => ({
      request,
      session,
      method: request.method,
      template,
      status,
      requestBody,
      responseBody,
      replayed,
    });

    let response: UpstreamResponse;
    try {
      response = await upstream.request(
        {
          method: request.method,
          pathAndQuery,
          headers: upstreamRequestHeaders(request.headers, session.apiKey, request.id),
          ...(Buffer.isBuffer(request.body) ? { body: request.body } : {}),
          cancelOn: reply.raw,
        },
        BUFFERED_RESPONSE_LIMIT,
      );
    } catch (error) {
      const failed = sendUpstreamFailure(request, reply, error, upstreamError);
      await observe(exchange(reply.statusCode, undefined));
      return failed;
    }

    if (response.status >= 500) upstreamError('status_5xx');
    reply.code(response.status).headers(browserResponseHeaders(response.headers, session.apiKey));
    const noBody = request.method === 'HEAD' || response.status === 204 || response.status === 304;
    const encoding =
      noBody ||
      response.headers['content-encoding'] !== undefined ||
      !isCompressibleType(response.headers['content-type'])
        ? undefined
        : negotiateEncoding(request.headers['accept-encoding']);
    const replayed = response.headers['idempotent-replayed'] === 'true';
    if (response.body !== undefined) {
      const scrubbed = scrubBuffer(response.body, keyBytesOf(session));
      const seen = exchange(response.status, scrubbed, replayed);
      const body = hooks.rewriteResponse?.(seen) ?? scrubbed;
      const observed = observe(seen);
      if (observed !== undefined) await observed;
      if (noBody) return reply.send();
      if (encoding === undefined || body.length < COMPRESS_MIN_BYTES) return reply.send(body);
      markEncoded(reply, encoding, response.headers.etag);
      return reply.send(await compressBuffer(body, encoding));
    }
    const observed = observe(exchange(response.status, undefined, replayed));
    if (observed !== undefined) await observed;
    const stream = response.stream as Readable;
    if (noBody) {
      stream.resume();
      return reply.send();
    }
    if (String(response.headers['content-type']).startsWith('text/event-stream')) {
      response.disarmTimeout();
    }
    const scrubber = new KeyScrubber(session.apiKey);
    if (encoding === undefined) {
      pipeline(stream, scrubber, () => undefined);
      return reply.send(scrubber);
    }
    markEncoded(reply, encoding, response.headers.etag);
    const compressor = compressStream(encoding);
    pipeline(stream, scrubber, compressor, () => undefined);
    return reply.send(compressor);
  };

  /** Runs the observer; its failure never changes the answer (the call already happened). */
  function observe(seen: ProxyExchange): Promise<void> | undefined {
    if (!hooks.onExchange) return undefined;
    const failed = (error: unknown): void =>
      seen.request.log.error({ err: error }, 'proxy exchange observer failed');
    try {
      // Most exchanges concern no observer (nothing destructive): no promise to wait for then.
      const observed = hooks.onExchange(seen);
      return observed instanceof Promise ? observed.catch(failed) : undefined;
    } catch (error) {
      failed(error);
      return undefined;
    }
  }

  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  app.route({ method: methods, url: API_PREFIX, onRequest: checks, handler });
  app.route({ method: methods, url: `${API_PREFIX}/*`, onRequest: checks, handler });
}

/** Each session's key as bytes (to scrub answers with), made once per opened session. */
const keyBytes = new WeakMap<Session, Buffer>();

function keyBytesOf(session: Session): Buffer {
  let bytes = keyBytes.get(session);
  if (bytes === undefined) {
    bytes = Buffer.from(session.apiKey);
    keyBytes.set(session, bytes);
  }
  return bytes;
}

/** Lets the request on, or answers 429 when its session is over its rate. */
function admit(limit: LimitDecision, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (limit.allowed) {
    done();
    return;
  }
  reply.header('retry-after', String(limit.retryAfterSeconds));
  sendError(reply, 429, 'rate_limited', 'Too many requests from this session; slow down.');
}

function markEncoded(reply: FastifyReply, encoding: string, etag: unknown): void {
  reply.header('content-encoding', encoding);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary === undefined ? 'accept-encoding' : `${String(vary)}, accept-encoding`);
  const weak = weakenEtag(etag);
  if (weak !== undefined) reply.header('etag', weak);
}

function sendUpstreamFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  count: (kind: UpstreamErrorKind) => void,
): FastifyReply {
  if (reply.sent || reply.raw.headersSent) {
    count('exchange_failed');
    reply.raw.destroy();
    return reply;
  }
  if (error instanceof UpstreamTimeoutError) {
    count('timeout');
    request.log.warn('upstream time-out');
    return sendError(reply, 504, 'upstream_timeout', error.message);
  }
  if (error instanceof UpstreamUnreachableError) {
    count('unreachable');
    request.log.warn({ cause: error.causeCode }, 'upstream unreachable');
    return sendError(reply, 502, 'upstream_unreachable', error.message);
  }
  if (reply.raw.destroyed) return reply;
  count('exchange_failed');
  request.log.warn({ err: error }, 'upstream exchange failed');
  return sendError(reply, 502, 'upstream_error', 'The exchange with the service failed.');
}
