/**
 * The caption styler's own ephemeral state (the kit adds history, notices, the announcement, the
 * gesture in progress and the outbox: the changes not yet confirmed by the service): the selection
 * and its anchor, the change a gesture shows while it is made (a slider being dragged, a timing
 * handle) and the page the preview shows.
 */
import type { CaptionChange } from '../model/caption-change.ts';

export interface CaptionsState {
  selection: ReadonlySet<string>;
  anchor: string | null;
  /** Shown on top of everything while a gesture is made; committed (or dropped) at its end. */
  draft: CaptionChange | null;
  /** The word whose page the preview shows when it is not playing. */
  focusWord: string | null;
}

export const MARKED_KEYS: ReadonlyArray<keyof CaptionsState> = ['draft', 'selection', 'anchor'];

export function initialCaptionsState(): CaptionsState {
  return { selection: new Set(), anchor: null, draft: null, focusWord: null };
}
