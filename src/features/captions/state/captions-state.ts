/**
 * The caption styler's own ephemeral state (the kit adds history, notices, the announcement and
 * the gesture in progress): the selection and its anchor, the change a gesture shows while it is
 * made (a slider being dragged, a timing handle), the page the preview shows, the Look tried in
 * it (hovered or focused in the gallery), and the changes not yet confirmed by the service (the
 * outbox: local work, kept on this device, never server data).
 */
import type { CaptionLook } from '@/api/schema.gen.ts';
import type { CaptionChange } from '../model/caption-change.ts';
import type { OutboxEntry } from '../model/outbox.ts';

export interface CaptionsState {
  selection: ReadonlySet<string>;
  anchor: string | null;
  /** Shown on top of everything while a gesture is made; committed (or dropped) at its end. */
  draft: CaptionChange | null;
  /** The word whose page the preview shows when it is not playing. */
  focusWord: string | null;
  /** A Look tried in the preview before it is applied (nothing is saved). */
  lookPreview: CaptionLook | null;
  outbox: OutboxEntry[];
  /** Saving waits for the person: a save failed, or changes were left from an earlier visit. */
  saveHeld: 'failed' | 'returned' | null;
  /** What reconciling the returned changes with the service found. */
  returned: { alreadySaved: number; changedElsewhere: string[] } | null;
}

export const MARKED_KEYS: ReadonlyArray<keyof CaptionsState> = ['draft', 'selection', 'anchor'];

export function initialCaptionsState(outbox: OutboxEntry[] = []): CaptionsState {
  return {
    selection: new Set(),
    anchor: null,
    draft: null,
    focusWord: null,
    lookPreview: null,
    outbox,
    saveHeld: outbox.length > 0 ? 'returned' : null,
    returned: null,
  };
}
