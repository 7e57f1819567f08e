/**
 * WAV files of 32-bit float samples (WAVE_FORMAT_IEEE_FLOAT, with the `fact` chunk the format asks
 * for): values past ±1 are kept as they are, so a mix over 0 dBFS reaches the listener's meters.
 */
export function encodeWavFloat(
  samples: Float32Array,
  sampleRate: number,
  channels = 1,
): Uint8Array<ArrayBuffer> {
  const dataBytes = samples.length * 4;
  const header = 12 + 26 + 12 + 8;
  const bytes = new Uint8Array(header + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string): void => {
    for (let i = 0; i < text.length; i += 1) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, bytes.length - 8, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 18, true);
  view.setUint16(20, 3, true); // IEEE float
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * 4, true);
  view.setUint16(32, channels * 4, true);
  view.setUint16(34, 32, true);
  view.setUint16(36, 0, true);
  ascii(38, 'fact');
  view.setUint32(42, 4, true);
  view.setUint32(46, samples.length / channels, true);
  ascii(50, 'data');
  view.setUint32(54, dataBytes, true);
  for (let i = 0; i < samples.length; i += 1) view.setFloat32(header + i * 4, samples[i]!, true);
  return bytes;
}

/** The samples and rate of a WAV written by encodeWavFloat (tests read answers back with it). */
export function decodeWavFloat(bytes: Uint8Array): { sampleRate: number; samples: Float32Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (offset: number, length: number): string =>
    String.fromCharCode(...bytes.subarray(offset, offset + length));
  if (text(0, 4) !== 'RIFF' || text(8, 4) !== 'WAVE') throw new Error('Not a WAV file.');
  let offset = 12;
  let sampleRate = 0;
  let format = 0;
  while (offset + 8 <= bytes.length) {
    const id = text(offset, 4);
    const size = view.getUint32(offset + 4, true);
    if (id === 'fmt ') {
      format = view.getUint16(offset + 8, true);
      sampleRate = view.getUint32(offset + 12, true);
    } else if (id === 'data') {
      if (format !== 3) throw new Error(`WAV format ${format} is not 32-bit float.`);
      const samples = new Float32Array(size / 4);
      for (let i = 0; i < samples.length; i += 1) {
        samples[i] = view.getFloat32(offset + 8 + i * 4, true);
      }
      return { sampleRate, samples };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('WAV file without data.');
}
