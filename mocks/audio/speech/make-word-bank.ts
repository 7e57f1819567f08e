/**
 * Makes word-bank.gen.ts, the spoken words of the demo interview (run by hand after the script
 * changes: `npx tsx mocks/audio/speech/make-word-bank.ts`; needs espeak-ng). Each word of each
 * speaker is spoken alone by espeak-ng in the speaker's voice, trimmed to where it is heard, and
 * each word is encoded alone (a fresh encoder, so it decodes alone) into Opus packets at 12 kbps
 * (opusscript), the speaker's packets kept one after another in the repository as base64 with each
 * word's first packet, packet count and length: about 2 KB per second of speech, where WAV would
 * take thirty times as much. The simulator decodes a word when it is first heard (speech.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpusScript from 'opusscript';
import {
  INTERVIEW_SCRIPT,
  INTERVIEW_SPEAKERS,
  type InterviewSpeaker,
  PAUSE_MARK,
  spokenKey,
} from '../../store/interview-script.ts';
import {
  DECODER_DELAY,
  ENCODE_RATE,
  FRAME,
  WORD_BANK_RATE,
  type WordBankVoice,
} from './word-stream.ts';

const SPEAKING_RATE_WPM = '200';
const BITRATE = 12_000;
/** Heard: louder than this (of full scale) once smoothed. */
const THRESHOLD = 0.015;

function speak(dir: string, voice: string, word: string): Float32Array {
  const file = join(dir, 'word.wav');
  execFileSync('espeak-ng', ['-v', voice, '-s', SPEAKING_RATE_WPM, '-w', file, word]);
  const bytes = readFileSync(file);
  // espeak-ng writes 16-bit mono PCM at 22,050 Hz after a 44-byte header.
  const rate = bytes.readUInt32LE(24);
  const data = bytes.subarray(44);
  const samples = new Float32Array(data.length / 2);
  for (let i = 0; i < samples.length; i += 1) samples[i] = data.readInt16LE(i * 2) / 32768;
  return resample(samples, rate, ENCODE_RATE);
}

/** Linear resampling (espeak's sound has little above 5 kHz, well below the new Nyquist). */
function resample(samples: Float32Array, from: number, to: number): Float32Array {
  const out = new Float32Array(Math.floor((samples.length * to) / from));
  for (let i = 0; i < out.length; i += 1) {
    const at = (i * from) / to;
    const base = Math.floor(at);
    const a = samples[base] ?? 0;
    const b = samples[base + 1] ?? a;
    out[i] = a + (b - a) * (at - base);
  }
  return out;
}

/** The word without the silence espeak puts around it, faded in and out over 5 ms. */
function trim(samples: Float32Array): Float32Array {
  const window = Math.round(0.01 * ENCODE_RATE);
  const loud = (i: number): boolean => {
    let sum = 0;
    for (let j = i; j < Math.min(samples.length, i + window); j += 1) sum += samples[j]! ** 2;
    return Math.sqrt(sum / window) > THRESHOLD;
  };
  let first = 0;
  while (first < samples.length && !loud(first)) first += window / 2;
  let last = samples.length - window;
  while (last > first && !loud(last)) last -= window / 2;
  const out = samples.slice(first, Math.min(samples.length, last + window));
  const fade = Math.round(0.005 * ENCODE_RATE);
  for (let i = 0; i < fade && i < out.length; i += 1) {
    out[i]! *= i / fade;
    out[out.length - 1 - i]! *= i / fade;
  }
  return out;
}

function wordsOf(speaker: InterviewSpeaker): string[] {
  const words = new Set<string>();
  for (const turn of INTERVIEW_SCRIPT) {
    if (turn.speaker !== speaker) continue;
    for (const word of turn.text.split(/\s+/)) {
      if (word !== PAUSE_MARK && spokenKey(word) !== '') words.add(spokenKey(word));
    }
  }
  return [...words].sort();
}

/** A word's packets: the clip, then silence enough to flush the encoder's look-ahead. */
function encodeWord(clip: Float32Array): Buffer[] {
  const delay = Math.ceil((DECODER_DELAY * ENCODE_RATE) / WORD_BANK_RATE);
  const frames = Math.ceil((clip.length + delay) / FRAME);
  const encoder = new OpusScript(ENCODE_RATE, 1, OpusScript.Application.VOIP);
  encoder.setBitrate(BITRATE);
  const pcm = new Int16Array(FRAME);
  const packets: Buffer[] = [];
  for (let f = 0; f < frames; f += 1) {
    for (let i = 0; i < FRAME; i += 1) {
      const value = clip[f * FRAME + i] ?? 0;
      pcm[i] = Math.max(-32768, Math.min(32767, Math.round(value * 32767)));
    }
    packets.push(Buffer.from(encoder.encode(Buffer.from(pcm.buffer), FRAME)));
  }
  encoder.delete();
  return packets;
}

function makeVoice(dir: string, speaker: InterviewSpeaker): WordBankVoice {
  const voice = INTERVIEW_SPEAKERS[speaker].voice;
  const index: WordBankVoice['words'] = {};
  const packets: Buffer[] = [];
  let seconds = 0;
  for (const word of wordsOf(speaker)) {
    const clip = trim(speak(dir, voice, word));
    const encoded = encodeWord(clip);
    const length = Math.round((clip.length * WORD_BANK_RATE) / ENCODE_RATE);
    index[word] = [packets.length, encoded.length, length];
    packets.push(...encoded);
    seconds += clip.length / ENCODE_RATE;
  }
  const lengths = Buffer.alloc(packets.length * 2);
  packets.forEach((packet, i) => lengths.writeUInt16LE(packet.length, i * 2));
  const data = Buffer.concat([lengths, ...packets]).toString('base64');
  const count = Object.keys(index).length;
  console.log(
    `${speaker}: ${count} words, ${seconds.toFixed(1)} s (${(seconds / count).toFixed(2)} s a word), ${data.length} base64 bytes`,
  );
  return { voice, packets: packets.length, words: index, data };
}

const dir = mkdtempSync(join(tmpdir(), 'word-bank-'));
try {
  const voices = {
    host: makeVoice(dir, 'host'),
    guest: makeVoice(dir, 'guest'),
  };
  const body = Object.entries(voices)
    .map(
      ([speaker, { voice, packets, words, data }]) =>
        `  ${speaker}: {\n    voice: ${JSON.stringify(voice)},\n    packets: ${packets},\n    words: ${JSON.stringify(words)},\n    data: ${JSON.stringify(data)},\n  },`,
    )
    .join('\n');
  const file = new URL('./word-bank.gen.ts', import.meta.url);
  writeFileSync(
    file,
    `// Generated by make-word-bank.ts from the interview script (espeak-ng ${execFileSync('espeak-ng', ['--version']).toString().split(' ')[3] ?? ''}); do not edit.\nimport type { WordBank } from './word-stream.ts';\n\nexport const WORD_BANK: WordBank = {\n${body}\n};\n`,
  );
  execFileSync('npx', ['prettier', '--write', file.pathname]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
