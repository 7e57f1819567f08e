import type { TimelineItemType } from '../model/timeline-types.ts';

/**
 * Each item type's colours and name, shared by the canvas, its legend and the inspector. A module
 * of its own: the legend and the inspector render with the page's first paint, the canvas's
 * drawing code loads after it.
 */
export const TYPE_STYLE: Record<
  TimelineItemType,
  { fill: string; selected: string; label: string }
> = {
  video: { fill: '#4f46e5', selected: '#6366f1', label: 'Video' },
  image: { fill: '#0e7490', selected: '#0891b2', label: 'Image' },
  audio: { fill: '#047857', selected: '#059669', label: 'Audio' },
  text: { fill: '#b45309', selected: '#d97706', label: 'Text' },
  caption: { fill: '#be185d', selected: '#db2777', label: 'Caption' },
  overlay: { fill: '#6d28d9', selected: '#7c3aed', label: 'Overlay' },
};
