/**
 * Layout on the frame, as commands: the inspector's numbers (position, size, rotation, crop) of
 * the one selected visual item, the arrow keys' nudge on the preview (1 px, Shift 10 px), and the
 * commit of a preview gesture: each one request and one undo step.
 */
import { refuse, type Outcome } from '@/editor-kit/command.ts';
import { layoutLimits, type ProjectFrame } from '@/lib/project-frame.ts';
import type { TimelineState } from '../state/timeline-state.ts';
import { selectionFacts, type CommandContext, type TimelineCommand } from './command-context.ts';
import { normaliseRotation, tidyLayout } from './frame-layout.ts';
import { lockedLayerOf, lockedReason } from './group-move.ts';
import { sameLayout, type ItemLayout } from './item-edits.ts';
import { opsChange, type TimelineChange } from './timeline-change.ts';
import type { TimelineItem } from '@/api/schema.gen.ts';

/** The one selected item that has a place on the frame, or null. */
export function selectedVisual(ctx: CommandContext): TimelineItem | null {
  const { ids } = selectionFacts(ctx.index, ctx.selection);
  const item = ids.length === 1 ? ctx.index.byId.get(ids[0]!)?.item : undefined;
  return item?.layout ? item : null;
}

/** One layout change of one item: refused on a locked layer or when nothing changes. */
export function layoutChange(
  ctx: CommandContext,
  item: TimelineItem,
  to: ItemLayout,
  label: string,
): Outcome<TimelineState, TimelineChange> {
  const locked = lockedLayerOf(ctx.index, [item.id]);
  if (locked) return refuse(lockedReason(locked).replace('moved or trimmed', 'moved'));
  const from = item.layout!;
  // Only the service's natural size is its own: the editor's measured box is not sent.
  const next = tidyLayout({ ...to, width: from.width, height: from.height }, ctx.frame);
  if (sameLayout(next, from)) return refuse('It is already there.');
  return {
    type: 'change',
    label,
    change: opsChange([{ kind: 'layout', itemId: item.id, from, to: next }]),
  };
}

const hasVisual = (ctx: CommandContext) => selectedVisual(ctx) !== null;

type Field = 'x' | 'y' | 'width' | 'height' | 'rotation' | 'left' | 'top' | 'right' | 'bottom';

const FIELDS: Record<
  Field,
  {
    label: string;
    read(layout: ItemLayout): number;
    write(layout: ItemLayout, value: number, frame: ProjectFrame): ItemLayout | string;
    min?: number;
    max?: number;
    step?: number;
  }
> = {
  x: {
    label: 'X (px)',
    read: (l) => l.x,
    write: (l, x, frame) => {
      const [min, max] = layoutLimits(frame).x;
      return x < min || x > max ? `X must be between ${min} and ${max} px.` : { ...l, x };
    },
    step: 1,
  },
  y: {
    label: 'Y (px)',
    read: (l) => l.y,
    write: (l, y, frame) => {
      const [min, max] = layoutLimits(frame).y;
      return y < min || y > max ? `Y must be between ${min} and ${max} px.` : { ...l, y };
    },
    step: 1,
  },
  width: {
    label: 'Width (%)',
    read: (l) => Math.round(l.scale_x * 1000) / 10,
    write: (l, percent) =>
      percent < 5 || percent > 1000
        ? 'The width must be between 5 % and 1,000 % of the natural size.'
        : { ...l, scale_x: percent / 100 },
    min: 5,
    max: 1000,
    step: 1,
  },
  height: {
    label: 'Height (%)',
    read: (l) => Math.round(l.scale_y * 1000) / 10,
    write: (l, percent) =>
      percent < 5 || percent > 1000
        ? 'The height must be between 5 % and 1,000 % of the natural size.'
        : { ...l, scale_y: percent / 100 },
    min: 5,
    max: 1000,
    step: 1,
  },
  rotation: {
    label: 'Rotation (°)',
    read: (l) => l.rotation_deg,
    write: (l, degrees) => ({ ...l, rotation_deg: normaliseRotation(degrees) }),
    step: 1,
  },
  left: cropField('left', 'right'),
  top: cropField('top', 'bottom'),
  right: cropField('right', 'left'),
  bottom: cropField('bottom', 'top'),
};

function cropField(side: 'left' | 'top' | 'right' | 'bottom', opposite: typeof side) {
  return {
    label: `Crop ${side} (%)`,
    read: (l: ItemLayout) => Math.round(l.crop[side] * 1000) / 10,
    write: (l: ItemLayout, percent: number): ItemLayout | string => {
      if (percent < 0 || percent > 90) return `A crop is between 0 % and 90 %.`;
      if (percent / 100 + l.crop[opposite] >= 0.95)
        return `Crops ${side} and ${opposite} together must leave at least 5 % of the item.`;
      return { ...l, crop: { ...l.crop, [side]: Math.round(percent * 10) / 1000 } };
    },
    min: 0,
    max: 90,
    step: 1,
  };
}

function layoutField(field: Field): TimelineCommand<{ value: number }> {
  const spec = FIELDS[field];
  return {
    name: `setLayout-${field}`,
    label: `Set ${spec.label}`,
    writes: true,
    field: {
      type: 'number',
      label: spec.label,
      min: spec.min,
      max: spec.max,
      step: spec.step,
      visible: hasVisual,
      read: (ctx) => {
        const layout = selectedVisual(ctx)?.layout;
        return layout ? spec.read(layout) : null;
      },
      toArgs: (value) => ({ value }),
    },
    canRun: hasVisual,
    perform: (ctx, { value }) => {
      const item = selectedVisual(ctx);
      if (!item) return refuse('Select one item that shows on the frame.');
      if (!Number.isFinite(value)) return refuse('Enter a number.');
      const next = spec.write(item.layout!, value, ctx.frame);
      if (typeof next === 'string') return refuse(next);
      return layoutChange(
        ctx,
        item,
        next,
        `Set ${spec.label.replace(/ \(.*\)$/, '').toLowerCase()}`,
      );
    },
  };
}

export const LAYOUT_FIELDS = (Object.keys(FIELDS) as Field[]).map(layoutField);

/** Arrow keys on the focused preview: 1 px, Shift 10 px (frame pixels). */
export const nudgeLayout: TimelineCommand<{ dx: number; dy: number }> = {
  name: 'nudgeLayout',
  label: 'Nudge on the frame',
  description: 'Preview focused: move the selected item by 1 px (Shift: 10 px)',
  keys: [
    { keys: 'ArrowLeft', args: { dx: -1, dy: 0 } },
    { keys: 'ArrowRight', args: { dx: 1, dy: 0 } },
    { keys: 'ArrowUp', args: { dx: 0, dy: -1 } },
    { keys: 'ArrowDown', args: { dx: 0, dy: 1 } },
    { keys: 'Shift+ArrowLeft', args: { dx: -10, dy: 0 } },
    { keys: 'Shift+ArrowRight', args: { dx: 10, dy: 0 } },
    { keys: 'Shift+ArrowUp', args: { dx: 0, dy: -10 } },
    { keys: 'Shift+ArrowDown', args: { dx: 0, dy: 10 } },
  ],
  writes: true,
  canRun: hasVisual,
  perform: (ctx, { dx, dy }) => {
    const item = selectedVisual(ctx);
    if (!item) return refuse('Select an item on the frame to nudge it.');
    const layout = item.layout!;
    return layoutChange(
      ctx,
      item,
      { ...layout, x: layout.x + dx, y: layout.y + dy },
      'Nudge on the frame',
    );
  },
};

/** The preview's own key table (arrows mean time on the timeline, space on the frame here). */
export const PREVIEW_COMMANDS = [nudgeLayout];
