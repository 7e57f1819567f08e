/**
 * Speech from a transcript: each word of an asset's transcript (`Workspace.speech`, at source
 * times) is heard from its start, in its speaker's voice, from the committed espeak-ng word bank
 * (speech/word-bank.gen.ts); between the words there is silence. A word is decoded (Opus, through
 * opusscript) the first time it is heard and kept; `loadSpeech` loads the decoder before a request
 * renders speech, since rendering itself is synchronous.
 */
import { spokenKey } from '../store/interview-script.ts';
import type { SpokenWord } from '../store/workspace.ts';
import { type AssetSound, SAMPLE_RATE } from './sound.ts';
import { WORD_BANK } from './speech/word-bank.gen.ts';
import {
  decodeWord,
  type OpusDecoderConstructor,
  voicePackets,
  type WordBank,
  WORD_BANK_RATE,
} from './speech/word-stream.ts';

if (WORD_BANK_RATE !== SAMPLE_RATE) throw new Error('The word bank is decoded at the sound rate.');

export type Speaker = keyof WordBank;

let decoder: OpusDecoderConstructor | undefined;
let loading: Promise<void> | undefined;

/** Loads the Opus decoder the words are decoded with (once). */
export function loadSpeech(): Promise<void> {
  loading ??= import('opusscript').then((module) => {
    decoder = (module.default ?? module) as unknown as OpusDecoderConstructor;
  });
  return loading;
}

/** The seconds a word lasts in a speaker's voice, or undefined when the bank lacks it. */
export function spokenSeconds(speaker: Speaker, word: string): number | undefined {
  const entry = WORD_BANK[speaker].words[spokenKey(word)];
  return entry ? entry[2] / WORD_BANK_RATE : undefined;
}

const packets = new Map<Speaker, Buffer[]>();
const decoded = new Map<string, Float32Array>();

function wordSamples(speaker: Speaker, word: string): Float32Array | undefined {
  const key = `${speaker}:${spokenKey(word)}`;
  let samples = decoded.get(key);
  if (samples) return samples;
  const voice = WORD_BANK[speaker];
  const entry = voice.words[spokenKey(word)];
  if (!entry) return undefined;
  if (!decoder) throw new Error('Speech is rendered before loadSpeech() finished.');
  let voicePacketList = packets.get(speaker);
  if (!voicePacketList) {
    voicePacketList = voicePackets(voice);
    packets.set(speaker, voicePacketList);
  }
  samples = decodeWord(decoder, voicePacketList, entry);
  decoded.set(key, samples);
  return samples;
}

const isSpeaker = (voice: string): voice is Speaker => voice in WORD_BANK;

export function transcriptSound(words: readonly SpokenWord[], length: number): AssetSound {
  const timed = [...words].sort((a, b) => a.startSeconds - b.startSeconds);
  const starts = timed.map((word) => Math.round(word.startSeconds * SAMPLE_RATE));
  return {
    kind: 'speech',
    length,
    render(from, out) {
      out.fill(0);
      const to = Math.min(from + out.length, length);
      // The first word that may still sound at `from` (no word lasts two seconds).
      let low = 0;
      let high = starts.length;
      const earliest = from - 2 * SAMPLE_RATE;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (starts[mid]! < earliest) low = mid + 1;
        else high = mid;
      }
      for (let w = low; w < timed.length && starts[w]! < to; w += 1) {
        const word = timed[w]!;
        if (!isSpeaker(word.voice)) continue;
        const samples = wordSamples(word.voice, word.text);
        if (!samples) continue;
        const start = starts[w]!;
        const first = Math.max(from, start);
        const last = Math.min(to, start + samples.length);
        for (let i = first; i < last; i += 1) out[i - from]! += samples[i - start]!;
      }
    },
  };
}
