/**
 * Names for the contract's schemas (src/api/schema.gen.ts, generated from src/api/openapi.yaml).
 * Store records and responses use these; nothing here restates a shape by hand.
 */
import type { components } from '@/api/schema.gen.ts';

type Schemas = components['schemas'];

export type ApiErrorBody = Schemas['Error'];
export type Bounds = Schemas['Bounds'];
export type Project = Schemas['Project'];
export type Timeline = Schemas['Timeline'];
export type TimelineLayer = Schemas['TimelineLayer'];
export type TimelineItem = Schemas['TimelineItem'];
export type TimelineItemType = TimelineItem['type'];
export type TimelineLayerKind = TimelineLayer['kind'];
export type MediaAsset = Schemas['MediaAsset'];
export type MediaAssetDetail = Schemas['MediaAssetDetail'];
export type BackgroundRun = Schemas['BackgroundRun'];
export type MultipartUpload = Schemas['MultipartUpload'];
export type MediaFolder = Schemas['MediaFolder'];
export type DeletionResult = Schemas['DeletionResult'];
export type DeletionImpact = Schemas['DeletionImpact'];
export type Clip = Schemas['Clip'];
export type ClipStatus = Schemas['ClipStatus'];
export type ClipError = Schemas['ClipError'];
export type Character = Schemas['Character'];
export type FacelessPlanRevision = Schemas['FacelessPlanRevision'];
export type Plan = Schemas['Plan'];
export type PlanScene = Schemas['PlanScene'];
export type PlanCharacter = Schemas['PlanCharacter'];
export type Export = Schemas['Export'];
export type Job = Schemas['Job'];
export type Webhook = Schemas['Webhook'];
export type WebhookEventName = Schemas['WebhookEventName'];
export type CaptionWord = Schemas['CaptionWord'];
export type CaptionWordStyle = Schemas['CaptionWordStyle'];
export type CaptionSettings = Schemas['CaptionSettings'];
export type CaptionStyleResponse = Schemas['CaptionStyleResponse'];
export type CaptionLook = Schemas['CaptionLook'];
export type ClipSharePage = Schemas['ClipSharePage'];
export type ScheduledPost = Schemas['ScheduledPost'];
export type ScheduledPostFailure = Schemas['ScheduledPostFailure'];
export type PublishingConnection = Schemas['PublishingConnection'];
export type OnboardingState = Schemas['OnboardingState'];
export type BrandContext = Schemas['BrandContext'];
export type ShortSuggestionsRunState = Schemas['ShortSuggestionsRunState'];
export type CreditsBalance = Schemas['CreditsBalance'];
export type TimelineOperationPreview = Schemas['TimelineOperationPreview'];
export type TimelineOperationResult = Schemas['TimelineOperationResult'];
export type TimelineMoveResult = Schemas['TimelineMoveResult'];
export type TimelineBatchDeleteResult = Schemas['TimelineBatchDeleteResult'];
export type TimelineBatchDeleteFailedItem = Schemas['TimelineBatchDeleteFailedItem'];
export type Schema<Name extends keyof Schemas> = Schemas[Name];
