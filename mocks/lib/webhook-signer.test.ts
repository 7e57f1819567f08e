import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from './webhook-signer.ts';

describe('signWebhook', () => {
  it('matches node:crypto HMAC-SHA256 hex over `${timestamp}.${body}`', async () => {
    const body = JSON.stringify({ id: 'evt_1', type: 'export.ready', data: { a: 'é' } });
    const expected = createHmac('sha256', 'whsec_test').update(`1700000000.${body}`).digest('hex');
    await expect(signWebhook('whsec_test', '1700000000', body)).resolves.toBe(expected);
  });

  it('matches a fixed vector', async () => {
    // printf '1700000000.{}' | openssl dgst -sha256 -hmac key
    await expect(signWebhook('key', '1700000000', '{}')).resolves.toBe(
      '9d713ed406bb7076d4123f0dc2c39d2df5c654ed4b0cd56b52c8b4c940bd63ae',
    );
  });

  it('verifies good signatures and rejects tampered ones', async () => {
    const signature = await signWebhook('s3cret', '1', '{"x":1}');
    await expect(verifyWebhook('s3cret', '1', '{"x":1}', signature)).resolves.toBe(true);
    await expect(verifyWebhook('s3cret', '1', '{"x":2}', signature)).resolves.toBe(false);
    await expect(verifyWebhook('other', '1', '{"x":1}', signature)).resolves.toBe(false);
    await expect(verifyWebhook('s3cret', '2', '{"x":1}', signature)).resolves.toBe(false);
  });
});
