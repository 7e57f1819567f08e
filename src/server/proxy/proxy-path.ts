/**
 * Turns the raw URL of a browser request under the proxy prefix into a validated upstream path.
 * Anything that could change the upstream host or leave its base path is refused: dot segments
 * (raw or percent-encoded), encoded slashes or backslashes, empty segments (`//host`), control
 * characters, non-ASCII bytes, bad percent-encoding.
 */
export type ProxyPath =
  | {
      ok: true;
      /** Decoded path segments (for matching against the contract). */
      segments: string[];
      /** The re-encoded path, starting with `/`. */
      path: string;
      /** The raw query string without `?` ('' when none). */
      query: string;
    }
  | { ok: false; status: 400 | 404; message: string };

const VISIBLE_ASCII = /^[\x21-\x7e]*$/;
// Characters that must never appear in a decoded segment (separators, NUL, CR, LF and other
// control characters).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_DECODED = /[/\\?#\x00-\x1f\x7f]/;

const bad = (message: string): ProxyPath => ({ ok: false, status: 400, message });

/** Why a raw query string (or whole URL) is refused, or undefined when it may go upstream as is. */
export function refusedQuery(raw: string): ProxyPath | undefined {
  if (!VISIBLE_ASCII.test(raw)) return bad('The URL contains characters that are not allowed.');
  if (raw.includes('#')) return bad('The URL contains a fragment.');
  return undefined;
}

export function parseProxyPath(rawUrl: string, prefix: string): ProxyPath {
  const refused = refusedQuery(rawUrl);
  if (refused !== undefined) return refused;
  const queryStart = rawUrl.indexOf('?');
  const rawPath = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  const query = queryStart === -1 ? '' : rawUrl.slice(queryStart + 1);
  if (rawPath !== prefix && !rawPath.startsWith(`${prefix}/`)) {
    return { ok: false, status: 404, message: 'Not found.' };
  }
  const rest = rawPath.slice(prefix.length);
  if (rest.includes('\\')) return bad('Backslashes are not allowed in the path.');
  if (rest === '' || rest === '/') return { ok: true, segments: [], path: '/', query };

  const segments: string[] = [];
  const encoded: string[] = [];
  for (const rawSegment of rest.slice(1).split('/')) {
    if (rawSegment === '') return bad('Empty path segments are not allowed.');
    let decoded: string;
    try {
      decoded = decodeURIComponent(rawSegment);
    } catch {
      return bad('The path has malformed percent-encoding.');
    }
    if (decoded === '.' || decoded === '..') return bad('Dot segments are not allowed.');
    if (FORBIDDEN_DECODED.test(decoded)) {
      return bad('The path contains an encoded separator or control character.');
    }
    segments.push(decoded);
    encoded.push(encodeSegment(decoded));
  }
  return { ok: true, segments, path: `/${encoded.join('/')}`, query };
}

function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%3A/g, ':').replace(/%40/g, '@');
}

/** Origin and path pairs buildUpstreamPath has accepted (bounded: cleared when full). */
const checkedPaths = new Set<string>();
const CHECKED_PATHS_MAX = 4_096;

/**
 * Joins the upstream base and a validated path; throws when the result would not stay on the
 * base's origin and under its path (defence in depth: parseProxyPath already refuses such paths).
 */
export function buildUpstreamPath(
  base: URL,
  basePath: string,
  path: string,
  query: string,
): string {
  const pathAndQuery = `${basePath}${path}${query === '' ? '' : `?${query}`}`;
  const expectedPath = `${basePath}${path}`;
  // Parsing a URL costs more than the rest of the proxy's path checks together: remember the
  // paths that passed (a few hundred distinct ones in practice). The query cannot change the
  // outcome: parseProxyPath refuses `#`, so everything after `?` stays the query.
  const cacheKey = `${base.origin} ${expectedPath}`;
  if (!checkedPaths.has(cacheKey)) {
    const url = new URL(pathAndQuery, base.origin);
    if (
      url.origin !== base.origin ||
      url.pathname !== expectedPath ||
      !url.pathname.startsWith(`${basePath}/`) ||
      expectedPath.includes('//') ||
      /%2e|%2f|%5c/i.test(expectedPath)
    ) {
      throw new Error('The upstream URL left the service base.');
    }
    if (checkedPaths.size >= CHECKED_PATHS_MAX) checkedPaths.clear();
    checkedPaths.add(cacheKey);
  }
  // The raw query goes through unchanged (URL would re-encode some characters).
  return pathAndQuery;
}
