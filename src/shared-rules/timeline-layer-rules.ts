/**
 * Which layer kinds take which timeline item types: the one statement of this rule, used by the
 * simulator (a move onto an incompatible layer is refused with `incompatible_layer`) and by the
 * timeline editor (which offers and previews only moves the service would accept).
 *
 * Assumed (the reference does not say): video and image items go on video or overlay layers,
 * overlays on overlay or video layers, text on text or overlay layers, audio and captions only on
 * their own kind.
 */
import type { components } from '@/api/schema.gen.ts';

type TimelineItemType = components['schemas']['TimelineItem']['type'];
type TimelineLayerKind = components['schemas']['TimelineLayer']['kind'];

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
