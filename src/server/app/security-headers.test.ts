import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  SUBRESOURCE_CONTENT_SECURITY_POLICY,
} from './security-headers.ts';
import { type Harness, startHarness } from '../test-support/bff-harness.ts';
import { rawHttp } from '../test-support/raw-http.ts';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const EXPECTED = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

describe('security headers on every response (promise 8)', () => {
  it('the CSP is exactly the agreed policy', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(EXPECTED['content-security-policy']);
  });

  it('on SPA, assets, deep links, API, BFF, webhook, 404, 413, 415, 401, framework errors; no HSTS over http', async () => {
    harness = await startHarness();
    const { cookie, csrf } = await harness.login();
    const requests = [
      { url: '/' },
      { url: '/assets/app-abc123.js' },
      { url: '/projects/p1', headers: { accept: 'text/html' } },
      { url: '/assets/missing.js' },
      { url: '/api/v1/projects', headers: { cookie } },
      { url: '/api/v1/projects' },
      { url: '/api/v1/nope', headers: { cookie } },
      { url: '/bff/config' },
      { url: '/bff/session' },
      { url: '/bff/%zz' },
      { url: '/nope.json' },
      { method: 'POST' as const, url: '/webhooks/vcs', payload: '{}' },
      {
        method: 'POST' as const,
        url: '/api/v1/projects/batch-delete',
        headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'text/plain' },
        payload: 'x',
      },
      {
        method: 'POST' as const,
        url: '/api/v1/projects/batch-delete',
        headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
        payload: 'x'.repeat(1024 * 1024 + 1),
      },
    ];
    let documents = 0;
    for (const request of requests) {
      const response = await harness.app.inject(request);
      const html = String(response.headers['content-type']).startsWith('text/html');
      documents += html ? 1 : 0;
      // Documents carry the page policy; everything else the short "load nothing, no framing" one.
      expect(response.headers, `${request.url} (${response.statusCode})`).toMatchObject({
        ...EXPECTED,
        'content-security-policy': html
          ? EXPECTED['content-security-policy']
          : SUBRESOURCE_CONTENT_SECURITY_POLICY,
      });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
    expect(documents).toBe(2);
  });

  it('also on answers to malformed HTTP written on the raw socket', async () => {
    harness = await startHarness();
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = harness.app.server.address() as AddressInfo;
    const answer = await rawHttp(port, 'GET / HTTP/1.1\r\nHost: a\r\nBad Header\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer.toLowerCase()).toContain(`x-frame-options: deny`);
    expect(answer).toContain('"code":"invalid_request"');
  });

  it('HSTS over https (PUBLIC_URL https://)', async () => {
    harness = await startHarness({ env: { PUBLIC_URL: 'https://cutroom.example' } });
    const response = await harness.app.inject({ url: '/bff/config' });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});
