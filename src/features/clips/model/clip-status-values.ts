/**
 * The clip statuses the contract names, and the check that a value is one (what the clips page's
 * URL validation needs, loaded on every screen; their words live in clip-status.ts).
 */
import { clipStatusValues } from '@/api/schema.gen.ts';
import type { ClipStatus } from '@/api/schema.gen.ts';

export const CLIP_STATUSES: readonly ClipStatus[] = clipStatusValues;

export const isClipStatus = (value: unknown): value is ClipStatus =>
  typeof value === 'string' && (CLIP_STATUSES as readonly string[]).includes(value);
