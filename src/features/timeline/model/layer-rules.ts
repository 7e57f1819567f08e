/**
 * Which layer kinds take which item types. Assumed (the contract does not say; this matches the
 * simulator): video and image items go on video or overlay layers, overlays on overlay or video
 * layers, text on text or overlay layers, audio and captions only on their own kind.
 */
import type { TimelineItemType, TimelineLayerKind } from './timeline-types.ts';

const ACCEPTED_ON: Record<TimelineItemType, readonly TimelineLayerKind[]> = {
  video: ['video', 'overlay'],
  image: ['video', 'overlay'],
  overlay: ['overlay', 'video'],
  text: ['text', 'overlay'],
  audio: ['audio'],
  caption: ['caption'],
};

export function layerAccepts(kind: TimelineLayerKind, type: TimelineItemType): boolean {
  return ACCEPTED_ON[type].includes(kind);
}

/** Whether a layer is locked (the contract's optional `locked`; absent means unlocked). */
export function isLocked(layer: { locked?: boolean }): boolean {
  return layer.locked === true;
}
