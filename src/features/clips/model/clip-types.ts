/** Names for the contract's clip shapes (generated from src/api/openapi.yaml). */
import type { components } from '@/api/schema.gen.ts';

type Schemas = components['schemas'];

export type Clip = Schemas['Clip'];
export type ClipStatus = Schemas['ClipStatus'];
export type ClipError = Schemas['ClipError'];
export type ClipWaitingReason = Schemas['ClipWaitingReason'];
export type ClipSuggestion = Schemas['ClipSuggestion'];
export type ClipStep = Schemas['ClipStep'];
export type ClipLayoutMode = Schemas['ClipLayoutMode'];
export type ClipListResponse = Schemas['ClipListResponse'];
export type ClipRetryRequest = Schemas['ClipRetryRequest'];
export type ClipCreateRequest = Schemas['ClipCreateRequest'];
export type ClipSourcePreview = Schemas['ClipSourcePreview'];
export type ClipSharePage = Schemas['ClipSharePage'];
export type ClipShareVisibility = Schemas['ClipShareVisibility'];
export type ClipBatchResponse = Schemas['ClipBatchResponse'];
export type SuggestionsRun = Schemas['ShortSuggestionsRunState'];
export type Bounds = Schemas['Bounds'];
