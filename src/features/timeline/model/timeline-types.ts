/**
 * Names for parts of the contract's timeline shapes. Whole schemas (`Timeline`, `TimelineItem`…)
 * are imported under their own names from src/api/schema.gen.ts; nothing here restates a shape.
 */
import type { components, TimelineItem, TimelineLayer } from '@/api/schema.gen.ts';

type Schemas = components['schemas'];

export type TimelineItemType = TimelineItem['type'];
export type TimelineLayerKind = TimelineLayer['kind'];
export type MaskEffectType = Schemas['MaskEffectRequest']['effect_type'];
