/**
 * Ogg Opus (RFC 7845) of a mono stretch: libopus (opusscript, WebAssembly) encodes 20 ms packets,
 * written here into Ogg pages (RFC 3533). The header's pre-skip drops the encoder's look-ahead and
 * the last page's granule position drops the padding of the last packet, so a decoder gives back
 * exactly the stretch's samples, and stretches asked for back to back play back to back.
 */
import type { SoundBytes } from './sound-bytes.ts';

const OPUS_RATE = 48_000;
const FRAME_MS = 20;
/** libopus's look-ahead (2.5 ms + 4 ms of delay compensation) in 48 kHz samples. */
const PRE_SKIP = 312;
const BITRATE = 48_000;
const PACKETS_PER_PAGE = 50;
const OPUS_SET_BITRATE = 4002;
const OPUS_SET_COMPLEXITY = 4010;

interface OpusEncoderLike {
  encode(pcm: Buffer, frameSize: number): Buffer;
  encoderCTL(ctl: number, value: number): void;
  delete(): void;
}

type OpusScriptConstructor = new (
  rate: number,
  channels: number,
  application: number,
) => OpusEncoderLike;

let opusScript: Promise<OpusScriptConstructor> | undefined;

/** Loaded on first use: only Opus answers need the codec (and the browser mock never loads it). */
function loadOpusScript(): Promise<OpusScriptConstructor> {
  opusScript ??= import('opusscript').then(
    (module) => (module.default ?? module) as unknown as OpusScriptConstructor,
  );
  return opusScript;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i += 1) {
    let crc = i << 24;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
    }
    table[i] = crc >>> 0;
  }
  return table;
})();

function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc >>> 0;
}

class OggWriter {
  private readonly pages: Uint8Array[] = [];
  private sequence = 0;

  constructor(private readonly serial: number) {}

  page(packets: readonly Uint8Array[], granule: number, flags: number): void {
    const lacing: number[] = [];
    for (const packet of packets) {
      let left = packet.length;
      while (left >= 255) {
        lacing.push(255);
        left -= 255;
      }
      lacing.push(left);
    }
    if (lacing.length > 255) throw new Error('An Ogg page holds at most 255 segments.');
    const bodyLength = packets.reduce((sum, packet) => sum + packet.length, 0);
    const page = new Uint8Array(27 + lacing.length + bodyLength);
    const view = new DataView(page.buffer);
    page.set([0x4f, 0x67, 0x67, 0x53]); // OggS
    page[4] = 0;
    page[5] = flags;
    view.setBigInt64(6, BigInt(granule), true);
    view.setUint32(14, this.serial, true);
    view.setUint32(18, this.sequence, true);
    this.sequence += 1;
    page[26] = lacing.length;
    page.set(lacing, 27);
    let offset = 27 + lacing.length;
    for (const packet of packets) {
      page.set(packet, offset);
      offset += packet.length;
    }
    view.setUint32(22, oggCrc(page), true);
    this.pages.push(page);
  }

  bytes(): Uint8Array<ArrayBuffer> {
    const total = this.pages.reduce((sum, page) => sum + page.length, 0);
    const out = new Uint8Array(total);
    let offset = 0;
    for (const page of this.pages) {
      out.set(page, offset);
      offset += page.length;
    }
    return out;
  }
}

function opusHead(inputRate: number): Uint8Array {
  const head = new Uint8Array(19);
  const view = new DataView(head.buffer);
  head.set(new TextEncoder().encode('OpusHead'));
  head[8] = 1; // version
  head[9] = 1; // channels
  view.setUint16(10, PRE_SKIP, true);
  view.setUint32(12, inputRate, true);
  view.setInt16(16, 0, true);
  head[18] = 0; // mapping family 0: mono or stereo
  return head;
}

function opusTags(): Uint8Array {
  const vendor = new TextEncoder().encode('cutroom simulator');
  const tags = new Uint8Array(8 + 4 + vendor.length + 4);
  const view = new DataView(tags.buffer);
  tags.set(new TextEncoder().encode('OpusTags'));
  view.setUint32(8, vendor.length, true);
  tags.set(vendor, 12);
  view.setUint32(12 + vendor.length, 0, true);
  return tags;
}

/** `samples` (mono, at `sampleRate`: 8, 12, 16, 24 or 48 kHz) as an Ogg Opus file. */
export async function encodeOggOpus(
  samples: Float32Array,
  sampleRate: number,
): Promise<SoundBytes> {
  const OpusScript = await loadOpusScript();
  const encoder = new OpusScript(sampleRate, 1, 2049 /* OPUS_APPLICATION_AUDIO */);
  try {
    encoder.encoderCTL(OPUS_SET_BITRATE, BITRATE);
    encoder.encoderCTL(OPUS_SET_COMPLEXITY, 5);
    const frame = (sampleRate * FRAME_MS) / 1000;
    const scale = OPUS_RATE / sampleRate;
    const preSkipHere = PRE_SKIP / scale;
    // Enough frames to flush the look-ahead past the last sample.
    const frames = Math.ceil((samples.length + preSkipHere) / frame);
    const ogg = new OggWriter(0x43757472);
    ogg.page([opusHead(sampleRate)], 0, 0x02);
    ogg.page([opusTags()], 0, 0);
    const pcm = new Int16Array(frame);
    const finalGranule = PRE_SKIP + samples.length * scale;
    let packets: Uint8Array[] = [];
    for (let f = 0; f < frames; f += 1) {
      for (let i = 0; i < frame; i += 1) {
        const value = samples[f * frame + i] ?? 0;
        pcm[i] = Math.max(-32768, Math.min(32767, Math.round(value * 32767)));
      }
      packets.push(
        Uint8Array.from(
          encoder.encode(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength), frame),
        ),
      );
      const last = f === frames - 1;
      if (packets.length === PACKETS_PER_PAGE || last) {
        const granule = last ? finalGranule : (f + 1) * frame * scale;
        ogg.page(packets, granule, last ? 0x04 : 0);
        packets = [];
      }
    }
    return { bytes: ogg.bytes(), contentType: 'audio/ogg' };
  } finally {
    encoder.delete();
  }
}
