import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Sealed tokens: AES-256-GCM with a key derived per secret by HKDF-SHA256, an id per key so the
 * secret can be rotated (the first key seals, every key unseals), and an expiry inside the sealed
 * payload. Format: `<kid>.<iv>.<ciphertext>.<tag>`, each part base64url.
 */
export interface SealKey {
  readonly id: string;
  readonly key: Buffer;
}

const SALT = 'cutroom-session-v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function deriveSealKeys(secrets: readonly string[]): SealKey[] {
  if (secrets.length === 0) throw new Error('At least one session secret is needed.');
  return secrets.map((secret) => ({
    id: Buffer.from(hkdfSync('sha256', secret, SALT, 'cutroom-session-key-id', 6)).toString(
      'base64url',
    ),
    key: Buffer.from(hkdfSync('sha256', secret, SALT, 'cutroom-session-aes-256-gcm', 32)),
  }));
}

const aad = (keyId: string): Buffer => Buffer.from(`${SALT}.${keyId}`);

/** Seals `data` until `expiresAt` (unix seconds) with the first key. */
export function seal(data: unknown, expiresAt: number, keys: readonly SealKey[]): string {
  const sealKey = keys[0];
  if (!sealKey) throw new Error('No sealing key.');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealKey.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(sealKey.id));
  const plain = Buffer.from(JSON.stringify({ exp: expiresAt, d: data }));
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [
    sealKey.id,
    iv.toString('base64url'),
    ciphertext.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
  ].join('.');
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Opens a token sealed by any of `keys`; null when it is malformed, tampered with, sealed with an
 * unknown key, or expired at `nowSeconds`.
 */
export function unseal(
  token: string,
  keys: readonly SealKey[],
  nowSeconds: number,
): { data: unknown; expiresAt: number } | null {
  if (token.length > 4096) return null;
  const parts = token.split('.');
  if (parts.length !== 4 || !parts.every((part) => BASE64URL.test(part))) return null;
  const [keyId, ivText, cipherText, tagText] = parts as [string, string, string, string];
  const sealKey = keys.find((candidate) => candidate.id === keyId);
  if (!sealKey) return null;
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return null;
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey.key, iv, {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(aad(sealKey.id));
    decipher.setAuthTag(tag);
    plain = Buffer.concat([
      decipher.update(Buffer.from(cipherText, 'base64url')),
      decipher.final(),
    ]);
  } catch {
    return null;
  }
  let envelope: unknown;
  try {
    envelope = JSON.parse(plain.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof envelope !== 'object' || envelope === null) return null;
  const { exp, d } = envelope as { exp?: unknown; d?: unknown };
  if (typeof exp !== 'number' || !(exp > nowSeconds)) return null;
  return { data: d, expiresAt: exp };
}
