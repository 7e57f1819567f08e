import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE } from './static-spa.ts';
import { type Harness, startHarness } from '../test-support/bff-harness.ts';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('static SPA', () => {
  it('serves index.html at / with no-cache and hashed assets with a long cache', async () => {
    harness = await startHarness();
    const index = await harness.app.inject({ url: '/', headers: HTML });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.body).toContain('<title>Cutroom</title>');
    const asset = await harness.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(asset.headers['content-type']).toMatch(/javascript/);
  });

  it('deep links (GET/HEAD asking for HTML) fall back to index.html', async () => {
    harness = await startHarness();
    for (const url of ['/projects', '/projects/p1/timeline?tab=captions', '/login']) {
      const response = await harness.app.inject({ url, headers: HTML });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Cutroom</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const head = await harness.app.inject({ method: 'HEAD', url: '/projects', headers: HTML });
    expect(head.statusCode).toBe(200);
  });

  it('no fallback for missing assets, /api, /bff, /webhooks, non-HTML or unsafe requests', async () => {
    harness = await startHarness();
    const cases = [
      { url: '/assets/missing-123.js', headers: HTML },
      { url: '/assets/missing-123.js' },
      { url: '/api/nope', headers: HTML },
      { url: '/bff/nope', headers: HTML },
      { url: '/webhooks/nope', headers: HTML },
      { url: '/projects', headers: { accept: 'application/json' } },
      { url: '/favicon-missing.ico', headers: { accept: 'image/*' } },
    ];
    for (const request of cases) {
      const response = await harness.app.inject(request);
      expect(response.statusCode, request.url).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    const post = await harness.app.inject({
      method: 'POST',
      url: '/projects',
      headers: HTML,
      payload: {},
    });
    expect(post.statusCode).toBe(404);
  });

  it('without a build the app still runs (API and BFF) and says 404 for pages', async () => {
    harness = await startHarness({ staticFiles: {} });
    expect((await harness.app.inject({ url: '/', headers: HTML })).statusCode).toBe(404);
    expect((await harness.app.inject({ url: '/bff/config' })).statusCode).toBe(200);
  });
});

describe('static SPA: precompressed assets, no source maps', () => {
  const script = `export const app = ${JSON.stringify('cutroom '.repeat(400))};\n`;
  const files = {
    'index.html': `<!doctype html><title>Cutroom</title><script type="module" src="/assets/app-abc123.js"></script>${'<!-- pad -->'.repeat(60)}`,
    'assets/app-abc123.js': script,
    'assets/app-abc123.js.map': '{"version":3,"sources":["src/secret-logic.ts"]}',
  };

  it('sends the brotli or gzip sibling the browser accepts, with Vary; identity otherwise', async () => {
    harness = await startHarness({ staticFiles: files });
    const { precompressDir } = await import('./client-assets.ts');
    await precompressDir(harness.staticDir);
    const get = (acceptEncoding?: string) =>
      harness!.app.inject({
        url: '/assets/app-abc123.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    // The SPA fallback (index.html) is precompressed too.
    const page = await harness.app.inject({
      url: '/projects',
      headers: { ...HTML, 'accept-encoding': 'br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(files['index.html']);
  });

  it('never serves source maps', async () => {
    harness = await startHarness({ staticFiles: files });
    const map = await harness.app.inject({ url: '/assets/app-abc123.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret-logic');
  });
});

describe('static SPA: a deep link preloads its route chunks', () => {
  const split = '?tsr-split=component---loader';
  const files = {
    'index.html':
      '<!doctype html><html><head><title>Cutroom</title><script type="module" src="/assets/index-1.js"></script></head><body></body></html>',
    'assets/index-1.js': 'export {};',
    '.vite/manifest.json': JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true },
      [`src/routes/_app.tsx${split}`]: { file: 'assets/_app-1.js' },
      [`src/routes/_app/projects/index.tsx${split}`]: { file: 'assets/projects-1.js' },
    }),
  };

  it('names the route and its layout in modulepreload links, compressed, with a working ETag', async () => {
    harness = await startHarness({ staticFiles: files });
    const response = await harness.app.inject({
      url: '/projects',
      headers: { ...HTML, 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    const body = brotliDecompressSync(response.rawPayload).toString();
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/_app-1.js">');
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/projects-1.js">');
    // The session is fetched with the document; the list only for a signed-in visitor (this one
    // is signed out: the login screen never asks for it).
    expect(body).toContain('<link rel="preload" as="fetch" crossorigin href="/bff/session">');
    expect(body).not.toContain('/api/v1/');
    const again = await harness.app.inject({
      url: '/projects',
      headers: { ...HTML, 'accept-encoding': 'br', 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // Signed in, the list's first page comes with the document (its own document and ETag).
    const { cookie } = await harness.login();
    const signedIn = await harness.app.inject({ url: '/projects', headers: { ...HTML, cookie } });
    expect(signedIn.body).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/v1/projects?offset=0&amp;limit=10">',
    );
    expect(signedIn.headers.etag).not.toBe(response.headers.etag);
    const plain = await harness.app.inject({ url: '/somewhere/else', headers: HTML });
    expect(plain.body).not.toContain('modulepreload');
    expect(plain.body).not.toContain('/api/v1/');
    expect(plain.body).toContain('<title>Cutroom</title>');
  });
});
