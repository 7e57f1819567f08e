/**
 * The simulator's few names for parts of the contract's schemas. Whole schemas are imported under
 * their own names from src/api/schema.gen.ts (`npm run gen:api` exports each schema once);
 * nothing here restates a shape by hand.
 */
import type { components, TimelineItem, TimelineLayer } from '@/api/schema.gen.ts';

type Schemas = components['schemas'];

export type ApiErrorBody = Schemas['Error'];
export type TimelineItemType = TimelineItem['type'];
export type TimelineLayerKind = TimelineLayer['kind'];
export type Schema<Name extends keyof Schemas> = Schemas[Name];
