/**
 * Which items are heard at a moment: the audio and video items under it on the layers that play
 * (the editor's mute and solo), not muted and not at 0 %. The clip warning names them.
 */
import type { Timeline, TimelineItem } from '@/api/schema.gen.ts';

/** `layers`: the indexes of the layers playing (the same as the sound's mix), null for all. */
export function soundingItemsAt(
  timeline: Timeline,
  seconds: number,
  layers: readonly number[] | null,
): TimelineItem[] {
  const playing = layers ? new Set(layers) : null;
  const items: TimelineItem[] = [];
  for (const layer of timeline.layers) {
    if (playing && !playing.has(layer.index)) continue;
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
