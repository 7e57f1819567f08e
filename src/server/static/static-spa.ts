import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiateEncoding } from '../app/compression.ts';
import {
  createRoutePreloads,
  fetchesFor,
  readManifest,
  routeDataFor,
  withPreloads,
} from './route-preloads.ts';

const NON_SPA_PREFIXES = ['/api', '/bff', '/webhooks', '/assets'];

/**
 * A browser navigation to a client route (deep link): GET/HEAD asking for HTML, outside the API,
 * BFF, webhook and asset paths. Those get index.html; everything else that is missing is a 404.
 */
export function isSpaNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept;
  if (typeof accept !== 'string' || !accept.includes('text/html')) return false;
  const path = request.url.split('?', 1)[0] ?? '';
  return !NON_SPA_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA from `staticDir`: hashed files under /assets are cached for a year, every
 * other file (index.html first) must be revalidated. Text assets are sent precompressed (the
 * build's .br/.gz siblings, by `Accept-Encoding`, with `Vary: Accept-Encoding`); source maps are
 * never served. Returns false when there is no build.
 */
export async function registerStaticSpa(app: FastifyInstance, staticDir: string): Promise<boolean> {
  if (!existsSync(join(staticDir, 'index.html'))) return false;
  const assetsDir = join(staticDir, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: true,
    index: ['index.html'],
    dotfiles: 'ignore',
    preCompressed: true,
    // Maps are moved out at build time; refuse any that is left (they expose the source).
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    cacheControl: false,
    // Hashed assets never change and index.html is sent from memory: the ETag is all a
    // revalidation needs (Last-Modified and Accept-Ranges were ~70 bytes on every answer).
    lastModified: false,
    acceptRanges: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE_CACHE : 'no-cache');
    },
  });
  return true;
}

interface SpaDocument {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Most distinct documents kept (one per route's set of chunks and per preloaded timeline). */
const MAX_DOCUMENTS = 200;
/**
 * Brotli quality of a document: 11 for the few dozen per route (built once), 5 for those naming a
 * resource (a timeline's data URL): ~1 ms instead of ~10 ms per new one, for ~50 bytes more.
 */
const brotliQualityFor = (path: string) =>
  routeDataFor(path)?.perResource ? 5 : zlib.constants.BROTLI_MAX_QUALITY;

/**
 * The SPA's index.html for a deep link, with `modulepreload` links for the JavaScript of the route
 * it opens and fetch preloads for the session and the route's data (see route-preloads.ts), so
 * they download beside the entry instead of after it. Each distinct document is built and
 * compressed once (brotli, gzip 9), then sent from memory with a strong ETag (304 on a match) and `no-cache`, as fastify-static sent it.
 */
export function createSpaDocuments(
  staticDir: string,
  /** Whether the request carries a valid session (its first screen is then the route's, not login). */
  signedIn: (request: FastifyRequest) => boolean,
) {
  const indexPath = join(staticDir, 'index.html');
  const html = readFileSync(indexPath, 'utf8');
  const manifest = readManifest(staticDir);
  const preloads = manifest ? createRoutePreloads(manifest) : undefined;
  const documents = new Map<string, SpaDocument>();

  const documentFor = (path: string, isSignedIn: boolean): SpaDocument => {
    const files = preloads?.filesFor(path) ?? [];
    const fetches = fetchesFor(path, isSignedIn);
    const key = [...fetches, ...files].join(' ');
    let document = documents.get(key);
    if (!document) {
      const identity = Buffer.from(withPreloads(html, files, fetches));
      document = {
        etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
        identity,
        br: zlib.brotliCompressSync(identity, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQualityFor(path) },
        }),
        gzip: zlib.gzipSync(identity, { level: 9 }),
      };
      if (documents.size >= MAX_DOCUMENTS) documents.clear();
      documents.set(key, document);
    }
    return document;
  };

  return {
    send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
      const document = documentFor(request.url, signedIn(request));
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        // Signed in or not, the document preloads different data.
        .header('vary', 'accept-encoding, cookie');
      const etag = encoding ? `W/${document.etag}` : document.etag;
      reply.header('etag', etag);
      const match = request.headers['if-none-match'];
      if (typeof match === 'string' && match.split(/\s*,\s*/).includes(etag)) {
        return reply.code(304).send();
      }
      if (encoding) reply.header('content-encoding', encoding);
      const body = encoding ? document[encoding] : document.identity;
      return reply.send(request.method === 'HEAD' ? undefined : body);
    },
  };
}
