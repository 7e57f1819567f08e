import { afterEach, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE } from './static-spa.ts';
import { type Harness, startHarness } from './test-support/bff-harness.ts';

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
