/**
 * A music bed synthesized from a seed: a tempo, a key and two four-chord progressions (one for each
 * eight bars), played by a soft pad, a bass on every beat, a kick on one and three and a hi-hat on
 * the off-beats. Every sample is a function of its time, so any stretch renders alike.
 */
import { noiseAt } from './noise.ts';
import { type AssetSound, SAMPLE_RATE } from './sound.ts';
import { mulberry32 } from '../lib/prng.ts';

/** Scale degrees (semitones above the key's root) of the chords' roots, four per progression. */
const PROGRESSIONS: ReadonlyArray<readonly number[]> = [
  [0, 7, 9, 5], // I V vi IV
  [9, 5, 0, 7], // vi IV I V
  [0, 5, 7, 5], // I IV V IV
  [0, 9, 5, 7], // I vi IV V
  [2, 7, 0, 0], // ii V I I
];
/** Minor chords (a minor third) on these degrees of the major key. */
const MINOR_DEGREES = new Set([2, 4, 9]);

const hz = (midi: number): number => 440 * 2 ** ((midi - 69) / 12);
const TWO_PI = 2 * Math.PI;

export function musicSound(seed: number, length: number): AssetSound {
  const random = mulberry32(seed);
  const bpm = 84 + Math.floor(random() * 30);
  const root = 45 + Math.floor(random() * 8);
  const first = PROGRESSIONS[Math.floor(random() * PROGRESSIONS.length)]!;
  const second = PROGRESSIONS[Math.floor(random() * PROGRESSIONS.length)]!;
  const beat = 60 / bpm;
  const bar = beat * 4;
  const padGain = 0.05;
  const chords = [first, second].map((progression) =>
    progression.map((degree) => {
      const third = MINOR_DEGREES.has(degree) ? 3 : 4;
      const base = root + degree;
      return {
        bass: hz(base - 12),
        pad: [hz(base + 12), hz(base + 12 + third), hz(base + 19)],
      };
    }),
  );
  return {
    kind: 'music',
    length,
    render(from, out) {
      for (let i = 0; i < out.length; i += 1) {
        const index = from + i;
        if (index < 0 || index >= length) {
          out[i] = 0;
          continue;
        }
        const t = index / SAMPLE_RATE;
        const barIndex = Math.floor(t / bar);
        const chord = chords[Math.floor(barIndex / 8) % 2]![barIndex % 4]!;
        const inBar = t - barIndex * bar;
        const beatIndex = Math.floor(inBar / beat);
        const inBeat = inBar - beatIndex * beat;
        // The pad swells in at each chord change, so changes never click.
        const swell = Math.min(1, inBar / 0.08);
        let sample = 0;
        for (const f of chord.pad) sample += Math.sin(TWO_PI * f * t);
        sample *= padGain * swell * (0.85 + 0.15 * Math.sin(TWO_PI * 0.5 * t));
        const bassEnvelope = Math.min(1, inBeat / 0.01) * Math.exp(-3 * inBeat);
        sample += 0.16 * bassEnvelope * Math.sin(TWO_PI * chord.bass * t);
        if (beatIndex % 2 === 0) {
          const kickPhase = TWO_PI * (48 * inBeat + (90 / 28) * (1 - Math.exp(-28 * inBeat)));
          sample += 0.3 * Math.min(1, inBeat / 0.003) * Math.exp(-9 * inBeat) * Math.sin(kickPhase);
        }
        const offBeat = inBeat - beat / 2;
        if (offBeat >= 0) sample += 0.05 * Math.exp(-45 * offBeat) * noiseAt(seed, index);
        out[i] = sample;
      }
    },
  };
}
