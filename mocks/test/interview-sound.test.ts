/**
 * The demo interview ("Interview: Building in Public") heard through preview-audio and seen through
 * the waveform: its words are spoken where the caption words say, its seeded pauses are silent,
 * the music bed stays when the talk's layer is muted, an item at 0 % volume is silent, the bed's
 * fade-in rises, and the mix follows the timeline's revision.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeWavFloat } from '../audio/wav.ts';
import type { SimulatorServer } from '../http-server.ts';
import { INTERVIEW_PROJECT_NAME } from '../store/seed-interview.ts';
import type { Client } from './harness.ts';
import { client, projectPath, startTestServer, timelineAt } from './harness.ts';
import type { AudioWaveform, CaptionWord, Timeline, TimelineItem } from '@/api/schema.gen.ts';

let server: SimulatorServer;
let api: Client;
let base: string;
let timeline: Timeline;
let words: CaptionWord[];

const RATE = 24_000;
/** Quieter than this RMS is silence (-80 dBFS); speech and music sit near -25 dBFS. */
const SILENCE = 1e-4;

beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
  base = await projectPath(api, INTERVIEW_PROJECT_NAME);
  timeline = await timelineAt(api, base);
  words = [];
  for (let offset = 0; ; offset += 500) {
    const page = (
      await api.get<{ words: CaptionWord[] }>(`${base}/captions/words?limit=500&offset=${offset}`)
    ).body.words;
    words.push(...page);
    if (page.length < 500) break;
  }
  words.sort((a, b) => a.startSeconds! - b.startSeconds!);
});
afterAll(async () => {
  await server.close();
});

const rms = (samples: Float32Array, from = 0, to = samples.length): number => {
  let sum = 0;
  for (let i = from; i < to; i += 1) sum += samples[i]! ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
};

async function mix(start: number, duration: number, layers?: number[]) {
  const query = new URLSearchParams({
    start_seconds: String(start),
    duration_seconds: String(duration),
  });
  for (const layer of layers ?? []) query.append('layers', String(layer));
  const response = await api.raw(`${base}/preview-audio?${query}`);
  expect(response.status).toBe(200);
  const { samples } = decodeWavFloat(new Uint8Array(await response.arrayBuffer()));
  return { samples, revision: Number(response.headers.get('x-timeline-revision')) };
}

const layerNamed = (name: string) => timeline.layers.find((layer) => layer.name === name)!;
const musicItems = (): TimelineItem[] => layerNamed('Music').items;
const underMusic = (at: number): boolean =>
  musicItems().some((item) => item.start_seconds <= at && at < item.end_seconds);

/** Gaps between consecutive words longer than `min` seconds, away from the music. */
function pauses(min: number): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  for (let i = 1; i < words.length; i += 1) {
    const start = words[i - 1]!.endSeconds!;
    const end = words[i]!.startSeconds!;
    if (end - start > min && !underMusic(start) && !underMusic(end)) out.push({ start, end });
  }
  return out;
}

describe('the interview demo', () => {
  it('is about four minutes with fillers and long pauses, and no locked layer', () => {
    const end = Math.max(...timeline.layers.flatMap((l) => l.items.map((i) => i.end_seconds)));
    expect(end).toBeGreaterThan(200);
    expect(end).toBeLessThan(280);
    expect(timeline.layers.some((layer) => layer.locked)).toBe(false);
    const text = words.map((word) => word.word.toLowerCase().replace(/[^a-z' ]/g, ''));
    for (const filler of ['um', 'uh', 'erm', 'ah', 'hmm', 'like'])
      expect(text, filler).toContain(filler);
    const joined = text.join(' ');
    expect(joined).toContain('you know');
    expect(joined).toContain('i mean');
    expect(joined).toContain('i like that'); // "like" as a verb too
    expect(pauses(0.5).length).toBeGreaterThanOrEqual(5);
    const speakers = layerNamed('Interview').items.map((item) => item.asset_id);
    expect(new Set(speakers).size).toBe(2);
    expect(speakers.every((id, i) => i === 0 || id !== speakers[i - 1])).toBe(true);
  });

  it('is silent over a seeded pause and sounds over speech', async () => {
    const pause = pauses(0.5)[0]!;
    const silent = await mix(pause.start + 0.05, pause.end - pause.start - 0.1);
    expect(rms(silent.samples)).toBeLessThan(SILENCE);
    const word = words.find(
      (w) => !underMusic(w.startSeconds!) && w.endSeconds! - w.startSeconds! > 0.25,
    )!;
    const spoken = await mix(word.startSeconds!, word.endSeconds! - word.startSeconds!);
    expect(rms(spoken.samples)).toBeGreaterThan(0.02);
  });

  it('speaks every word where its caption word is, and nothing in the gaps between them', async () => {
    const interview = layerNamed('Interview').index;
    const { samples } = await mix(60, 10, [interview]);
    const inside = words.filter((w) => w.startSeconds! >= 60 && w.endSeconds! <= 70);
    expect(inside.length).toBeGreaterThan(15);
    for (const word of inside) {
      const from = Math.round((word.startSeconds! - 60) * RATE);
      const to = Math.round((word.endSeconds! - 60) * RATE);
      expect(rms(samples, from, to), word.word).toBeGreaterThan(0.01);
    }
    for (let i = 1; i < inside.length; i += 1) {
      // Word times are whole frames: a word's sound may end up to half a frame (17 ms) off.
      const from = Math.round((inside[i - 1]!.endSeconds! - 60) * RATE) + 480;
      const to = Math.round((inside[i]!.startSeconds! - 60) * RATE) - 480;
      if (to - from > 1200) expect(rms(samples, from, to)).toBeLessThan(SILENCE);
    }
  });

  it('keeps the music bed when the talk is muted (the layers asked for)', async () => {
    const all = timeline.layers.map((layer) => layer.index);
    const withoutTalk = all.filter((index) => index !== layerNamed('Interview').index);
    const opening = musicItems()[0]!;
    const from = opening.start_seconds + 6;
    const both = await mix(from, 6, all);
    const music = await mix(from, 6, withoutTalk);
    const talk = await mix(from, 6, [layerNamed('Interview').index]);
    expect(rms(music.samples)).toBeGreaterThan(0.01);
    expect(rms(talk.samples)).toBeGreaterThan(0.01);
    // The mix is the sum of its layers.
    const sum = music.samples.map((value, i) => value + talk.samples[i]!);
    expect(Math.abs(rms(both.samples) - rms(sum))).toBeLessThan(1e-4);
  });

  it('fades the music bed in: its loudness rises second by second', async () => {
    const opening = musicItems()[0]!;
    expect(opening.audio?.fade_in_seconds).toBeGreaterThanOrEqual(3);
    const { samples } = await mix(opening.start_seconds, 4, [layerNamed('Music').index]);
    const levels = [0, 1, 2, 3].map((s) => rms(samples, s * RATE, (s + 1) * RATE));
    for (let s = 1; s < levels.length; s += 1) expect(levels[s]!).toBeGreaterThan(levels[s - 1]!);
  });

  it('the waveform of a camera is flat over a pause and not over speech', async () => {
    const pause = pauses(0.5)[1]!;
    const item = layerNamed('Interview').items.find(
      (candidate) => candidate.start_seconds <= pause.start && pause.start < candidate.end_seconds,
    )!;
    const source = (item.source_start_seconds ?? 0) + (pause.start - item.start_seconds);
    const peaks = (
      await api.get<AudioWaveform>(
        `/workspace/media/assets/${item.asset_id}/waveform?pixels_per_second=100&start_seconds=${source - 2}&duration_seconds=${pause.end - pause.start + 4}`,
      )
    ).body;
    const pixel = (seconds: number) => Math.round((seconds - (source - 2)) * 100);
    const inPause = peaks.data.slice(
      2 * pixel(source + 0.05),
      2 * pixel(source + pause.end - pause.start - 0.05),
    );
    expect(inPause.every((value) => value === 0)).toBe(true);
    const before = peaks.data.slice(0, 2 * pixel(source));
    expect(Math.max(...before)).toBeGreaterThan(10);
  });

  it('an item at 0 % volume is silent, and the mix follows the new revision', async () => {
    const t = await timelineAt(api, base);
    const item = layerNamed('Interview').items.find(
      (candidate) => candidate.start_seconds > 60 && !underMusic(candidate.start_seconds),
    )!;
    const stretch = [
      item.start_seconds + 0.2,
      Math.min(3, item.end_seconds - item.start_seconds - 0.4),
    ] as const;
    const before = await mix(...stretch);
    expect(rms(before.samples)).toBeGreaterThan(0.01);
    const applied = await api.post(`${base}/timeline/operations/batch`, {
      expected_revision: t.revision,
      operations: [
        { operation_id: 'timeline.item.audio', timeline_item_id: item.id, volume_percent: 0 },
      ],
    });
    expect(applied.status).toBe(200);
    const after = await mix(...stretch);
    expect(after.revision).toBe(t.revision + 1);
    expect(rms(after.samples)).toBeLessThan(SILENCE);
  });
});
