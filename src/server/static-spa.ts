import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE_CACHE : 'no-cache');
    },
  });
  return true;
}
