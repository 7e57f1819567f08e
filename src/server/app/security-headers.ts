import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/**
 * The policy of every answer that is not an HTML document (scripts, styles, JSON, events, images):
 * a CSP governs only the document (or worker) it arrives with, so these need no source lists, only
 * "nothing may load, nothing may frame this" should one be opened on its own. Being short matters:
 * it rides on each of the first screen's ~30 answers, where the document's policy cost ~6 KB.
 */
export const SUBRESOURCE_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The headers set on every response of the app. HSTS only when served over https. */
export function securityHeaders(https: boolean): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  });
}

/** The same headers for an answer that is not an HTML document (JSON errors, assets). */
export function subresourceHeaders(
  headers: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  return Object.freeze({
    ...headers,
    'content-security-policy': SUBRESOURCE_CONTENT_SECURITY_POLICY,
  });
}

/**
 * Adds the headers in onSend, which runs for routes, 404s, errors and static files alike; answers
 * that are not HTML get the short subresource policy in place of the document's.
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  headers: Readonly<Record<string, string>>,
): void {
  const subresource = subresourceHeaders(headers);
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const isDocument = typeof type === 'string' && type.startsWith('text/html');
    reply.headers(isDocument ? headers : subresource);
    done(null, payload);
  });
}
