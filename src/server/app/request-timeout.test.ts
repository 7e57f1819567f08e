import { describe, expect, it } from 'vitest';
import { announcesBody } from './request-timeout.ts';

describe('announcesBody (RFC 9112 §6.3)', () => {
  it('is false without Content-Length and Transfer-Encoding, or with a length of 0', () => {
    expect(announcesBody({})).toBe(false);
    expect(announcesBody({ 'content-length': '0' })).toBe(false);
  });

  it('is true with a length above 0 or any Transfer-Encoding', () => {
    expect(announcesBody({ 'content-length': '12' })).toBe(true);
    expect(announcesBody({ 'transfer-encoding': 'chunked' })).toBe(true);
    expect(announcesBody({ 'content-length': '0', 'transfer-encoding': 'chunked' })).toBe(true);
  });
});
