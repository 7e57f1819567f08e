import { describe, expect, it } from 'vitest';
import { browserResponseHeaders, upstreamRequestHeaders } from './header-filter.ts';

const KEY = 'vcs_test_header_filter_0123456789';

describe('browserResponseHeaders', () => {
  it('keeps end-to-end headers and drops hop-by-hop ones, cookies, length and date', () => {
    expect(
      browserResponseHeaders(
        {
          'content-type': 'application/json',
          etag: '"v1"',
          'x-request-id': 'req-12345678',
          connection: 'keep-alive',
          'keep-alive': 'timeout=5',
          'transfer-encoding': 'chunked',
          'proxy-authenticate': 'Basic',
          'proxy-extra': 'x',
          'set-cookie': ['a=1'],
          'content-length': '12',
          date: 'Tue, 24 Nov 2026 05:00:00 GMT',
        },
        KEY,
      ),
    ).toEqual({ 'content-type': 'application/json', etag: '"v1"', 'x-request-id': 'req-12345678' });
  });

  it('drops the headers a Connection header names, whatever their case', () => {
    expect(
      browserResponseHeaders(
        { connection: 'Keep-Alive, X-Hop', 'x-hop': 'secret route', 'x-kept': 'yes' },
        KEY,
      ),
    ).toEqual({ 'x-kept': 'yes' });
    expect(browserResponseHeaders({ connection: 'close', 'x-kept': 'yes' }, KEY)).toEqual({
      'x-kept': 'yes',
    });
  });

  it('scrubs the key from values and from each value of a repeated header', () => {
    expect(
      browserResponseHeaders(
        {
          location: `https://service.example/x?key=${KEY}&again=${KEY}`,
          link: [`<https://a.example/${KEY}>`, '<https://b.example/>'],
        },
        KEY,
      ),
    ).toEqual({
      location: 'https://service.example/x?key=[redacted]&again=[redacted]',
      link: ['<https://a.example/[redacted]>', '<https://b.example/>'],
    });
  });
});

describe('upstreamRequestHeaders', () => {
  it('forwards only allow-listed headers, with exactly one Authorization and the request id', () => {
    expect(
      upstreamRequestHeaders(
        {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: 'Bearer from-the-browser',
          cookie: 'cutroom_session=abc',
          'idempotency-key': 'key-12345678',
        },
        KEY,
        'req-12345678',
      ),
    ).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      'idempotency-key': 'key-12345678',
      'accept-encoding': 'identity',
      'user-agent': 'cutroom-bff',
      'x-request-id': 'req-12345678',
      authorization: `Bearer ${KEY}`,
    });
  });
});
