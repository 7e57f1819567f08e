/**
 * The sound of a media asset: what the simulator's preview-audio mixer and waveform peaks both read.
 * Every video and audio asset has sound, decided by its id (seeded, so SIM_SEED decides it too), its
 * kind, name and duration, and rendered on demand for any stretch of source time, never held whole
 * (a seeded asset may last an hour):
 * - assets with a transcript (the talking-head demo's cameras, `Workspace.speech`) speak its words
 *   at their source times, from the committed espeak-ng word bank (speech.ts), silent between them;
 * - music beds and loops (audio named music, beat, bed or loop) are synthesized bars (music.ts);
 * - effects (audio named sting, sfx, effect, whoosh) are synthesized hits at seeded times;
 * - B-roll (video named b-roll, drone, timelapse, slowmo, overhead, travel) is quiet room tone;
 * - every other video or audio asset talks: syllables in words and sentences with seeded pauses
 *   (babble.ts), so interviews, podcasts and webinars sound like people talking.
 * Images have no sound.
 */
import { hashString } from '../lib/prng.ts';
import type { AssetRecord, Workspace } from '../store/workspace.ts';
import { babbleSound } from './babble.ts';
import { ambienceSound, effectsSound } from './effects.ts';
import { musicSound } from './music.ts';
import { type AssetSound, SAMPLE_RATE, type SoundKind } from './sound.ts';
import { transcriptSound } from './speech.ts';

const MUSIC = /music|beat|\bbed\b|loop|soundtrack/i;
const EFFECTS = /sting|sfx|effect|whoosh|swoosh|jingle/i;
const AMBIENCE = /b-?roll|drone|timelapse|time-lapse|slowmo|slow-mo|overhead|travel|scenery/i;

/** What an asset sounds like, by its kind and name (images: none). */
export function soundKindOf(asset: Pick<AssetRecord, 'kind' | 'name'>): SoundKind | null {
  if (asset.kind === 'image') return null;
  if (asset.kind === 'audio') {
    if (MUSIC.test(asset.name)) return 'music';
    if (EFFECTS.test(asset.name)) return 'effects';
    return 'babble';
  }
  return AMBIENCE.test(asset.name) ? 'ambience' : 'babble';
}

/** Seconds of sound of an asset whose duration the library does not know (uploads in flight). */
const UNKNOWN_DURATION_SECONDS = 600;

/** Sounds made so far, by asset record (a sound keeps its voice and tables between requests). */
const made = new WeakMap<AssetRecord, AssetSound | null>();

/** The asset's sound, or null when it has none (an image). */
export function assetSound(workspace: Workspace, asset: AssetRecord): AssetSound | null {
  let sound = made.get(asset);
  if (sound === undefined) {
    sound = makeSound(workspace, asset);
    made.set(asset, sound);
  }
  return sound;
}

function makeSound(workspace: Workspace, asset: AssetRecord): AssetSound | null {
  const kind = soundKindOf(asset);
  if (kind === null) return null;
  const length = Math.round((asset.duration_seconds ?? UNKNOWN_DURATION_SECONDS) * SAMPLE_RATE);
  const seed = hashString(asset.id);
  const transcript = workspace.speech.get(asset.id);
  if (transcript) return transcriptSound(transcript, length);
  switch (kind) {
    case 'music':
      return musicSound(seed, length);
    case 'effects':
      return effectsSound(seed, length);
    case 'ambience':
      return ambienceSound(seed, length);
    default:
      return babbleSound(seed, length);
  }
}
