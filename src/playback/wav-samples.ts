/**
 * The samples of a WAV answer (the preview's sound: 32-bit float PCM, mono), read without a
 * decoder: the RIFF chunks are walked to `fmt ` and `data`. 16-bit integer PCM is read too. Only
 * the first channel is kept (the mix is mono). Values past ±1 are kept as they are.
 */

export interface WavSamples {
  sampleRate: number;
  samples: Float32Array<ArrayBuffer>;
}

export class WavFormatError extends Error {}

const text = (view: DataView, at: number) =>
  String.fromCharCode(
    view.getUint8(at),
    view.getUint8(at + 1),
    view.getUint8(at + 2),
    view.getUint8(at + 3),
  );

const PCM = 1;
const FLOAT = 3;
const EXTENSIBLE = 0xfffe;

export function readWav(bytes: ArrayBuffer): WavSamples {
  const view = new DataView(bytes);
  if (bytes.byteLength < 12 || text(view, 0) !== 'RIFF' || text(view, 8) !== 'WAVE')
    throw new WavFormatError('Not a WAV file.');
  let format: { code: number; channels: number; sampleRate: number; bits: number } | null = null;
  let at = 12;
  while (at + 8 <= bytes.byteLength) {
    const id = text(view, at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      let code = view.getUint16(body, true);
      // WAVE_FORMAT_EXTENSIBLE names the real format in its sub-format GUID's first two bytes.
      if (code === EXTENSIBLE && size >= 26) code = view.getUint16(body + 24, true);
      format = {
        code,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!format) throw new WavFormatError('The WAV file has no format before its samples.');
      const length = Math.min(size, bytes.byteLength - body);
      return { sampleRate: format.sampleRate, samples: firstChannel(view, body, length, format) };
    }
    at = body + size + (size % 2);
  }
  throw new WavFormatError('The WAV file has no samples.');
}

function firstChannel(
  view: DataView,
  offset: number,
  length: number,
  format: { code: number; channels: number; bits: number },
): Float32Array<ArrayBuffer> {
  const { code, channels, bits } = format;
  const width = bits / 8;
  const frames = Math.floor(length / (width * channels));
  const out = new Float32Array(frames);
  const stride = width * channels;
  if (code === FLOAT && bits === 32) {
    for (let i = 0; i < frames; i += 1) out[i] = view.getFloat32(offset + i * stride, true);
  } else if (code === PCM && bits === 16) {
    for (let i = 0; i < frames; i += 1) out[i] = view.getInt16(offset + i * stride, true) / 32768;
  } else {
    throw new WavFormatError(`WAV samples of ${bits} bits (format ${code}) are not read here.`);
  }
  return out;
}
