/**
 * The post being written in the scheduler, kept on this device (localStorage, per workspace) so a
 * reload or a trip to another screen does not lose the caption, the chosen export or images and
 * their order, the account, the mode or the time. Removed once the post is sent.
 */
import { z } from 'zod/mini';
import { clearStored, loadStored, saveStored } from '@/lib/device-storage.ts';

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
  return loadStored(storage, key, (value) => {
    const parsed = draftSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  });
}

export function saveScheduleDraft(storage: Storage | null, key: string, draft: ScheduleDraft) {
  saveStored(storage, key, draft);
}

export function clearScheduleDraft(storage: Storage | null, key: string) {
  clearStored(storage, key);
}

/**
 * Whether a draft holds work the user would miss: a caption, images in an order, an account. An
 * export alone is not (the export's “Schedule post” link chooses it again).
 */
export function hasUserInput(draft: ScheduleDraft): boolean {
  return draft.caption.trim() !== '' || draft.imageIds.length > 0 || draft.connectionId !== '';
}
