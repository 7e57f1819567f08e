/**
 * Compression of the BFF's own answers and of proxied JSON: brotli when the browser accepts it,
 * else gzip. Quality is set for speed (these are dynamic answers; static assets are compressed at
 * build time at the highest quality).
 */
import { type Transform } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Below this size compression saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
};
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The preferred encoding the `Accept-Encoding` header allows (q > 0), or undefined. */
export function negotiateEncoding(
  acceptEncoding: string | string[] | undefined,
): Encoding | undefined {
  if (typeof acceptEncoding !== 'string' || acceptEncoding === '') return undefined;
  const allowed = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    allowed.set(token.trim(), q === undefined ? 1 : Number(q));
  }
  const accepts = (token: Encoding) => (allowed.get(token) ?? allowed.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

/** JSON (and other text) bodies; never already-compressed media. */
export function isCompressibleType(contentType: unknown): boolean {
  if (typeof contentType !== 'string') return false;
  return /^(application\/(json|problem\+json|[a-z.+-]*\+json|javascript|xml)|text\/(?!event-stream))/i.test(
    contentType,
  );
}

export function compressBuffer(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, BROTLI_OPTIONS) : gzip(body, GZIP_OPTIONS);
}

export function compressStream(encoding: Encoding): Transform {
  return encoding === 'br'
    ? zlib.createBrotliCompress(BROTLI_OPTIONS)
    : zlib.createGzip(GZIP_OPTIONS);
}

/** A strong ETag names the identity bytes; the compressed ones get the weak form. */
export function weakenEtag(etag: unknown): string | undefined {
  if (typeof etag !== 'string') return undefined;
  return etag.startsWith('W/') ? etag : `W/${etag}`;
}
