/**
 * Names for the contract's timeline shapes (generated from src/api/openapi.yaml). Nothing here
 * restates a shape by hand.
 */
import type { components } from '@/api/schema.gen.ts';

type Schemas = components['schemas'];

export type Timeline = Schemas['Timeline'];
export type TimelineLayer = Schemas['TimelineLayer'];
export type TimelineItem = Schemas['TimelineItem'];
export type TimelineItemType = TimelineItem['type'];
export type TimelineLayerKind = TimelineLayer['kind'];
export type TimelineItemEffect = Schemas['TimelineItemEffect'];
export type TimelineOperation = Schemas['TimelineOperation'];
export type TimelineOperationPreview = Schemas['TimelineOperationPreview'];
export type TimelineOperationResult = Schemas['TimelineOperationResult'];
export type TimelineBatchDeleteResult = Schemas['TimelineBatchDeleteResult'];
export type TimelineBatchDeleteFailedItem = Schemas['TimelineBatchDeleteFailedItem'];
export type MaskEffectResult = Schemas['MaskEffectResult'];
export type TimelineBatchOperation = Schemas['TimelineBatchOperation'];
export type TimelineBatchApplyResult = Schemas['TimelineBatchApplyResult'];
export type TimelineBatchOperationFailure = Schemas['TimelineBatchOperationFailure'];
export type MaskEffectType = Schemas['MaskEffectRequest']['effect_type'];
