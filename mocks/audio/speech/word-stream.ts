/**
 * The word bank's format (written by make-word-bank.ts, read by speech.ts): per speaker, the Opus
 * packets of every word (each word encoded alone, so it decodes alone), as base64 of the packets'
 * 16-bit lengths then the packets, and for each word its first packet, packet count and length.
 */

/** Samples per second the words are encoded at. */
export const ENCODE_RATE = 16_000;
/** 20 ms packets. */
export const FRAME = ENCODE_RATE / 50;
/** Samples per second the words are decoded at (the simulator's rate). */
export const WORD_BANK_RATE = 24_000;
/** The decoder gives each sample back this many samples late (libopus's 6.5 ms look-ahead). */
export const DECODER_DELAY = Math.round(0.0065 * WORD_BANK_RATE);

export interface WordBankVoice {
  /** espeak-ng voice the words were spoken in. */
  voice: string;
  packets: number;
  /** Word (spokenKey) → [first packet, packet count, samples at WORD_BANK_RATE]. */
  words: Record<string, [number, number, number]>;
  data: string;
}

export type WordBank = Record<'host' | 'guest', WordBankVoice>;

export interface OpusDecoderLike {
  decode(packet: Buffer): Buffer;
  delete(): void;
}

export type OpusDecoderConstructor = new (rate: 24_000, channels: number) => OpusDecoderLike;

/** A voice's packets, split out of its base64 once. */
export function voicePackets(voice: WordBankVoice): Buffer[] {
  const bytes = Buffer.from(voice.data, 'base64');
  const packets: Buffer[] = [];
  let offset = voice.packets * 2;
  for (let i = 0; i < voice.packets; i += 1) {
    const length = bytes.readUInt16LE(i * 2);
    packets.push(bytes.subarray(offset, offset + length));
    offset += length;
  }
  return packets;
}

/** One word's samples: its packets decoded by a fresh decoder, the decoder's delay taken out. */
export function decodeWord(
  Decoder: OpusDecoderConstructor,
  packets: readonly Buffer[],
  [first, count, length]: readonly [number, number, number],
): Float32Array {
  const decoder = new Decoder(WORD_BANK_RATE, 1);
  const out = new Float32Array(length);
  let written = 0;
  try {
    for (let i = first; i < first + count; i += 1) {
      const pcm = decoder.decode(packets[i]!);
      for (let j = 0; j + 1 < pcm.length; j += 2) {
        const at = written - DECODER_DELAY;
        if (at >= 0 && at < length) out[at] = pcm.readInt16LE(j) / 32768;
        written += 1;
      }
    }
  } finally {
    decoder.delete();
  }
  return out;
}
