import { describe, expect, it } from 'vitest';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';
import { testEntry, testRevision } from '../testing/queue-fixtures.ts';
import {
  crawlProjects,
  workspacePages,
  type CrawlSource,
  type ProjectRef,
  type QueueChunk,
} from './queue-pagers.ts';

async function collect(chunks: AsyncIterable<QueueChunk>): Promise<QueueChunk[]> {
  const out: QueueChunk[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** `count` projects, every third without a plan, each with two revisions. */
function fakeService(count: number, { failing = new Set<string>() } = {}) {
  const projects: ProjectRef[] = Array.from({ length: count }, (_, i) => ({
    id: `p${i}`,
    name: `Project ${i}`,
  }));
  const calls: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let pagesListed = 0;
  const source: CrawlSource = {
    async listProjects(offset, limit) {
      // A page is listed only when no project request is under way.
      calls.push(`list ${offset} (in flight ${inFlight})`);
      pagesListed += 1;
      await tick();
      const page = projects.slice(offset, offset + limit);
      return { projects: page, total: count, hasMore: offset + page.length < count };
    },
    async listRevisions(project) {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      // Later projects answer sooner: results arrive out of order.
      await new Promise((resolve) => setTimeout(resolve, 5 - (Number(project.id.slice(1)) % 5)));
      inFlight -= 1;
      if (failing.has(project.id)) throw new Error(`boom ${project.id}`);
      if (Number(project.id.slice(1)) % 3 === 2) return null;
      const revisions: FacelessPlanRevision[] = [1, 2].map((n) =>
        testRevision({
          project_id: project.id,
          revision: n,
          status: n === 2 ? 'draft' : 'complete',
        }),
      );
      return revisions;
    },
  };
  return {
    source,
    calls,
    stats: () => ({ maxInFlight, pagesListed }),
  };
}

describe('the per-project fallback pager', () => {
  it('reads every project, never more than one page of project requests at once', async () => {
    const service = fakeService(23);
    const chunks = await collect(crawlProjects(service.source, { pageSize: 10, flushMs: 0 }));
    expect(service.stats()).toEqual({ maxInFlight: 10, pagesListed: 3 });
    expect(service.calls).toEqual([
      'list 0 (in flight 0)',
      'list 10 (in flight 0)',
      'list 20 (in flight 0)',
    ]);
    const entries = chunks.flatMap((chunk) => chunk.entries);
    // Projects 2, 5, 8, … have no plan; the others give two revisions each.
    const withPlans = Array.from({ length: 23 }, (_, i) => i).filter((i) => i % 3 !== 2);
    expect(new Set(entries.map((entry) => entry.projectId))).toEqual(
      new Set(withPlans.map((i) => `p${i}`)),
    );
    expect(entries).toHaveLength(withPlans.length * 2);
    const second = entries.find(
      (entry) => entry.projectId === 'p0' && entry.revision.revision === 2,
    );
    expect(second?.previous?.revision).toBe(1);
    expect(second?.latestRevision).toBe(2);
    expect(second?.projectName).toBe('Project 0');
    expect(chunks.at(-1)?.progress).toEqual({ read: 23, total: 23 });
  });

  it('hands the first result on at once, then gathers results for flushMs', async () => {
    const service = fakeService(10);
    let clock = 0;
    const chunks = await collect(
      crawlProjects(service.source, { pageSize: 10, flushMs: 1000, now: () => clock }),
    );
    // The first project with a plan comes out alone; the rest together at the end of the page.
    expect(chunks).toHaveLength(2);
    expect(new Set(chunks[0]?.entries.map((e) => e.projectId)).size).toBe(1);
    clock = 5000;
    const later = await collect(
      crawlProjects(fakeService(10).source, { pageSize: 10, flushMs: 0, now: () => (clock += 1) }),
    );
    expect(later.length).toBeGreaterThan(2);
  });

  it('reports a project it could not read and carries on with the others', async () => {
    const service = fakeService(6, { failing: new Set(['p1']) });
    const chunks = await collect(crawlProjects(service.source, { pageSize: 4, flushMs: 0 }));
    const failed = chunks.flatMap((chunk) => chunk.failed);
    expect(failed.map((f) => f.project.id)).toEqual(['p1']);
    expect(String(failed[0]?.error)).toContain('boom p1');
    expect(new Set(chunks.flatMap((c) => c.entries).map((e) => e.projectId))).toEqual(
      new Set(['p0', 'p3', 'p4']),
    );
  });

  it('stops when aborted, and ends on a workspace without projects', async () => {
    const controller = new AbortController();
    const service = fakeService(30);
    const seen: QueueChunk[] = [];
    for await (const chunk of crawlProjects(service.source, {
      pageSize: 10,
      flushMs: 0,
      signal: controller.signal,
    })) {
      seen.push(chunk);
      controller.abort();
    }
    expect(seen).toHaveLength(1);
    expect(service.stats().pagesListed).toBe(1);
    const empty = await collect(crawlProjects(fakeService(0).source));
    expect(empty).toEqual([{ entries: [], failed: [], progress: { read: 0, total: 0 } }]);
  });
});

describe('the workspace list pager', () => {
  it('asks for a small first page, then full pages, until there are no more', async () => {
    const all = Array.from({ length: 130 }, () => testEntry());
    const asked: Array<[number, number]> = [];
    const chunks = await collect(
      workspacePages(async (offset, limit) => {
        asked.push([offset, limit]);
        const entries = all.slice(offset, offset + limit);
        return { entries, total: all.length, hasMore: offset + entries.length < all.length };
      }),
    );
    expect(asked).toEqual([
      [0, 25],
      [25, 100],
      [125, 100],
    ]);
    expect(chunks.flatMap((chunk) => chunk.entries)).toEqual(all);
    expect(chunks.map((chunk) => chunk.progress)).toEqual([
      { read: 25, total: 130 },
      { read: 125, total: 130 },
      { read: 130, total: 130 },
    ]);
  });
});
