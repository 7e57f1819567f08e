import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

/** Request headers a browser may send on to the service; everything else is dropped. */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'idempotency-key',
  'if-match',
  'if-none-match',
  'last-event-id',
] as const;

/** Hop-by-hop headers (RFC 9110 §7.6.1) and others that must not cross the proxy. */
const DROPPED_RESPONSE_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'set-cookie',
  'set-cookie2',
  'content-length',
  'date',
]);

/**
 * The outgoing headers for upstream: the allow-listed ones, exactly one Authorization, and the
 * request id the BFF logs this request under (so both sides' logs can be joined).
 */
export function upstreamRequestHeaders(
  incoming: IncomingHttpHeaders,
  apiKey: string,
  requestId: string,
): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = incoming[name];
    if (typeof value === 'string') headers[name] = value;
  }
  headers['accept-encoding'] = 'identity';
  headers['user-agent'] = 'cutroom-bff';
  headers['x-request-id'] = requestId;
  headers.authorization = `Bearer ${apiKey}`;
  return headers;
}

/**
 * The upstream response headers the browser may see: no hop-by-hop headers (including any named
 * by `Connection`), no cookies, and the key scrubbed from any value. Per proxied answer, so kept
 * cheap: no entries array, a `Connection` of just keep-alive or close names nothing to drop, and a
 * value is copied only when it holds the key.
 */
export function browserResponseHeaders(
  upstream: IncomingHttpHeaders,
  apiKey: string,
): Record<string, string | string[]> {
  const connection = upstream.connection;
  const named =
    typeof connection === 'string' && !PLAIN_CONNECTION.test(connection)
      ? new Set(
          connection
            .split(',')
            .map((token) => token.trim().toLowerCase())
            .filter((token) => token !== ''),
        )
      : undefined;
  const headers: Record<string, string | string[]> = {};
  for (const name in upstream) {
    const value = upstream[name];
    if (value === undefined) continue;
    if (DROPPED_RESPONSE_HEADERS.has(name) || name.startsWith('proxy-') || named?.has(name)) {
      continue;
    }
    headers[name] = Array.isArray(value)
      ? value.map((item) => redactKey(item, apiKey))
      : redactKey(value, apiKey);
  }
  return headers;
}

/** A `Connection` value that names no other header. */
const PLAIN_CONNECTION = /^\s*(keep-alive|close)\s*$/i;

const redactKey = (value: string, apiKey: string): string =>
  value.includes(apiKey) ? value.replaceAll(apiKey, '[redacted]') : value;
