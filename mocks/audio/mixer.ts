/**
 * The preview-audio mixer: the sound of a timeline over a stretch, as the export would have it.
 * Every audio and video item of the layers played adds its asset's sound from its source offset,
 * times its volume and its fades (linear in amplitude, from the item's edges); a muted item adds
 * nothing. Samples are summed as they are (a mix may pass ±1: the meters can tell).
 */
import { defaultAudio } from '../store/item-geometry.ts';
import type { ProjectRecord } from '../store/workspace.ts';
import { type AssetSound, SAMPLE_RATE } from './sound.ts';

export interface MixStretch {
  startSeconds: number;
  durationSeconds: number;
  /** Only the items of these layers; all layers when undefined. */
  layers?: readonly number[] | undefined;
}

const toSample = (seconds: number): number => Math.round(seconds * SAMPLE_RATE);

export function mixTimeline(
  record: ProjectRecord,
  soundOf: (assetId: string) => AssetSound | null,
  stretch: MixStretch,
): Float32Array {
  const from = toSample(stretch.startSeconds);
  const out = new Float32Array(toSample(stretch.durationSeconds));
  const to = from + out.length;
  const layers = stretch.layers ? new Set(stretch.layers) : null;
  let scratch = new Float32Array(0);
  for (const layer of record.timeline.layers) {
    if (layers && !layers.has(layer.index)) continue;
    for (const item of layer.items) {
      if ((item.type !== 'audio' && item.type !== 'video') || !item.asset_id) continue;
      const audio = item.audio ?? defaultAudio();
      if (audio.muted || audio.volume_percent <= 0) continue;
      const itemStart = toSample(item.start_seconds);
      const itemEnd = toSample(item.end_seconds);
      const first = Math.max(from, itemStart);
      const last = Math.min(to, itemEnd);
      if (last <= first) continue;
      const sound = soundOf(item.asset_id);
      if (!sound) continue;
      const count = last - first;
      if (scratch.length < count) scratch = new Float32Array(count);
      const samples = scratch.subarray(0, count);
      const sourceStart = toSample(item.source_start_seconds ?? 0);
      sound.render(sourceStart + (first - itemStart), samples);
      const volume = audio.volume_percent / 100;
      const fadeIn = audio.fade_in_seconds * SAMPLE_RATE;
      const fadeOut = audio.fade_out_seconds * SAMPLE_RATE;
      for (let i = 0; i < count; i += 1) {
        const at = first + i;
        let gain = volume;
        if (fadeIn > 0 && at - itemStart < fadeIn) gain *= (at - itemStart) / fadeIn;
        if (fadeOut > 0 && itemEnd - at < fadeOut) gain *= (itemEnd - at) / fadeOut;
        out[at - from]! += samples[i]! * gain;
      }
    }
  }
  return out;
}
