import { describe, expect, it } from 'vitest';
import { deriveSealKeys, seal, unseal } from './session-seal.ts';

const OLD = 'old-secret-0123456789-0123456789-abcdef';
const NEW = 'new-secret-0123456789-0123456789-abcdef';
const NOW = 1_700_000_000;

describe('session-seal', () => {
  it('round-trips data until the expiry inside the sealed payload', () => {
    const keys = deriveSealKeys([NEW]);
    const token = seal({ key: 'vcs_secret_key' }, NOW + 60, keys);
    expect(unseal(token, keys, NOW)).toEqual({
      data: { key: 'vcs_secret_key' },
      expiresAt: NOW + 60,
    });
    expect(unseal(token, keys, NOW + 60)).toBeNull();
    expect(unseal(token, keys, NOW + 3600)).toBeNull();
  });

  it('encrypts: the sealed token does not contain the data in clear or base64', () => {
    const keys = deriveSealKeys([NEW]);
    const token = seal({ key: 'vcs_secret_key' }, NOW + 60, keys);
    expect(token).not.toContain('vcs_secret_key');
    expect(Buffer.from(token.split('.')[2] ?? '', 'base64url').toString()).not.toContain(
      'vcs_secret',
    );
  });

  it('refuses a tampered token (any bit of iv, ciphertext, tag or key id)', () => {
    const keys = deriveSealKeys([NEW]);
    const token = seal({ key: 'k' }, NOW + 60, keys);
    const parts = token.split('.');
    for (let index = 0; index < parts.length; index += 1) {
      const bytes = Buffer.from(parts[index] as string, 'base64url');
      bytes[0] = (bytes[0] as number) ^ 1;
      const tampered = [...parts];
      tampered[index] = bytes.toString('base64url');
      expect(unseal(tampered.join('.'), keys, NOW)).toBeNull();
    }
    expect(unseal(`${token}x`, keys, NOW)).toBeNull();
    expect(unseal('not-a-token', keys, NOW)).toBeNull();
    expect(unseal('', keys, NOW)).toBeNull();
  });

  it('rotation: the first secret seals, every listed secret unseals, removed ones do not', () => {
    const oldKeys = deriveSealKeys([OLD]);
    const rotated = deriveSealKeys([NEW, OLD]);
    const oldToken = seal({ n: 1 }, NOW + 60, oldKeys);
    expect(unseal(oldToken, rotated, NOW)?.data).toEqual({ n: 1 });
    const newToken = seal({ n: 2 }, NOW + 60, rotated);
    expect(newToken.split('.')[0]).toBe(rotated[0]?.id);
    expect(unseal(newToken, deriveSealKeys([NEW]), NOW)?.data).toEqual({ n: 2 });
    expect(unseal(oldToken, deriveSealKeys([NEW]), NOW)).toBeNull();
  });

  it('derives a distinct key id and key per secret', () => {
    const [a, b] = deriveSealKeys([OLD, NEW]);
    expect(a?.id).not.toBe(b?.id);
    expect(a?.key.equals(b?.key ?? Buffer.alloc(0))).toBe(false);
    expect(a?.key.length).toBe(32);
  });
});
