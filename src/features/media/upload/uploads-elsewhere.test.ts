import { describe, expect, it } from 'vitest';
import { FakeLocks } from '@/test/fake-tabs.ts';
import { UploadsElsewhere } from './uploads-elsewhere.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Two tabs of one browser, each with its uploads, sharing the browser's locks. */
function tabs() {
  const locks = new FakeLocks();
  const changes = { a: 0, b: 0 };
  const a = new UploadsElsewhere(locks, () => (changes.a += 1));
  const b = new UploadsElsewhere(locks, () => (changes.b += 1));
  return { a, b, changes };
}

describe('uploads open in another tab', () => {
  it('a tab sending an upload has it; the other neither lists it nor sends it again', async () => {
    const { a, b } = tabs();
    expect(await a.hold('file-1')).toBe(true);
    // Holding it twice in the same tab is fine (a retry, a resume).
    expect(await a.hold('file-1')).toBe(true);
    await b.check(['file-1', 'file-2']);
    expect(b.has('file-1')).toBe(true);
    expect(b.has('file-2')).toBe(false);
    expect(await b.hold('file-1')).toBe(false);
    expect(await b.hold('file-2')).toBe(true);
    expect(a.has('file-1')).toBe(false);
  });

  it('when that tab lets go (finished, cancelled, closed), the upload is the other tab’s again', async () => {
    const { a, b, changes } = tabs();
    await a.hold('file-1');
    await b.check(['file-1']);
    const before = changes.b;
    a.release('file-1');
    await settle();
    expect(b.has('file-1')).toBe(false);
    expect(changes.b).toBeGreaterThan(before);
    expect(await b.hold('file-1')).toBe(true);
  });

  it('a tab whose manager goes away lets go of its uploads', async () => {
    const { a, b } = tabs();
    await a.hold('file-1');
    a.dispose();
    await settle();
    await b.check(['file-1']);
    expect(b.has('file-1')).toBe(false);
    expect(await b.hold('file-1')).toBe(true);
  });

  it('without Web Locks, every upload is this tab’s', async () => {
    const none = new UploadsElsewhere(undefined, () => undefined);
    expect(await none.hold('file-1')).toBe(true);
    await none.check(['file-1']);
    expect(none.has('file-1')).toBe(false);
  });
});
