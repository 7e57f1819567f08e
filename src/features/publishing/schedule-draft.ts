/**
 * The post being written in the scheduler, kept on this device (localStorage, per workspace) so a
 * reload or a trip to another screen does not lose the caption, the chosen export or images and
 * their order, the account, the mode or the time. Removed once the post is sent.
 */
import { z } from 'zod/mini';

const draftSchema = z.object({
  source: z.enum(['export', 'slideshow']),
  projectId: z.string(),
  exportId: z.string(),
  /** Slideshow image ids, in the order the user set. */
  imageIds: z.array(z.string()),
  connectionId: z.string(),
  mode: z.enum(['direct_post', 'inbox_draft']),
  when: z.enum(['now', 'later']),
  date: z.string(),
  time: z.string(),
  caption: z.string(),
});

export type ScheduleDraft = z.infer<typeof draftSchema>;

export function scheduleDraftKey(organizationId: string): string {
  return `cutroom.schedule-draft.${organizationId}`;
}

/** The stored draft, or null when there is none or it cannot be read. */
export function loadScheduleDraft(storage: Storage | null, key: string): ScheduleDraft | null {
  try {
    const text = storage?.getItem(key);
    if (!text) return null;
    const parsed = draftSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveScheduleDraft(storage: Storage | null, key: string, draft: ScheduleDraft) {
  try {
    storage?.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the draft lives only as long as the page.
  }
}

export function clearScheduleDraft(storage: Storage | null, key: string) {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing stored that could be removed.
  }
}

/**
 * Whether a draft holds work the user would miss: a caption, images in an order, an account. An
 * export alone is not (the export's “Schedule post” link chooses it again).
 */
export function hasUserInput(draft: ScheduleDraft): boolean {
  return draft.caption.trim() !== '' || draft.imageIds.length > 0 || draft.connectionId !== '';
}
