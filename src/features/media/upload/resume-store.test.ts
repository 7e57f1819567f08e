import { describe, expect, it } from 'vitest';
import {
  createResumeStore,
  fingerprintOf,
  partCount,
  partSizeFor,
  RESUME_STORAGE_KEY,
  type KeyValueStorage,
  type PendingUpload,
} from './resume-store.ts';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const file = { name: 'talk.mp4', size: 42 * 1024 * 1024, type: 'video/mp4', lastModified: 1700 };

function pending(overrides: Partial<PendingUpload> = {}): PendingUpload {
  return {
    fingerprint: fingerprintOf(file, 'org_a'),
    organizationId: 'org_a',
    ...file,
    folderId: null,
    storageKey: 'uploads/org_a/1/talk.mp4',
    uploadId: 'mpu_1',
    partSize: 5 * 1024 * 1024,
    startedAt: new Date(0).toISOString(),
    expiresAt: new Date(10_000).toISOString(),
    ...overrides,
  };
}

describe('resume store', () => {
  it('finds an unfinished upload by the file fingerprint, per workspace', () => {
    const store = createResumeStore(memoryStorage(), () => 5_000);
    store.save(pending());
    store.save(pending({ fingerprint: fingerprintOf(file, 'org_b'), organizationId: 'org_b' }));
    expect(store.find(fingerprintOf(file, 'org_a'))?.uploadId).toBe('mpu_1');
    expect(store.find(fingerprintOf({ ...file, lastModified: 1701 }, 'org_a'))).toBeUndefined();
    expect(store.list('org_a')).toHaveLength(1);
    store.forget(fingerprintOf(file, 'org_a'));
    expect(store.list('org_a')).toHaveLength(0);
    expect(store.list('org_b')).toHaveLength(1);
  });

  it('replaces the record of the same file and drops expired or malformed ones', () => {
    const storage = memoryStorage();
    let now = 5_000;
    const store = createResumeStore(storage, () => now);
    store.save(pending());
    store.save(pending({ uploadId: 'mpu_2' }));
    expect(store.list('org_a').map((upload) => upload.uploadId)).toEqual(['mpu_2']);
    now = 20_000;
    expect(store.list('org_a')).toEqual([]);
    storage.setItem(RESUME_STORAGE_KEY, '{not json');
    expect(store.list('org_a')).toEqual([]);
    storage.setItem(RESUME_STORAGE_KEY, JSON.stringify([{ uploadId: 3 }]));
    expect(store.list('org_a')).toEqual([]);
  });
});

describe('part size', () => {
  const MIB = 1024 * 1024;
  it('never goes under 5 MiB and grows with the file', () => {
    expect(partSizeFor(1)).toBe(5 * MIB);
    expect(partSizeFor(40 * MIB)).toBe(5 * MIB);
    expect(partSizeFor(200 * MIB)).toBe(8 * MIB);
    expect(partSizeFor(600 * MIB)).toBe(16 * MIB);
    expect(partSizeFor(1024 * MIB)).toBe(32 * MIB);
    expect(partCount(1024 * MIB, partSizeFor(1024 * MIB))).toBe(32);
  });

  it('keeps a huge file within 10 000 parts', () => {
    const size = 50 * 1024 * MIB;
    expect(partCount(size, partSizeFor(size))).toBeLessThanOrEqual(10_000);
    expect(partCount(0, 5 * MIB)).toBe(1);
  });
});
