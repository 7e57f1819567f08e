/**
 * The caption styler's own ephemeral state (the kit adds history, notices, the announcement, the
 * gesture in progress and the outbox: the changes not yet confirmed by the service): the selection
 * and its anchor, the change a gesture shows while it is made (a slider being dragged, a timing
 * handle), the page the preview shows and the Look tried in it (hovered or focused in the
 * gallery).
 */
import type { CaptionLook } from '@/api/schema.gen.ts';
import type { CaptionChange } from '../model/caption-change.ts';

export interface CaptionsState {
  selection: ReadonlySet<string>;
  anchor: string | null;
  /** Shown on top of everything while a gesture is made; committed (or dropped) at its end. */
  draft: CaptionChange | null;
  /** The word whose page the preview shows when it is not playing. */
  focusWord: string | null;
  /** A Look tried in the preview before it is applied (nothing is saved). */
  lookPreview: CaptionLook | null;
}

export const MARKED_KEYS: ReadonlyArray<keyof CaptionsState> = ['draft', 'selection', 'anchor'];

export function initialCaptionsState(): CaptionsState {
  return { selection: new Set(), anchor: null, draft: null, focusWord: null, lookPreview: null };
}
