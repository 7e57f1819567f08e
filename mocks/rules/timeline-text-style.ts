/**
 * The assumed `timeline.item.text.style` operation: sets the colour (and, when given, the font
 * family and size) of a text item's text. The contract checks the shape (`color` is `#RRGGBB`); the rules
 * here are the ones it cannot state: the item must exist, be a text item, and not sit on a locked
 * layer. Used by the single-operation endpoints and by the atomic batch.
 */
import { notFound } from '../lib/errors.ts';
import type { Schema } from '../store/contract.ts';
import { TimelineRuleError, type Located } from './timeline.ts';
import type { TimelineItem } from '@/api/schema.gen.ts';

export type TextStyleOperation = Schema<'TimelineTextStyleOperation'>;
export type TextStyle = Schema<'TimelineTextStyle'>;

export interface TextStylePlan {
  located: Located;
  before: TextStyle | undefined;
  after: TextStyle;
}

/** Checks the operation against the timeline (`prefix` names the operation, e.g. `operations[2].`). */
export function planTextStyle(
  find: (itemId: string) => Located | undefined,
  op: TextStyleOperation,
  prefix: string,
): TextStylePlan {
  const param = `${prefix}timeline_item_id`;
  const located = find(op.timeline_item_id);
  if (!located) throw notFound(param, `No timeline item ${op.timeline_item_id} in this project.`);
  const { item, layer } = located;
  if (item.type !== 'text') {
    throw new TimelineRuleError(
      'not_text',
      param,
      `"${item.name}" is a ${item.type} item; only text items have a text colour and font.`,
    );
  }
  if (layer.locked) {
    throw new TimelineRuleError(
      'locked_layer',
      param,
      `Layer ${layer.index} (${layer.name}) is locked; its items cannot be edited.`,
    );
  }
  // Left out: the item keeps its font; null: back to the project's default font.
  const fontFamily =
    op.font_family === undefined ? item.text_style?.font_family : (op.font_family ?? undefined);
  // The size likewise: left out, kept; null, back to the default.
  const fontSize =
    op.font_size === undefined ? item.text_style?.font_size : (op.font_size ?? undefined);
  const after: TextStyle = {
    color: op.color.toUpperCase(),
    ...(fontFamily !== undefined ? { font_family: fontFamily } : {}),
    ...(fontSize !== undefined ? { font_size: fontSize } : {}),
  };
  return { located, before: item.text_style, after };
}

/** Applies a planned style to the located item (a batch's draft copy, or the project's item). */
export function applyTextStyle(plan: TextStylePlan): TimelineItem {
  plan.located.item.text_style = plan.after;
  return plan.located.item;
}
