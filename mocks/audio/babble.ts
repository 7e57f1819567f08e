/**
 * Talk without words: syllables voiced through vowel formants, grouped in words and sentences, with
 * breaths between sentences and now and then a long pause. Each asset gets one voice (its pitch and
 * pace from its seed). The sound of the library's interviews, podcasts and webinars; the demo's
 * talking-head cameras speak real words instead (speech.ts).
 */
import { type BlockPlan, blockSound, type SoundEvent } from './events.ts';
import { blockRandom, noiseAt, smoothStep } from './noise.ts';
import { type AssetSound, SAMPLE_RATE } from './sound.ts';

const BLOCK_SECONDS = 8;

/** F1, F2, F3 of a few vowels (Hz). */
const VOWELS: ReadonlyArray<readonly [number, number, number]> = [
  [730, 1090, 2440], // a
  [530, 1840, 2480], // e
  [270, 2290, 3010], // i
  [570, 840, 2410], // o
  [300, 870, 2240], // u
  [640, 1190, 2390], // ʌ
  [490, 1350, 1690], // ɜ
];

const TABLE_SIZE = 512;

/** One period of a voiced vowel: harmonics of `f0` weighted by the vowel's formants. */
function vowelTable(f0: number, formants: readonly [number, number, number]): Float32Array {
  const table = new Float32Array(TABLE_SIZE);
  const harmonics = Math.min(40, Math.floor(3800 / f0));
  let peak = 0;
  for (let k = 1; k <= harmonics; k += 1) {
    const f = k * f0;
    let gain = 0;
    formants.forEach((formant, n) => {
      const width = 90 + n * 40;
      gain += Math.exp(-(((f - formant) / width) ** 2)) / (n + 1);
    });
    // The glottal source falls by ~12 dB an octave.
    gain = (gain + 0.04) / k;
    for (let i = 0; i < TABLE_SIZE; i += 1) {
      table[i]! += gain * Math.sin((2 * Math.PI * k * i) / TABLE_SIZE);
    }
  }
  for (const value of table) peak = Math.max(peak, Math.abs(value));
  for (let i = 0; i < TABLE_SIZE; i += 1) table[i]! /= peak || 1;
  return table;
}

interface Voice {
  pitch: number;
  /** Seconds per syllable, on average. */
  pace: number;
  tables: Float32Array[];
}

function voiceOf(seed: number): Voice {
  const random = blockRandom(seed, -1);
  const female = random() < 0.5;
  const pitch = female ? 185 + random() * 40 : 100 + random() * 30;
  return {
    pitch,
    pace: 0.15 + random() * 0.05,
    tables: VOWELS.map((formants) => vowelTable(pitch, formants)),
  };
}

function syllable(
  seed: number,
  voice: Voice,
  start: number,
  seconds: number,
  vowel: number,
  rise: number,
  consonant: boolean,
  loudness: number,
): SoundEvent {
  const length = Math.round(seconds * SAMPLE_RATE);
  const table = voice.tables[vowel % voice.tables.length]!;
  return {
    start,
    length,
    draw(out) {
      let phase = 0;
      const attack = 0.018 * SAMPLE_RATE;
      const release = 0.045 * SAMPLE_RATE;
      const burst = consonant ? 0.03 * SAMPLE_RATE : 0;
      for (let i = 0; i < length; i += 1) {
        const progress = i / length;
        const f0 = voice.pitch * (1 + rise * (progress - 0.5));
        phase += (f0 * TABLE_SIZE) / SAMPLE_RATE;
        const index = phase % TABLE_SIZE;
        const base = Math.floor(index);
        const frac = index - base;
        const a = table[base]!;
        const b = table[(base + 1) % TABLE_SIZE]!;
        const voiced = (a + (b - a) * frac) * smoothStep((i - burst) / attack);
        const hiss = i < burst ? noiseAt(seed, start + i) * 0.35 * (1 - i / burst) : 0;
        const envelope = smoothStep(i / 40) * smoothStep((length - i) / release);
        out[i] = (voiced + hiss) * envelope * loudness;
      }
    },
  };
}

/** Syllables of one block, ending before the block does. */
function plan(seed: number, voice: Voice): BlockPlan {
  const blockLength = BLOCK_SECONDS * SAMPLE_RATE;
  return {
    blockLength,
    eventsOf(block) {
      const random = blockRandom(seed, block);
      const events: SoundEvent[] = [];
      const end = BLOCK_SECONDS - 0.35;
      let at = 0.1 + random() * 0.3;
      let wordsLeft = 4 + Math.floor(random() * 8);
      while (at < end) {
        const syllables = 1 + Math.floor(random() * random() * 3.2);
        for (let s = 0; s < syllables && at < end; s += 1) {
          const seconds = Math.min(end - at, voice.pace * (0.75 + random() * 0.7));
          if (seconds < 0.06) break;
          const start = block * blockLength + Math.round(at * SAMPLE_RATE);
          events.push(
            syllable(
              seed,
              voice,
              start,
              seconds,
              Math.floor(random() * VOWELS.length),
              (random() - 0.5) * 0.25,
              random() < 0.55,
              0.32 + random() * 0.14,
            ),
          );
          at += seconds + 0.012;
        }
        wordsLeft -= 1;
        if (wordsLeft > 0) {
          at += 0.05 + random() * 0.09;
        } else {
          // A sentence ends: a breath, or now and then a long pause.
          at += random() < 0.18 ? 0.7 + random() * 0.9 : 0.28 + random() * 0.25;
          wordsLeft = 4 + Math.floor(random() * 8);
        }
      }
      return events;
    },
  };
}

export function babbleSound(seed: number, length: number): AssetSound {
  return blockSound('babble', length, plan(seed, voiceOf(seed)));
}
