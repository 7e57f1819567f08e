import { describe, expect, it } from 'vitest';
import { decodeWavChunk } from './sound-decode.ts';
import { readWav, WavFormatError } from './wav-samples.ts';

function wav(
  samples: number[],
  options: { sampleRate?: number; bits?: 16 | 32; extra?: boolean } = {},
) {
  const { sampleRate = 24000, bits = 32, extra = false } = options;
  const width = bits / 8;
  const data = samples.length * width;
  // An odd-sized chunk before the format, padded to even: the walk skips it.
  const list = extra ? 8 + 3 + 1 : 0;
  const buffer = new ArrayBuffer(12 + list + 24 + 8 + data);
  const view = new DataView(buffer);
  const put = (at: number, text: string) =>
    [...text].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  put(0, 'RIFF');
  view.setUint32(4, buffer.byteLength - 8, true);
  put(8, 'WAVE');
  let at = 12;
  if (extra) {
    put(at, 'LIST');
    view.setUint32(at + 4, 3, true);
    at += 12;
  }
  put(at, 'fmt ');
  view.setUint32(at + 4, 16, true);
  view.setUint16(at + 8, bits === 32 ? 3 : 1, true);
  view.setUint16(at + 10, 1, true);
  view.setUint32(at + 12, sampleRate, true);
  view.setUint32(at + 16, sampleRate * width, true);
  view.setUint16(at + 20, width, true);
  view.setUint16(at + 22, bits, true);
  at += 24;
  put(at, 'data');
  view.setUint32(at + 4, data, true);
  at += 8;
  samples.forEach((value, i) =>
    bits === 32
      ? view.setFloat32(at + i * 4, value, true)
      : view.setInt16(at + i * 2, Math.round(value * 32767), true),
  );
  return buffer;
}

describe('reading the WAV of the preview sound', () => {
  it('reads 32-bit float samples as they are, past full scale too', () => {
    const { sampleRate, samples } = readWav(wav([0, 0.5, -1.5, 1.25], { extra: true }));
    expect(sampleRate).toBe(24000);
    expect([...samples]).toEqual([0, 0.5, -1.5, 1.25]);
  });

  it('reads 16-bit PCM', () => {
    const { samples } = readWav(wav([0.5, -0.5], { bits: 16, sampleRate: 8000 }));
    expect(samples[0]).toBeCloseTo(0.5, 3);
    expect(samples[1]).toBeCloseTo(-0.5, 3);
  });

  it('refuses what is not a WAV', () => {
    expect(() => readWav(new TextEncoder().encode('OggS....').buffer as ArrayBuffer)).toThrow(
      WavFormatError,
    );
  });

  it("gives a chunk's samples and its meter's block peaks (10 ms)", () => {
    const samples = Array.from({ length: 480 }, (_, i) => (i === 300 ? 1.5 : 0.1));
    const chunk = decodeWavChunk(wav(samples));
    expect(chunk.samples.length).toBe(480);
    expect(chunk.peaks.length).toBe(2);
    expect(chunk.peaks[0]).toBeCloseTo(0.1);
    expect(chunk.peaks[1]).toBeCloseTo(1.5);
  });
});
