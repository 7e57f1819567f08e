/**
 * Unfinished multipart uploads, kept in the browser (localStorage) so an upload survives a reload,
 * a crash or a closed tab: the file's fingerprint (workspace, name, size, type, last modified)
 * names the open upload on the service (`storage_key` + `upload_id`). Choosing the same file again
 * lists the parts the service holds and sends only the missing ones. Records past the service's
 * expiry are dropped.
 */
import { z } from 'zod/mini';

export interface FileIdentity {
  name: string;
  size: number;
  type: string;
  lastModified: number;
}

const pendingSchema = z.object({
  fingerprint: z.string(),
  organizationId: z.string(),
  name: z.string(),
  size: z.int().check(z.nonnegative()),
  type: z.string(),
  lastModified: z.number(),
  folderId: z.nullable(z.string()),
  storageKey: z.string().check(z.minLength(1)),
  uploadId: z.string().check(z.minLength(1)),
  partSize: z.int().check(z.positive()),
  startedAt: z.string(),
  expiresAt: z.string(),
});

export type PendingUpload = z.infer<typeof pendingSchema>;

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const RESUME_STORAGE_KEY = 'cutroom.media.pending-uploads.v1';

export function fingerprintOf(file: FileIdentity, organizationId: string): string {
  return [organizationId, file.name, file.size, file.type, file.lastModified].join('\u0000');
}

export interface ResumeStore {
  /** The workspace's unfinished uploads, oldest first (expired ones dropped). */
  list(organizationId: string): PendingUpload[];
  find(fingerprint: string): PendingUpload | undefined;
  save(upload: PendingUpload): void;
  forget(fingerprint: string): void;
}

export function createResumeStore(storage: KeyValueStorage, now: () => number = Date.now) {
  const read = (): PendingUpload[] => {
    let raw: unknown;
    try {
      raw = JSON.parse(storage.getItem(RESUME_STORAGE_KEY) ?? '[]');
    } catch {
      return [];
    }
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((entry) => {
      const parsed = pendingSchema.safeParse(entry);
      return parsed.success && Date.parse(parsed.data.expiresAt) > now() ? [parsed.data] : [];
    });
  };
  const write = (uploads: PendingUpload[]) => {
    try {
      if (uploads.length === 0) storage.removeItem(RESUME_STORAGE_KEY);
      else storage.setItem(RESUME_STORAGE_KEY, JSON.stringify(uploads));
    } catch {
      // Storage full or blocked: the upload still works, it just cannot resume after a reload.
    }
  };
  const store: ResumeStore = {
    list: (organizationId) => read().filter((upload) => upload.organizationId === organizationId),
    find: (fingerprint) => read().find((upload) => upload.fingerprint === fingerprint),
    save: (upload) =>
      write([...read().filter((old) => old.fingerprint !== upload.fingerprint), upload]),
    forget: (fingerprint) => write(read().filter((old) => old.fingerprint !== fingerprint)),
  };
  return store;
}

const MIB = 1024 * 1024;
/** The service's floor for every part but the last (and S3's). */
export const MIN_PART_BYTES = 5 * MIB;
export const MAX_PARTS = 10_000;

/**
 * The part size for a file: at least 5 MiB, larger for large files, and large enough that the
 * file fits in 10 000 parts. Each part costs a sign-part round trip before its bytes go (the
 * stream that sends it waits meanwhile) and a request through every hop, so a 1 GiB file goes in
 * 32 parts of 32 MiB rather than 64 of 16 MiB; a dropped connection loses at most the parts in
 * flight (four, each resent whole).
 */
export function partSizeFor(size: number): number {
  const preferred =
    size >= 1024 * MIB
      ? 32 * MIB
      : size >= 512 * MIB
        ? 16 * MIB
        : size >= 64 * MIB
          ? 8 * MIB
          : MIN_PART_BYTES;
  return Math.max(preferred, Math.ceil(size / MAX_PARTS));
}

/** How many parts a file of `size` is sent in with parts of `partSize`. */
export function partCount(size: number, partSize: number): number {
  return Math.max(1, Math.ceil(size / partSize));
}
