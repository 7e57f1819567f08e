/**
 * The simulator's sound over real HTTP: the timeline's mix (preview-audio) as WAV and Ogg Opus,
 * following the timeline's revision, items and layers; the contract's refusals (10 s, formats);
 * and the waveform peaks of an asset, in BBC audiowaveform's shape, from the same sounds.
 */
import OpusScript from 'opusscript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeWavFloat } from '../audio/wav.ts';
import type { SimulatorServer } from '../http-server.ts';
import type { Client } from './harness.ts';
import { client, errorOf, projectPath, startTestServer, timelineAt } from './harness.ts';
import type { AudioWaveform, MediaAsset, Timeline, TimelineItem } from '@/api/schema.gen.ts';

let server: SimulatorServer;
let api: Client;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
  base = await projectPath(api, 'Product launch teaser');
});
afterAll(async () => {
  await server.close();
});

const rms = (samples: Float32Array, from = 0, to = samples.length): number => {
  let sum = 0;
  for (let i = from; i < to; i += 1) sum += samples[i]! ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
};

async function mix(
  query: string,
): Promise<{ samples: Float32Array; rate: number; revision: number }> {
  const response = await api.raw(`${base}/preview-audio?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get('content-type')).toBe('audio/wav');
  const { samples, sampleRate } = decodeWavFloat(new Uint8Array(await response.arrayBuffer()));
  return {
    samples,
    rate: sampleRate,
    revision: Number(response.headers.get('x-timeline-revision')),
  };
}

/** The packets of an Ogg stream, and the last page's granule position. */
function oggPackets(bytes: Uint8Array): { packets: Uint8Array[]; granule: number } {
  const packets: Uint8Array[] = [];
  let offset = 0;
  let granule = 0;
  let pending: number[] = [];
  while (offset < bytes.length) {
    expect(String.fromCharCode(...bytes.subarray(offset, offset + 4))).toBe('OggS');
    const view = new DataView(bytes.buffer, bytes.byteOffset + offset);
    granule = Number(view.getBigInt64(6, true));
    const segments = bytes[offset + 26]!;
    const lacing = bytes.subarray(offset + 27, offset + 27 + segments);
    let at = offset + 27 + segments;
    for (const size of lacing) {
      pending.push(...bytes.subarray(at, at + size));
      at += size;
      if (size < 255) {
        packets.push(Uint8Array.from(pending));
        pending = [];
      }
    }
    offset = at;
  }
  return { packets, granule };
}

const itemsOf = (t: Timeline): TimelineItem[] => t.layers.flatMap((layer) => layer.items);

describe('preview audio', () => {
  it('mixes the stretch as 32-bit float WAV at the current revision', async () => {
    const t = await timelineAt(api, base);
    const { samples, rate, revision } = await mix('start_seconds=2&duration_seconds=3');
    expect(rate).toBe(24_000);
    expect(samples.length).toBe(3 * 24_000);
    expect(revision).toBe(t.revision);
    expect(rms(samples)).toBeGreaterThan(0.01);
    // Past the timeline's end there is nothing to hear.
    const end = Math.max(...itemsOf(t).map((item) => item.end_seconds));
    const after = await mix(`start_seconds=${Math.ceil(end) + 5}&duration_seconds=2`);
    expect(rms(after.samples)).toBe(0);
  });

  it('plays only the layers asked for: a layer without sound is silent', async () => {
    const t = await timelineAt(api, base);
    const titles = t.layers.find((layer) => layer.name === 'Titles')!;
    const { samples } = await mix(`start_seconds=0&duration_seconds=4&layers=${titles.index}`);
    expect(rms(samples)).toBe(0);
  });

  it('refuses more than 10 seconds and unknown formats, naming the field', async () => {
    const long = await api.get(`${base}/preview-audio?start_seconds=0&duration_seconds=10.5`);
    expect(long.status).toBe(400);
    expect(errorOf(long).param).toBe('duration_seconds');
    const mp3 = await api.get(
      `${base}/preview-audio?start_seconds=0&duration_seconds=2&format=mp3`,
    );
    expect(mp3.status).toBe(400);
    expect(errorOf(mp3).param).toBe('format');
    const unknown = await api.get(
      '/projects/123e4567-e89b-42d3-a456-426614174000/preview-audio?start_seconds=0&duration_seconds=1',
    );
    expect(unknown.status).toBe(404);
  });

  it('answers Ogg Opus trimmed to the stretch, sounding like the WAV', async () => {
    const response = await api.raw(
      `${base}/preview-audio?start_seconds=2&duration_seconds=3&format=opus`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/ogg');
    const { packets, granule } = oggPackets(new Uint8Array(await response.arrayBuffer()));
    const head = packets[0]!;
    expect(String.fromCharCode(...head.subarray(0, 8))).toBe('OpusHead');
    const preSkip = new DataView(head.buffer).getUint16(10, true);
    // Granule positions count 48 kHz samples: the pre-skip plus exactly the stretch.
    expect(granule - preSkip).toBe(3 * 48_000);
    const decoder = new OpusScript(24_000, 1);
    const pcm: number[] = [];
    for (const packet of packets.slice(2)) {
      const out = decoder.decode(Buffer.from(packet));
      const view = new Int16Array(out.buffer, out.byteOffset, out.length / 2);
      for (const value of view) pcm.push(value / 32768);
    }
    decoder.delete();
    const decoded = Float32Array.from(pcm.slice(preSkip / 2, preSkip / 2 + 3 * 24_000));
    const wav = (await mix('start_seconds=2&duration_seconds=3')).samples;
    expect(rms(decoded)).toBeGreaterThan(rms(wav) * 0.7);
    expect(rms(decoded)).toBeLessThan(rms(wav) * 1.3);
  });

  it('follows the revision: a muted item leaves its stretch, and the header names the new revision', async () => {
    const t = await timelineAt(api, base);
    const sounding = itemsOf(t).filter(
      (item) => (item.type === 'audio' || item.type === 'video') && item.asset_id,
    );
    const item = sounding.find((candidate) => candidate.end_seconds - candidate.start_seconds > 1)!;
    const layer = t.layers.find((candidate) => candidate.items.includes(item))!;
    const stretch = `start_seconds=${item.start_seconds}&duration_seconds=${Math.min(2, item.end_seconds - item.start_seconds)}&layers=${layer.index}`;
    const before = await mix(stretch);
    expect(rms(before.samples)).toBeGreaterThan(0);
    const applied = await api.post(`${base}/timeline/operations/batch`, {
      expected_revision: t.revision,
      operations: [{ operation_id: 'timeline.item.audio', timeline_item_id: item.id, muted: true }],
    });
    expect(applied.status).toBe(200);
    const after = await mix(stretch);
    expect(after.revision).toBe(t.revision + 1);
    expect(rms(after.samples)).toBe(0);
  });
});

describe('waveform', () => {
  let assets: MediaAsset[];
  beforeAll(async () => {
    assets = (await api.get<{ assets: MediaAsset[] }>('/workspace/media/assets?limit=100')).body
      .assets;
  });

  it('answers BBC audiowaveform peaks at the resolution asked for', async () => {
    const asset = assets.find((candidate) => candidate.kind === 'audio')!;
    const answer = await api.get<AudioWaveform>(
      `/workspace/media/assets/${asset.id}/waveform?pixels_per_second=100&start_seconds=1&duration_seconds=4`,
    );
    expect(answer.status).toBe(200);
    const peaks = answer.body;
    expect(peaks).toMatchObject({ version: 2, channels: 1, sample_rate: 24_000, bits: 8 });
    expect(peaks.samples_per_pixel).toBe(240);
    expect(peaks.length).toBe(400);
    expect(peaks.data).toHaveLength(800);
    for (let p = 0; p < peaks.length; p += 1) {
      expect(peaks.data[2 * p]!).toBeLessThanOrEqual(peaks.data[2 * p + 1]!);
    }
    expect(Math.max(...peaks.data)).toBeGreaterThan(5);
    // The same sound at a coarser resolution: each coarse pixel holds the fine ones' extremes.
    const coarse = await api.get<AudioWaveform>(
      `/workspace/media/assets/${asset.id}/waveform?pixels_per_second=10&start_seconds=1&duration_seconds=4`,
    );
    expect(coarse.body.length).toBe(40);
    expect(coarse.body.data[1]).toBe(Math.max(...peaks.data.slice(0, 20).filter((_, i) => i % 2)));
  });

  it('refuses an image and a stretch over 100,000 pixels, naming the field', async () => {
    const image = assets.find((candidate) => candidate.kind === 'image')!;
    const refused = await api.get(`/workspace/media/assets/${image.id}/waveform`);
    expect(refused.status).toBe(400);
    expect(errorOf(refused).param).toBe('assetId');
    const video = assets.find((candidate) => (candidate.duration_seconds ?? 0) > 200)!;
    const long = await api.get(
      `/workspace/media/assets/${video.id}/waveform?pixels_per_second=1000&duration_seconds=150`,
    );
    expect(long.status).toBe(400);
    expect(errorOf(long).param).toBe('duration_seconds');
  });
});
