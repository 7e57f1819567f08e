import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { canonicalJson, checkIdempotencyKey, IdempotencyStore } from './idempotency.ts';

describe('canonicalJson', () => {
  it('ignores key order and undefined values', () => {
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: 3 }], u: undefined })).toBe(
      canonicalJson({ a: [1, { c: 3, d: 2 }], b: 1 }),
    );
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
  });
});

describe('checkIdempotencyKey', () => {
  it('accepts 8-200 chars of [A-Za-z0-9._:-] and absent keys', () => {
    expect(checkIdempotencyKey(null)).toBeNull();
    expect(checkIdempotencyKey('abc.DEF_1:2-3')).toBe('abc.DEF_1:2-3');
    for (const bad of ['1234567', 'x'.repeat(201), 'with space', 'slash/key1', 'ümlaut-key']) {
      expect(() => checkIdempotencyKey(bad)).toThrow(ApiError);
    }
  });
});

describe('IdempotencyStore', () => {
  const response = (body: string) => ({ status: 200, body, headers: {} });

  it('replays, conflicts, and scopes by organization and operation', async () => {
    const store = new IdempotencyStore();
    const scope = { organizationId: 'o1', operation: 'op', key: 'key-00001', input: { a: 1 } };
    let calls = 0;
    const produce = async () => response(`n${++calls}`);
    expect((await store.run(scope, produce)).replayed).toBe(false);
    const replay = await store.run(scope, produce);
    expect(replay).toEqual({ response: response('n1'), replayed: true });
    await expect(store.run({ ...scope, input: { a: 2 } }, produce)).rejects.toMatchObject({
      status: 409,
      code: 'idempotency_conflict',
    });
    expect((await store.run({ ...scope, organizationId: 'o2' }, produce)).replayed).toBe(false);
    expect((await store.run({ ...scope, operation: 'other' }, produce)).replayed).toBe(false);
    expect(calls).toBe(3);
  });

  it('does not store failures', async () => {
    const store = new IdempotencyStore();
    const scope = { organizationId: 'o', operation: 'op', key: 'key-00002', input: {} };
    await store.run(scope, async () => ({ status: 400, body: 'bad', headers: {} }));
    expect((await store.run(scope, async () => response('ok'))).replayed).toBe(false);
  });
});
