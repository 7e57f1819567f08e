/**
 * Which items are heard at a moment: the audio and video items under it on the layers that play
 * (mute and solo), not muted and not at 0 %. The clip warning names them.
 */
import type { Timeline, TimelineItem } from '@/api/schema.gen.ts';
import { playingLayers } from './audio-commands.ts';

export function soundingItemsAt(
  timeline: Timeline,
  seconds: number,
  muted: ReadonlySet<number>,
  solo: ReadonlySet<number>,
): TimelineItem[] {
  const playing = new Set(
    playingLayers(
      timeline.layers.map((layer) => layer.index),
      muted,
      solo,
    ),
  );
  const items: TimelineItem[] = [];
  for (const layer of timeline.layers) {
    if (!playing.has(layer.index)) continue;
    for (const item of layer.items) {
      if (item.type !== 'audio' && item.type !== 'video') continue;
      if (item.start_seconds > seconds || seconds >= item.end_seconds) continue;
      if (item.audio?.muted || (item.audio && item.audio.volume_percent <= 0)) continue;
      items.push(item);
    }
  }
  return items;
}

/** “Music bed” and “Interview A”; “A”, “B” and 2 more. */
export function nameList(items: readonly Pick<TimelineItem, 'name'>[], most = 3): string {
  const names = items.map((item) => `“${item.name}”`);
  if (names.length <= 1) return names[0] ?? '';
  if (names.length > most)
    return `${names.slice(0, most).join(', ')} and ${names.length - most} more`;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
