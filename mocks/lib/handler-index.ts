/**
 * Narrows the simulator's handler list to the few that can answer a request, before msw's
 * `getResponse` tries them. msw tries every handler in turn, and each try parses the request's
 * cookies and compiles the handler's path with path-to-regexp again: with ~90 routes that was most
 * of the HTTP simulator's work per request (a CPU profile: path-to-regexp, tough-cookie and msw's
 * matching above a fifth of it). Here each handler's method and path are compiled once; a request
 * keeps the handlers whose method and path could match, in their order, so msw still decides among
 * them exactly as before (the filter only ever drops a handler msw would not match).
 */
import type { HttpHandler } from 'msw';

interface Indexed {
  handler: HttpHandler;
  /** An upper-case method, or undefined for any method (`http.all`, a RegExp method). */
  method: string | undefined;
  /** Matches the pathnames the handler's path could match; undefined: try it for every path. */
  pathname: RegExp | undefined;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pattern that matches every pathname msw's path `path` (absolute or not, with `:param` and `*`
 * wildcards) matches, possibly more: a parameter or wildcard segment accepts anything, literal
 * segments compare case-insensitively (as path-to-regexp does by default), a trailing slash is
 * optional. Undefined when the path is not a plain string.
 */
export function pathnamePattern(path: unknown): RegExp | undefined {
  if (typeof path !== 'string') return undefined;
  // Drop the origin of an absolute URL (and anything before the path), and any query or hash.
  const withoutOrigin = path.replace(/^[^/]*\/\/[^/]*/, '').replace(/[?#].*$/, '');
  if (!withoutOrigin.startsWith('/')) return undefined;
  const segments = withoutOrigin
    .split('/')
    .slice(1)
    .map((segment) =>
      segment.includes(':') || segment.includes('*') || segment.includes('(')
        ? '[^]*'
        : escapeRegExp(segment),
    );
  return new RegExp(`^/${segments.join('/')}/?$`, 'i');
}

/** The handlers that may answer `method` on `pathname`, in their original order. */
export type HandlerIndex = (method: string, pathname: string) => HttpHandler[];

export function indexHandlers(handlers: readonly HttpHandler[]): HandlerIndex {
  const indexed: Indexed[] = handlers.map((handler) => {
    const { method, path } = handler.info as { method: unknown; path: unknown };
    return {
      handler,
      method: typeof method === 'string' ? method.toUpperCase() : undefined,
      pathname: pathnamePattern(path),
    };
  });
  return (method, pathname) => {
    const wanted = method.toUpperCase();
    const candidates: HttpHandler[] = [];
    for (const entry of indexed) {
      if (entry.method !== undefined && entry.method !== wanted) continue;
      if (entry.pathname !== undefined && !entry.pathname.test(pathname)) continue;
      candidates.push(entry.handler);
    }
    return candidates;
  };
}
