import { describe, expect, it } from 'vitest';
import { testEntry, testRevision } from '../testing/queue-fixtures.ts';
import {
  EMPTY_QUEUE,
  fingerprintOf,
  pollingDelayMs,
  reduceQueue,
  withRevision,
  type QueueEvent,
} from './queue-snapshot.ts';

const page = (entries = [testEntry()], read = entries.length, total = read): QueueEvent => ({
  kind: 'page',
  chunk: { entries, failed: [], progress: { read, total } },
});

describe('the queue snapshot', () => {
  it('gathers pages after naming its source, and is complete when the reading ends', () => {
    const a = testEntry();
    const b = testEntry();
    let snapshot = reduceQueue(EMPTY_QUEUE, { kind: 'source', source: 'projects' });
    snapshot = reduceQueue(snapshot, page([a], 1, 2));
    expect(snapshot).toMatchObject({ source: 'projects', complete: false, entries: [a] });
    snapshot = reduceQueue(snapshot, page([b], 2, 2));
    snapshot = reduceQueue(snapshot, { kind: 'done' });
    expect(snapshot.entries).toEqual([a, b]);
    expect(snapshot.complete).toBe(true);
    expect(snapshot.progress).toEqual({ read: 2, total: 2 });
  });

  it('counts a revision listed on two pages once, keeping the later copy', () => {
    const first = testEntry();
    const again = { ...first, latestRevision: 3 };
    const snapshot = reduceQueue(reduceQueue(EMPTY_QUEUE, page([first])), page([again]));
    expect(snapshot.entries).toEqual([again]);
  });

  it('keeps the projects that could not be read', () => {
    const failed = { project: { id: 'p', name: 'P' }, error: new Error('x') };
    const snapshot = reduceQueue(EMPTY_QUEUE, {
      kind: 'page',
      chunk: { entries: [], failed: [failed], progress: { read: 1, total: 1 } },
    });
    expect(snapshot.failed).toEqual([failed]);
  });

  it('takes in this browser’s decision, and fingerprints what the reviewer sees', () => {
    const entry = testEntry();
    const snapshot = reduceQueue(EMPTY_QUEUE, page([entry]));
    const approved = testRevision({
      id: entry.revision.id,
      status: 'plan_approved',
      updated_at: '2026-03-05T00:00:00.000Z',
    });
    const after = withRevision(snapshot, approved);
    expect(after.entries[0]?.revision).toBe(approved);
    expect(fingerprintOf(after)).not.toBe(fingerprintOf(snapshot));
    expect(withRevision(snapshot, testRevision())).toBe(snapshot);
  });

  it('polls every 15 s, backing off to 2 minutes while nothing changes (4× on the per-project lists)', () => {
    expect([0, 1, 2, 3, 4, 10].map((reads) => pollingDelayMs(reads))).toEqual([
      15_000, 30_000, 60_000, 120_000, 120_000, 120_000,
    ]);
    expect(pollingDelayMs(0, 'workspace')).toBe(15_000);
    expect(pollingDelayMs(0, 'projects')).toBe(60_000);
    expect(pollingDelayMs(5, 'projects')).toBe(480_000);
  });
});
