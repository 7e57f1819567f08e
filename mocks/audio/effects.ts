/**
 * Effects and room tone synthesized from a seed. Effects: hits at seeded times, one to four seconds
 * apart (a whoosh, an impact or a chime). Room tone (B-roll): quiet, low noise and a hum, steady
 * from the first sample to the last.
 */
import { type BlockPlan, blockSound, type SoundEvent } from './events.ts';
import { blockRandom, noiseAt } from './noise.ts';
import { type AssetSound, SAMPLE_RATE } from './sound.ts';

const BLOCK_SECONDS = 8;
const TWO_PI = 2 * Math.PI;

type Hit = 'whoosh' | 'impact' | 'chime';
const HITS: readonly Hit[] = ['whoosh', 'impact', 'chime'];
const SECONDS: Record<Hit, number> = { whoosh: 0.7, impact: 0.5, chime: 1.4 };

function hit(seed: number, kind: Hit, start: number, pitch: number): SoundEvent {
  const length = Math.round(SECONDS[kind] * SAMPLE_RATE);
  return {
    start,
    length,
    draw(out) {
      let low = 0;
      for (let i = 0; i < length; i += 1) {
        const t = i / SAMPLE_RATE;
        const progress = i / length;
        const fadeOut = Math.min(1, (length - i) / (0.02 * SAMPLE_RATE));
        if (kind === 'whoosh') {
          // Noise through a one-pole low-pass that opens, then closes.
          const open = 0.04 + 0.5 * Math.sin(Math.PI * progress);
          low += open * (noiseAt(seed, start + i) - low);
          out[i] = 0.5 * low * Math.sin(Math.PI * progress) * fadeOut;
        } else if (kind === 'impact') {
          const phase = TWO_PI * (40 * t + (pitch / 20) * (1 - Math.exp(-20 * t)));
          const body = Math.sin(phase) * Math.exp(-7 * t);
          const crack = noiseAt(seed, start + i) * Math.exp(-60 * t) * 0.6;
          out[i] = 0.55 * (body + crack) * Math.min(1, i / 30) * fadeOut;
        } else {
          const ring = Math.sin(TWO_PI * pitch * 4 * t) + 0.5 * Math.sin(TWO_PI * pitch * 6.01 * t);
          out[i] = 0.22 * ring * Math.exp(-3 * t) * Math.min(1, i / 60) * fadeOut;
        }
      }
    },
  };
}

function effectsPlan(seed: number): BlockPlan {
  const blockLength = BLOCK_SECONDS * SAMPLE_RATE;
  return {
    blockLength,
    eventsOf(block) {
      const random = blockRandom(seed, block);
      const events: SoundEvent[] = [];
      let at = 0.2 + random() * 1.5;
      for (;;) {
        const kind = HITS[Math.floor(random() * HITS.length)]!;
        if (at + SECONDS[kind] > BLOCK_SECONDS) break;
        const start = block * blockLength + Math.round(at * SAMPLE_RATE);
        events.push(hit(seed, kind, start, 110 + random() * 110));
        at += SECONDS[kind] + 1 + random() * 3;
      }
      return events;
    },
  };
}

export function effectsSound(seed: number, length: number): AssetSound {
  return blockSound('effects', length, effectsPlan(seed));
}

export function ambienceSound(seed: number, length: number): AssetSound {
  const random = blockRandom(seed, -2);
  const hum = 50 + random() * 70;
  const drift = random() * TWO_PI;
  return {
    kind: 'ambience',
    length,
    render(from, out) {
      // The low-pass starts a little before the stretch, so it is settled at its first sample.
      const warmUp = 256;
      let low = 0;
      for (let index = from - warmUp; index < from + out.length; index += 1) {
        low += 0.05 * (noiseAt(seed, index) - low);
        if (index < from) continue;
        const i = index - from;
        if (index < 0 || index >= length) {
          out[i] = 0;
          continue;
        }
        const t = index / SAMPLE_RATE;
        const swell = 0.8 + 0.2 * Math.sin(TWO_PI * 0.07 * t + drift);
        out[i] = (0.06 * low + 0.006 * Math.sin(TWO_PI * hum * t)) * swell;
      }
    },
  };
}
