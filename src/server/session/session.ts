import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { components } from '../../api/bff-schema.gen.ts';
import { SessionCache } from './session-cache.ts';
import { deriveSealKeys, seal, type SealKey, unseal } from './session-seal.ts';

/** The session as the browser sees it (bff.yaml `Session`): never the key. */
export type PublicSession = components['schemas']['Session'];

/** What `GET /auth/validate` told us about the key, kept in the session. */
export type KeyIdentity = Omit<PublicSession, 'csrf_token' | 'expires_at'>;

export interface Session {
  id: string;
  apiKey: string;
  identity: KeyIdentity;
  csrfToken: string;
  issuedAt: number;
  expiresAt: number;
}

/** Opened sessions kept per instance (about 1 KB each). */
const OPENED_CACHE_SIZE = 10_000;
/** How often expired revocations are dropped from the list. */
const REVOKED_SWEEP_SECONDS = 60;

const sealedSchema = z.object({
  sid: z.string().min(16),
  key: z.string().min(1),
  csrf: z.string().min(16),
  iat: z.number(),
  // The sealed cookie's own record (opaque to the browser), tied to bff.yaml's Session fields.
  id: z.object({
    organization_id: z.string(),
    user_id: z.string(),
    plan: z.string(),
    environment: z.enum(['live', 'test']),
    key_prefix: z.string(),
  }) satisfies z.ZodType<KeyIdentity>,
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The session, once read by `SessionManager.read` (undefined: not read yet). */
    bffSession: Session | null | undefined;
  }
}

export interface SessionManagerOptions {
  secrets: readonly string[];
  ttlSeconds: number;
  secure: boolean;
  now?: () => number;
  /** How many opened sessions to remember (default 10,000). */
  cacheSize?: number;
}

/**
 * Sessions live in a sealed cookie (no server-side store); logging out adds the session id to a
 * small revocation list kept until the session would have expired.
 */
export class SessionManager {
  readonly cookieName: string;
  private readonly keys: SealKey[];
  private readonly ttlSeconds: number;
  private readonly secure: boolean;
  private readonly now: () => number;
  private readonly revoked = new Map<string, number>();
  private nextRevokedSweep = 0;
  private readonly opened: SessionCache<Session>;

  constructor(options: SessionManagerOptions) {
    this.keys = deriveSealKeys(options.secrets);
    this.ttlSeconds = options.ttlSeconds;
    this.secure = options.secure;
    this.now = options.now ?? Date.now;
    this.opened = new SessionCache(options.cacheSize ?? OPENED_CACHE_SIZE);
    // `__Host-` needs Secure, Path=/ and no Domain: only possible over https.
    this.cookieName = options.secure ? '__Host-cutroom_session' : 'cutroom_session';
  }

  private nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  create(apiKey: string, identity: KeyIdentity): { session: Session; cookie: string } {
    const issuedAt = this.nowSeconds();
    const session: Session = {
      id: randomBytes(16).toString('base64url'),
      apiKey,
      identity,
      csrfToken: randomBytes(32).toString('base64url'),
      issuedAt,
      expiresAt: issuedAt + this.ttlSeconds,
    };
    const sealed = {
      sid: session.id,
      key: apiKey,
      csrf: session.csrfToken,
      iat: issuedAt,
      id: identity,
    } satisfies z.infer<typeof sealedSchema>;
    return { session, cookie: seal(sealed, session.expiresAt, this.keys) };
  }

  /** Opens a cookie value; null when tampered, expired, revoked or sealed with an unknown key. */
  open(cookieValue: string): Session | null {
    const nowSeconds = this.nowSeconds();
    // Opening costs an AES-GCM decryption and a schema check: remember recent cookies. Expiry and
    // revocation (which may have arrived from another instance meanwhile) are checked every time.
    const cached = this.opened.get(cookieValue);
    if (cached) {
      if (cached.expiresAt > nowSeconds && !this.revoked.has(cached.id)) return cached;
      this.opened.delete(cookieValue);
      return null;
    }
    const opened = unseal(cookieValue, this.keys, nowSeconds);
    if (!opened) return null;
    const parsed = sealedSchema.safeParse(opened.data);
    if (!parsed.success) return null;
    if (this.revoked.has(parsed.data.sid)) return null;
    const session: Session = {
      id: parsed.data.sid,
      apiKey: parsed.data.key,
      identity: parsed.data.id,
      csrfToken: parsed.data.csrf,
      issuedAt: parsed.data.iat,
      expiresAt: opened.expiresAt,
    };
    this.opened.set(cookieValue, session);
    return session;
  }

  /** Reads (once per request) the session cookie of a request. */
  read(request: FastifyRequest): Session | null {
    if (request.bffSession !== undefined) return request.bffSession;
    const value = readCookie(request.headers.cookie, this.cookieName);
    const session = value === undefined ? null : this.open(value);
    request.bffSession = session;
    return session;
  }

  revoke(session: Session): void {
    this.markRevoked(session.id, session.expiresAt);
  }

  /** Refuses session `id` from now until `expiresAt` (unix seconds), e.g. revoked elsewhere. */
  markRevoked(id: string, expiresAt: number): void {
    const now = this.nowSeconds();
    if (expiresAt <= now) return;
    // A sweep now and then, not per call: catching up applies thousands of revocations at once.
    if (now >= this.nextRevokedSweep) {
      for (const [known, until] of this.revoked) if (until <= now) this.revoked.delete(known);
      this.nextRevokedSweep = now + REVOKED_SWEEP_SECONDS;
    }
    this.revoked.set(id, expiresAt);
  }

  /** `Set-Cookie` value: HttpOnly, SameSite=Strict, Path=/, Max-Age, Secure over https. */
  serializeCookie(value: string, maxAgeSeconds: number): string {
    const attributes = [
      `${this.cookieName}=${value}`,
      `Max-Age=${maxAgeSeconds}`,
      ...(maxAgeSeconds === 0 ? ['Expires=Thu, 01 Jan 1970 00:00:00 GMT'] : []),
      'Path=/',
      'HttpOnly',
      'SameSite=Strict',
      ...(this.secure ? ['Secure'] : []),
    ];
    return attributes.join('; ');
  }

  setCookie(reply: FastifyReply, cookie: string, session: Session): void {
    reply.header('set-cookie', this.serializeCookie(cookie, session.expiresAt - session.issuedAt));
  }

  clearCookie(reply: FastifyReply): void {
    reply.header('set-cookie', this.serializeCookie('', 0));
  }

  toPublic(session: Session): PublicSession {
    return {
      ...session.identity,
      csrf_token: session.csrfToken,
      expires_at: new Date(session.expiresAt * 1000).toISOString(),
    };
  }
}

/**
 * Finds one cookie in a Cookie header without decoding anything else. Read on every request, so
 * it walks the header in place: only the value it returns is copied.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (let start = 0; start < header.length;) {
    const semicolon = header.indexOf(';', start);
    const end = semicolon === -1 ? header.length : semicolon;
    const equals = header.indexOf('=', start);
    if (equals !== -1 && equals < end && isName(header, start, equals, name)) {
      return header.slice(equals + 1, end).trim();
    }
    start = end + 1;
  }
  return undefined;
}

const isSpace = (code: number): boolean => code === 0x20 || code === 0x09;

/** Whether `header[from, to)`, less surrounding spaces and tabs, is exactly `name`. */
function isName(header: string, from: number, to: number, name: string): boolean {
  let start = from;
  let end = to;
  while (start < end && isSpace(header.charCodeAt(start))) start += 1;
  while (end > start && isSpace(header.charCodeAt(end - 1))) end -= 1;
  return end - start === name.length && header.startsWith(name, start);
}
