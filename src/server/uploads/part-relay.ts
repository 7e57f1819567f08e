/**
 * Multipart part bytes through the BFF without ever holding a part: the service signs each part's
 * URL (sign-part); the BFF rewrites that answer so the browser sends the bytes to
 * `PUT /bff/uploads/part?t=<token>` on its own origin, where the token is the service's URL sealed
 * by the BFF (AES-GCM, bound to the session, expiring with the signature). That route streams the
 * request body to the sealed URL (backpressure end to end) and streams the answer (ETag) back.
 * Part bodies never go through the JSON API path (`/api/v1`, 1 MiB body limit, buffered).
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { components } from '../../api/schema.gen.ts';
import type { BffErrorCode } from '../../api/bff-schema.gen.ts';
import { sendError } from '../app/errors.ts';
import type { ProxyExchange } from '../proxy/proxy.ts';
import { deriveSealKeys, seal, type SealKey, unseal } from '../session/session-seal.ts';
import type { SessionManager } from '../session/session.ts';
import type { TokenBuckets } from '../shared-state/shared-state.ts';

export const PART_ROUTE = '/bff/uploads/part';
export const SIGN_PART_TEMPLATE = '/workspace/media/upload/multipart/sign-part';
/** S3's ceiling for one part; the service checks its own limits too. */
export const MAX_PART_BYTES = 5 * 1024 * 1024 * 1024;
/** A part URL from the BFF is good for at most this long, even if the service's lasts longer. */
const MAX_TOKEN_SECONDS = 3_600;
/** Only these headers of the signed answer are sent on to the service. */
const FORWARDABLE = /^(content-type|content-md5|x-amz-[a-z0-9-]+|x-goog-[a-z0-9-]+)$/;

type SignedPart = components['schemas']['MultipartSignedPart'];

const tokenSchema = z.object({
  u: z.string().url(),
  s: z.string().min(1),
  h: z.array(z.string()),
});

export interface PartRelayOptions {
  /** The BFF's session secrets; part tokens use their own keys derived from them. */
  secrets: readonly string[];
  sessions: SessionManager;
  limiter: TokenBuckets;
  now?: () => number;
  /** Time-out for the service to answer once the part has been sent. */
  upstreamTimeoutMs: number;
}

export function partTokenKeys(secrets: readonly string[]): SealKey[] {
  return deriveSealKeys(secrets.map((secret) => `${secret}\u0000multipart-part-urls`));
}

/**
 * The proxy hook for sign-part answers: the same shape, with `url` pointing at the BFF's relay and
 * the original URL sealed inside it. Other answers are left alone (undefined).
 */
export function signPartRewriter(
  options: Pick<PartRelayOptions, 'secrets' | 'now'>,
): (exchange: ProxyExchange) => Buffer | undefined {
  const keys = partTokenKeys(options.secrets);
  const now = options.now ?? Date.now;
  return (exchange) => {
    if (exchange.method !== 'POST' || exchange.template !== SIGN_PART_TEMPLATE) return undefined;
    if (exchange.status !== 200 || exchange.responseBody === undefined) return undefined;
    let signed: SignedPart;
    try {
      signed = JSON.parse(exchange.responseBody.toString('utf8')) as SignedPart;
      new URL(signed.url);
    } catch {
      return undefined;
    }
    const nowSeconds = Math.floor(now() / 1000);
    const signedUntil = Math.floor(Date.parse(signed.expires_at) / 1000);
    const expiresAt = Math.min(
      Number.isFinite(signedUntil) ? signedUntil : nowSeconds + MAX_TOKEN_SECONDS,
      nowSeconds + MAX_TOKEN_SECONDS,
    );
    const headers = Object.keys(signed.headers ?? {})
      .map((name) => name.toLowerCase())
      .filter((name) => FORWARDABLE.test(name));
    const token = seal({ u: signed.url, s: exchange.session.id, h: headers }, expiresAt, keys);
    const relayed: SignedPart = {
      ...signed,
      url: `${PART_ROUTE}?${new URLSearchParams({ t: token })}`,
      expires_at: new Date(expiresAt * 1000).toISOString(),
    };
    return Buffer.from(JSON.stringify(relayed));
  };
}

/** Registers `PUT /bff/uploads/part` (in its own scope: it takes any body type, unparsed). */
export async function partRelay(app: FastifyInstance, options: PartRelayOptions): Promise<void> {
  const keys = partTokenKeys(options.secrets);
  const now = options.now ?? Date.now;
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
  };
  app.addHook('onClose', (_instance, done) => {
    agents['http:'].destroy();
    agents['https:'].destroy();
    done();
  });

  // The body is the part's bytes: leave it unread for the handler to stream.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  app.put(PART_ROUTE, async (request, reply) => {
    const session = options.sessions.read(request);
    if (!session) return sendError(reply, 401, 'unauthenticated', 'Not signed in.');
    const query = request.query as Record<string, unknown>;
    const opened =
      typeof query.t === 'string' ? unseal(query.t, keys, Math.floor(now() / 1000)) : null;
    const parsed = tokenSchema.safeParse(opened?.data);
    if (!parsed.success || parsed.data.s !== session.id) {
      return sendError(
        reply,
        403,
        'part_url_invalid',
        'This part URL is not valid for your session or has expired; sign the part again.',
      );
    }
    const limit = await options.limiter.take(session.id);
    if (!limit.allowed) {
      reply.header('retry-after', String(limit.retryAfterSeconds));
      return sendError(
        reply,
        429,
        'rate_limited',
        'Too many requests from this session; slow down.',
      );
    }
    const length = Number(request.headers['content-length']);
    if (!Number.isInteger(length) || length < 0) {
      return sendError(reply, 411, 'length_required', 'Send the part with a Content-Length.');
    }
    if (length > MAX_PART_BYTES) {
      return sendError(reply, 413, 'payload_too_large', 'A part is at most 5 GiB.');
    }
    return relay(request, reply, parsed.data, length);
  });

  function relay(
    request: FastifyRequest,
    reply: FastifyReply,
    token: z.infer<typeof tokenSchema>,
    length: number,
  ): Promise<FastifyReply> {
    const target = new URL(token.u);
    const transport = target.protocol === 'https:' ? https : http;
    const headers: Record<string, string | number> = { 'content-length': length };
    for (const name of token.h) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    return new Promise<FastifyReply>((resolve) => {
      const outgoing = transport.request(target, {
        method: 'PUT',
        headers,
        agent: agents[target.protocol === 'https:' ? 'https:' : 'http:'],
      });
      let answered = false;
      const fail = (status: number, code: BffErrorCode, message: string): void => {
        if (answered) return;
        answered = true;
        if (reply.raw.headersSent || request.raw.destroyed) {
          reply.raw.destroy();
          resolve(reply);
          return;
        }
        resolve(sendError(reply, status, code, message));
      };
      let timer: NodeJS.Timeout | undefined;
      outgoing.on('finish', () => {
        // The bytes are out; give the service a bounded time to answer.
        timer = setTimeout(() => {
          outgoing.destroy();
          fail(504, 'upstream_timeout', 'The storage service did not confirm the part in time.');
        }, options.upstreamTimeoutMs);
      });
      outgoing.on('response', (response: IncomingMessage) => {
        if (timer) clearTimeout(timer);
        if (answered) {
          response.resume();
          return;
        }
        answered = true;
        reply.code(response.statusCode ?? 502).header('cache-control', 'no-store');
        for (const name of ['etag', 'content-type', 'retry-after']) {
          const value = response.headers[name];
          if (typeof value === 'string') reply.header(name, value);
        }
        resolve(reply.send(response));
      });
      // Browser → BFF → service, with backpressure; a browser that goes away (pause, a cut
      // connection) destroys the upstream request too.
      pipeline(request.raw, outgoing, (error) => {
        if (!error) return;
        if (timer) clearTimeout(timer);
        outgoing.destroy();
        if (request.raw.destroyed || request.raw.errored) {
          fail(400, 'part_interrupted', 'The part did not arrive whole.');
        } else {
          request.log.warn({ err: error }, 'part relay to the service failed');
          fail(502, 'upstream_unreachable', 'The storage service could not be reached.');
        }
      });
    });
  }
}
