import { describe, expect, it } from 'vitest';
import { BENCHMARK_PROJECTS, seedStore } from '../store/seed.ts';
import { DEMO_ORGS } from '../lib/auth.ts';

describe('benchmark projects (SIM_LARGE_TIMELINE=1)', () => {
  it('seeds 1,000 and 10,000 items over 20 layers, only when asked, leaving the rest as it was', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    const plain = seedStore(42, now).workspace(DEMO_ORGS.paid);
    const large = seedStore(42, now, { largeTimelines: true }).workspace(DEMO_ORGS.paid);
    const names = BENCHMARK_PROJECTS.map((plan) => plan.name as string);
    expect(plain.projects.some((record) => names.includes(record.project.name))).toBe(false);
    expect(large.projects.filter((record) => !names.includes(record.project.name))).toEqual(
      plain.projects,
    );
    for (const plan of BENCHMARK_PROJECTS) {
      const record = large.projects.find((candidate) => candidate.project.name === plan.name)!;
      const items = record.timeline.layers.flatMap((layer) => layer.items);
      expect(record.timeline.layers).toHaveLength(20);
      expect(Math.abs(items.length - plan.items)).toBeLessThan(plan.items * 0.02);
      for (const layer of record.timeline.layers) {
        const sorted = [...layer.items].sort((a, b) => a.start_seconds - b.start_seconds);
        for (let i = 1; i < sorted.length; i += 1)
          expect(sorted[i]!.start_seconds).toBeGreaterThanOrEqual(sorted[i - 1]!.end_seconds);
      }
    }
  });
});

describe('review queue benchmark plans (SIM_BENCH_PLANS)', () => {
  it('seeds that many faceless projects of five revisions each, none mid-run, leaving the rest as it was', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    const plain = seedStore(42, now).workspace(DEMO_ORGS.paid);
    const bench = seedStore(42, now, { benchPlans: 200 }).workspace(DEMO_ORGS.paid);
    const added = bench.projects.filter((record) =>
      record.project.name.startsWith('Benchmark plan'),
    );
    expect(added).toHaveLength(200);
    const revisions = added.flatMap((record) => record.facelessRevisions);
    expect(revisions).toHaveLength(1_000);
    expect(added.every((record) => record.kind === 'faceless')).toBe(true);
    expect(new Set(revisions.map((revision) => revision.status))).toEqual(
      new Set(['complete', 'failed', 'assets_ready', 'draft']),
    );
    // Older than the demo's own plans.
    const demoOldest = plain.projects
      .flatMap((record) => record.facelessRevisions)
      .map((revision) => revision.created_at)
      .sort()[0];
    expect(revisions.every((revision) => revision.created_at < (demoOldest ?? ''))).toBe(true);
    const unchanged = bench.projects.filter((record) => !added.includes(record));
    expect(unchanged.map((record) => record.project.id)).toEqual(
      plain.projects.map((record) => record.project.id),
    );
    expect(unchanged.map((record) => record.facelessRevisions)).toEqual(
      plain.projects.map((record) => record.facelessRevisions),
    );
  });
});
