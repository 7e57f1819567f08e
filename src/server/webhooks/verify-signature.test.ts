import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeSignature, verifySignature, type VerifyInput } from './verify-signature.ts';

const SECRET = 'whsec_demo_cutroom';
const NOW = 1_750_000_000;
const BODY = Buffer.from(
  '{"id":"evt_1","type":"export.ready","created_at":"2025-06-15T12:00:00Z","data":{"organization_id":"org_demo"}}',
);

const signed = (overrides: Partial<VerifyInput> = {}): VerifyInput => {
  const timestamp = String(NOW);
  return {
    secret: SECRET,
    timestamp,
    signature: computeSignature(SECRET, timestamp, BODY),
    rawBody: BODY,
    nowSeconds: NOW,
    ...overrides,
  };
};

describe('verifySignature (standard vectors)', () => {
  it('computes hex HMAC-SHA256 over "<timestamp>.<raw body>"', () => {
    const expected = createHmac('sha256', SECRET).update(`${NOW}.${BODY.toString()}`).digest('hex');
    expect(computeSignature(SECRET, String(NOW), BODY)).toBe(expected);
  });

  it('valid', () => {
    expect(verifySignature(signed())).toEqual({ ok: true });
    const upper = signed();
    expect(verifySignature({ ...upper, signature: String(upper.signature).toUpperCase() })).toEqual(
      { ok: true },
    );
  });

  it('wrong secret', () => {
    const input = signed({ signature: computeSignature('whsec_other', String(NOW), BODY) });
    expect(verifySignature(input)).toEqual({ ok: false, reason: 'signature_mismatch' });
  });

  it('tampered body', () => {
    const tampered = Buffer.from(BODY.toString().replace('org_demo', 'org_evil'));
    expect(verifySignature(signed({ rawBody: tampered }))).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
  });

  it('re-serialised body (same JSON, other bytes) fails', () => {
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(BODY.toString()), null, 2));
    expect(reserialised.equals(BODY)).toBe(false);
    expect(verifySignature(signed({ rawBody: reserialised }))).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
  });

  it('timestamp changed without re-signing fails', () => {
    expect(verifySignature(signed({ timestamp: String(NOW - 1) }))).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
  });

  it('stale (older than 300 s) and future (more than 300 s ahead)', () => {
    const at = (timestamp: number) =>
      signed({
        timestamp: String(timestamp),
        signature: computeSignature(SECRET, String(timestamp), BODY),
      });
    expect(verifySignature(at(NOW - 300))).toEqual({ ok: true });
    expect(verifySignature(at(NOW + 300))).toEqual({ ok: true });
    expect(verifySignature(at(NOW - 301))).toEqual({ ok: false, reason: 'stale_timestamp' });
    expect(verifySignature(at(NOW + 301))).toEqual({ ok: false, reason: 'future_timestamp' });
  });

  it('missing headers', () => {
    expect(verifySignature(signed({ signature: undefined }))).toEqual({
      ok: false,
      reason: 'missing_signature',
    });
    expect(verifySignature(signed({ signature: '' }))).toEqual({
      ok: false,
      reason: 'missing_signature',
    });
    expect(verifySignature(signed({ timestamp: undefined }))).toEqual({
      ok: false,
      reason: 'missing_timestamp',
    });
  });

  it('non-hex signature', () => {
    expect(verifySignature(signed({ signature: 'z'.repeat(64) }))).toEqual({
      ok: false,
      reason: 'malformed_signature',
    });
    expect(verifySignature(signed({ signature: `sha256=${'a'.repeat(57)}` }))).toEqual({
      ok: false,
      reason: 'malformed_signature',
    });
  });

  it('wrong length signature', () => {
    const good = String(signed().signature);
    for (const signature of [good.slice(0, 62), `${good}00`, 'ab']) {
      expect(verifySignature(signed({ signature }))).toEqual({
        ok: false,
        reason: 'malformed_signature',
      });
    }
  });

  it('malformed timestamp (non-numeric, negative, fractional, repeated header)', () => {
    for (const timestamp of ['abc', '-1', '1.5', '1e9', ' 1750000000']) {
      expect(verifySignature(signed({ timestamp })), timestamp).toEqual({
        ok: false,
        reason: 'malformed_timestamp',
      });
    }
    expect(verifySignature(signed({ timestamp: [String(NOW), String(NOW)] }))).toEqual({
      ok: false,
      reason: 'malformed_timestamp',
    });
    expect(verifySignature(signed({ signature: ['a', 'b'] }))).toEqual({
      ok: false,
      reason: 'malformed_signature',
    });
  });
});
