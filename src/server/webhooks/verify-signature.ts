import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signature check (api-reference "Events"): hex HMAC-SHA256 keyed with the webhook secret
 * over `<x-service-timestamp>.<raw body bytes>`, compared in constant time; the timestamp (unix
 * seconds) must be within the tolerance of now.
 */
export const SIGNATURE_HEADER = 'x-service-signature';
export const TIMESTAMP_HEADER = 'x-service-timestamp';
export const DEFAULT_TOLERANCE_SECONDS = 300;

export type VerifyFailure =
  | 'missing_signature'
  | 'missing_timestamp'
  | 'malformed_signature'
  | 'malformed_timestamp'
  | 'stale_timestamp'
  | 'future_timestamp'
  | 'signature_mismatch';

export type VerifyResult = { ok: true } | { ok: false; reason: VerifyFailure };

export interface VerifyInput {
  secret: string;
  /** Header values as received (an array when the header was repeated). */
  signature: string | string[] | undefined;
  timestamp: string | string[] | undefined;
  rawBody: Buffer;
  nowSeconds: number;
  toleranceSeconds?: number;
}

export function computeSignature(secret: string, timestamp: string, rawBody: Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;
const UNIX_SECONDS = /^[0-9]{1,12}$/;

export function verifySignature(input: VerifyInput): VerifyResult {
  const { signature, timestamp } = input;
  if (signature === undefined || signature === '')
    return { ok: false, reason: 'missing_signature' };
  if (timestamp === undefined || timestamp === '')
    return { ok: false, reason: 'missing_timestamp' };
  if (typeof signature !== 'string' || !HEX_SHA256.test(signature)) {
    return { ok: false, reason: 'malformed_signature' };
  }
  if (typeof timestamp !== 'string' || !UNIX_SECONDS.test(timestamp)) {
    return { ok: false, reason: 'malformed_timestamp' };
  }
  const tolerance = input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const age = input.nowSeconds - Number(timestamp);
  if (age > tolerance) return { ok: false, reason: 'stale_timestamp' };
  if (age < -tolerance) return { ok: false, reason: 'future_timestamp' };

  const expected = Buffer.from(computeSignature(input.secret, timestamp, input.rawBody), 'hex');
  const received = Buffer.from(signature, 'hex');
  // Both are 32 bytes here (the regex fixed the length), as timingSafeEqual requires.
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) {
    return { ok: false, reason: 'signature_mismatch' };
  }
  return { ok: true };
}
