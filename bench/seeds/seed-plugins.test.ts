/**
 * The benchmarks' seed plug-ins: each seeds what its benchmark looks for, only when asked, and
 * leaves the demo seed as it was; built as `npm start`'s simulator loads them (SIM_SEED_PLUGINS).
 */
import { describe, expect, it } from 'vitest';
import { DEMO_ORGS } from '../../mocks/lib/auth.ts';
import { loadSeedPlugins } from '../../mocks/lib/seed-plugins.ts';
import { createSimulator } from '../../mocks/simulator.ts';
import { ALL_CLIP_STATUSES } from '../../mocks/store/clip-factory.ts';
import { seedStore } from '../../mocks/store/seed.ts';
import { client, startTestServer } from '../../mocks/test/harness.ts';
import type { CaptionWord, Project } from '../../src/api/schema.gen.ts';
import { BENCH_CAPTIONS_PROJECT, createSeedPlugin as captionsPlugin } from './captions.ts';
import {
  BENCH_LONG_SOURCE_CLIPS,
  BENCH_LONG_SOURCE_NAME,
  BENCH_LONG_SOURCE_SECONDS,
  createSeedPlugin as clipsPlugin,
} from './clips.ts';
import { createSeedPlugin as reviewPlansPlugin } from './review-plans.ts';
import { seedPluginEnv } from './seed-plugins.ts';
import { BENCH_WORDS_PROJECT, createSeedPlugin as wordsPlugin } from './words-talk.ts';
import { BENCHMARK_PROJECTS, createSeedPlugin as timelinePlugin } from './timeline-projects.ts';

type WordList = { words: CaptionWord[]; pagination?: { total?: number } };

describe('the timeline benchmark projects (bench:timeline)', () => {
  it('seeds 1,000 and 10,000 items over 20 layers, only when asked, leaving the rest as it was', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    const plain = seedStore(42, now).workspace(DEMO_ORGS.paid);
    const large = seedStore(42, now, [timelinePlugin()]).workspace(DEMO_ORGS.paid);
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

describe('the clip benchmark seed (bench:clips, SIM_BENCH_CLIPS)', () => {
  it('adds 2,000 more clips, 200 of them on a 3-hour source', () => {
    const sim = createSimulator({
      seed: 42,
      seedPlugins: [clipsPlugin({ SIM_BENCH_CLIPS: '2000' })],
    });
    const workspace = sim.store.workspace('org_demo');
    const long = workspace.assets.find((asset) => asset.name === BENCH_LONG_SOURCE_NAME);
    expect(long?.duration_seconds).toBe(BENCH_LONG_SOURCE_SECONDS);
    expect(workspace.clips.length).toBeGreaterThanOrEqual(2000);
    const onLong = workspace.clips.filter((clip) => clip.source?.asset_id === long?.id);
    expect(onLong).toHaveLength(BENCH_LONG_SOURCE_CLIPS);
    for (const clip of onLong) {
      expect(clip.source?.canonical_duration_seconds).toBe(BENCH_LONG_SOURCE_SECONDS);
    }
    expect(new Set(workspace.clips.map((clip) => clip.status))).toEqual(new Set(ALL_CLIP_STATUSES));
  });

  it('adds nothing without a count', () => {
    const plain = createSimulator({ seed: 42 }).store.workspace('org_demo');
    const none = createSimulator({ seed: 42, seedPlugins: [clipsPlugin({})] }).store.workspace(
      'org_demo',
    );
    expect(none.clips).toEqual(plain.clips);
    expect(none.assets).toEqual(plain.assets);
  });
});

describe('the caption benchmark project (bench:captions, SIM_BENCH_CAPTIONS)', () => {
  it('seeds a project with exactly that many words, only when asked', async () => {
    const plain = await startTestServer();
    const bench = await startTestServer({
      seedPlugins: [captionsPlugin({ SIM_BENCH_CAPTIONS: '1200' })],
    });
    try {
      const benchApi = client(bench);
      const projects = (await benchApi.get<{ projects: Project[] }>('/projects?limit=50')).body
        .projects;
      const project = projects.find((p) => p.name === BENCH_CAPTIONS_PROJECT);
      expect(project).toBeDefined();
      const page = await benchApi.get<WordList>(
        `/projects/${project!.id}/captions/words?limit=500&offset=1000`,
      );
      expect(page.body.pagination?.total).toBe(1200);
      const common = await benchApi.get<WordList>(
        `/projects/${project!.id}/captions/words?match_text=the&limit=1`,
      );
      expect(common.body.pagination?.total).toBeGreaterThan(100);
      const plainProjects = (await client(plain).get<{ projects: Project[] }>('/projects?limit=50'))
        .body.projects;
      expect(projects.length).toBe(plainProjects.length + 1);
    } finally {
      await Promise.all([bench.close(), plain.close()]);
    }
  });
});

describe('the review queue benchmark plans (bench:review, SIM_BENCH_PLANS)', () => {
  it('seeds that many faceless projects of five revisions each, none mid-run, leaving the rest as it was', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    const plain = seedStore(42, now).workspace(DEMO_ORGS.paid);
    const bench = seedStore(42, now, [reviewPlansPlugin({ SIM_BENCH_PLANS: '200' })]).workspace(
      DEMO_ORGS.paid,
    );
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
    expect(unchanged).toEqual(plain.projects);
    const none = seedStore(42, now, [reviewPlansPlugin({})]).workspace(DEMO_ORGS.paid);
    expect(none.projects).toEqual(plain.projects);
  });
});

describe('the words benchmark talk (bench:words)', () => {
  it('seeds 10,000 timed words with 400 fillers and 100 long pauses, only when asked', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    const plain = seedStore(42, now).workspace(DEMO_ORGS.paid);
    const bench = seedStore(42, now, [wordsPlugin({ SIM_BENCH_WORDS: '10000' })]).workspace(
      DEMO_ORGS.paid,
    );
    const record = bench.projects.find(
      (candidate) => candidate.project.name === BENCH_WORDS_PROJECT(10_000),
    )!;
    expect(bench.projects.filter((candidate) => candidate !== record)).toEqual(plain.projects);
    const words = [...record.captionWords].sort((a, b) => a.startSeconds! - b.startSeconds!);
    expect(words).toHaveLength(10_000);
    expect(words.filter((word) => word.word === 'um,')).toHaveLength(400);
    const gaps = words.slice(1).map((word, i) => word.startSeconds! - words[i]!.endSeconds!);
    expect(gaps.filter((gap) => gap > 0.5)).toHaveLength(100);
    expect(Math.max(...gaps.filter((gap) => gap <= 0.5))).toBeLessThan(0.11);
    // Every word lies inside its caption item, every caption inside a take.
    const items = new Map(
      record.timeline.layers.flatMap((layer) => layer.items).map((item) => [item.id, item]),
    );
    for (const word of words) {
      const item = items.get(word.timelineItemId!)!;
      expect(word.startSeconds!).toBeGreaterThanOrEqual(item.start_seconds);
      expect(word.endSeconds!).toBeLessThanOrEqual(item.end_seconds);
    }
    const none = seedStore(42, now, [wordsPlugin({})]).workspace(DEMO_ORGS.paid);
    expect(none.projects).toEqual(plain.projects);
  });
});

describe('built for the simulator (SIM_SEED_PLUGINS)', () => {
  it('loads as npm start loads it: compiled, configured from the environment', async () => {
    const env = { ...(await seedPluginEnv(['clips'])), SIM_BENCH_CLIPS: '300' };
    expect(env.SIM_SEED_PLUGINS).toMatch(/build\/bench-seeds\/clips\.mjs$/);
    const seedPlugins = await loadSeedPlugins(env);
    const workspace = createSimulator({ seed: 42, seedPlugins }).store.workspace('org_demo');
    const plain = createSimulator({ seed: 42 }).store.workspace('org_demo');
    expect(workspace.clips.length - plain.clips.length).toBe(300);
  }, 60_000);
});
