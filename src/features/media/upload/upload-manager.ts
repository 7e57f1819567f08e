/**
 * Uploads of media files with Uppy and its S3 multipart plugin, over the contract's multipart
 * endpoints: parts of at least 5 MiB, at most two requests at a time (and two parts at a time
 * across the browser's tabs, see part-slots), pause / resume, retry, and
 * resume after a reload or a dropped connection (the open upload is remembered per file; the parts
 * the service holds are listed and only the missing ones are sent). Cancel aborts the upload on
 * the service. One manager per workspace lives for the page's lifetime, so uploads go on while the
 * user moves between screens; the React side reads it with useSyncExternalStore.
 */
import AwsS3, { type AwsS3Part } from '@uppy/aws-s3';
import Uppy, { type UppyFile } from '@uppy/core';
import { ApiError } from '@/api/api-error.ts';
import {
  abortUpload,
  completeUpload,
  listParts,
  signPart,
  startUpload,
  type UploadRef,
} from '../api/upload-requests.ts';
import {
  createResumeStore,
  fingerprintOf,
  type KeyValueStorage,
  partCount,
  partSizeFor,
  type PendingUpload,
  RESUME_STORAGE_KEY,
  type ResumeStore,
} from './resume-store.ts';
import { browserLocks, type LocksLike } from '@/lib/web-locks.ts';
import { LeavingGuard } from './leaving-guard.ts';
import { withPartSlot } from './part-slots.ts';
import { describeUploadError, fileProblem } from './upload-problems.ts';
import {
  addSample,
  bytesPerSecond,
  emptyRate,
  secondsLeft,
  type TransferRate,
} from './transfer-rate.ts';
import { UploadsElsewhere } from './uploads-elsewhere.ts';
import type { MediaAsset } from '@/api/schema.gen.ts';

type Meta = { folderId: string | null };
type Body = Record<string, unknown>;
type File_ = UppyFile<Meta, Body>;

export type UploadStatus =
  'checking' | 'uploading' | 'paused' | 'failed' | 'complete' | 'cancelling' | 'cancelled';

export interface UploadItem {
  id: string;
  name: string;
  size: number;
  folderId: string | null;
  status: UploadStatus;
  bytesUploaded: number;
  /** 0-100. */
  percent: number;
  /** Bytes per second over the last seconds, null when not known yet. */
  speed: number | null;
  secondsLeft: number | null;
  totalParts: number;
  /** Parts confirmed by the service: found when resuming, plus those sent since. */
  partsDone: number;
  /** Parts the service already held when this upload resumed (null: a fresh upload). */
  resumedParts: number | null;
  /** What went wrong, in words the user can act on. */
  error: string | null;
  /** After a cancel: whether the service confirmed the abort. */
  abortedOnService: boolean | null;
  assetId: string | null;
}

export interface UploadSnapshot {
  items: readonly UploadItem[];
  /** Unfinished uploads of this workspace whose file is not chosen (yet) on this page. */
  pending: readonly PendingUpload[];
  offline: boolean;
}

interface Tracked {
  name: string;
  size: number;
  folderId: string | null;
  fingerprint: string;
  status: UploadStatus;
  bytesUploaded: number;
  rate: TransferRate;
  totalParts: number;
  doneParts: Set<number>;
  resumedParts: number | null;
  error: string | null;
  abortedOnService: boolean | null;
  assetId: string | null;
  /** The open upload on the service, once started (or found when resuming). */
  ref: UploadRef | null;
}

/**
 * Two requests at a time: up to two parts in flight, fewer while parts are being signed. A part
 * runs as long as its bytes take, and a tab holds at most two such requests (the browser's six
 * connections per host are shared by all its tabs).
 */
export const CONCURRENT_REQUESTS = 2;
const PROGRESS_EMIT_MS = 150;
/**
 * Finished uploads are announced at most this often: 150 small files finish within seconds, and
 * one library refetch per file would spend the session's request budget (429s) on reads.
 */
export const UPLOADED_NOTICE_MS = 1000;

/** Statuses in which bytes or calls of the upload are on their way. */
export function isSending(status: UploadStatus): boolean {
  return status === 'checking' || status === 'uploading';
}

export class UploadManager {
  readonly organizationId: string;
  private readonly uppy: Uppy<Meta, Body>;
  private readonly resume: ResumeStore;
  private readonly tracked = new Map<string, Tracked>();
  /** Rows kept after their file left Uppy (cancelled), in the order they were added. */
  private readonly order: string[] = [];
  private readonly listeners = new Set<() => void>();
  private snapshot: UploadSnapshot;
  private emitTimer: ReturnType<typeof setTimeout> | null = null;
  private offline = false;
  private readonly onUploaded: (assets: readonly MediaAsset[]) => void;
  private uploadedSinceNotice: MediaAsset[] = [];
  private uploadedNoticeTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly leaving = new LeavingGuard();
  private readonly elsewhere: UploadsElsewhere;
  /** Another tab changed the unfinished uploads (started, finished or cancelled one). */
  private readonly onStorage = (event: StorageEvent) => {
    if (event.key !== RESUME_STORAGE_KEY) return;
    this.emit();
    void this.checkElsewhere();
  };

  constructor(options: {
    organizationId: string;
    storage: KeyValueStorage;
    /** Called with the assets finished since the last call, at most once per UPLOADED_NOTICE_MS. */
    onUploaded?: (assets: readonly MediaAsset[]) => void;
    /** The browser's Web Locks (tests pass a stand-in). */
    locks?: LocksLike | undefined;
  }) {
    this.organizationId = options.organizationId;
    this.resume = createResumeStore(options.storage);
    this.elsewhere = new UploadsElsewhere(options.locks ?? browserLocks(), () => this.emit());
    this.onUploaded = options.onUploaded ?? (() => undefined);
    this.uppy = new Uppy<Meta, Body>({ autoProceed: false, allowMultipleUploadBatches: true });
    this.uppy.use(AwsS3<Meta, Body>, {
      shouldUseMultipart: true,
      limit: CONCURRENT_REQUESTS,
      uploadPartBytes: (options) =>
        withPartSlot(() => AwsS3.uploadPartBytes(options), { signal: options.signal }),
      // A dropped part is retried after these delays (riding out a short cut), then the file
      // fails and can resume.
      retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000],
      getChunkSize: (data: { size: number }) => this.partSizeOf(data),
      createMultipartUpload: (file) => this.create(file),
      signPart: (_file, options) =>
        signPart(
          { storageKey: options.key, uploadId: options.uploadId },
          options.partNumber,
          options.signal,
        ),
      listParts: (_file, options) =>
        listParts({ storageKey: options.key, uploadId: options.uploadId ?? '' }, options.signal),
      completeMultipartUpload: async (_file, options) => {
        const asset = await completeUpload(
          { storageKey: options.key, uploadId: options.uploadId },
          options.parts,
          options.signal,
        );
        return { ...asset, location: undefined };
      },
      // Uppy aborts a failed upload; Cutroom keeps it so it can resume. Cancel aborts (below).
      abortMultipartUpload: async () => undefined,
    });
    this.uppy.on('upload-progress', (file, progress) => {
      const tracked = file && this.tracked.get(file.id);
      if (!tracked || progress.bytesUploaded === undefined) return;
      tracked.bytesUploaded = progress.bytesUploaded;
      tracked.rate = addSample(tracked.rate, {
        at: performance.now(),
        bytes: progress.bytesUploaded,
      });
      if (tracked.status === 'checking') tracked.status = 'uploading';
      this.emitSoon();
    });
    this.uppy.on('s3-multipart:part-uploaded', (file, part) => {
      const tracked = this.tracked.get(file.id);
      if (!tracked) return;
      tracked.doneParts.add(part.PartNumber);
      this.emitSoon();
    });
    this.uppy.on('upload-success', (file, response) => {
      const tracked = file && this.tracked.get(file.id);
      if (!tracked) return;
      const asset = response.body as unknown as MediaAsset | undefined;
      tracked.status = 'complete';
      tracked.bytesUploaded = tracked.size;
      tracked.doneParts = new Set(Array.from({ length: tracked.totalParts }, (_, i) => i + 1));
      tracked.assetId = asset?.id ?? null;
      tracked.error = null;
      this.resume.forget(tracked.fingerprint);
      this.elsewhere.release(tracked.fingerprint);
      // Out of Uppy once its upload round is over (the same file can then be chosen again).
      setTimeout(() => {
        if (this.uppy.getFile(file.id)) this.uppy.removeFile(file.id);
      }, 0);
      if (asset) this.noticeUploaded(asset);
      this.emit();
    });
    this.uppy.on('upload-error', (file, error) => {
      const tracked = file && this.tracked.get(file.id);
      if (!tracked || tracked.status === 'cancelling' || tracked.status === 'cancelled') return;
      tracked.status = 'failed';
      tracked.error = describeUploadError(error);
      tracked.rate = emptyRate;
      // Uppy forgets the upload of a failed file; keep it, so any retry (ours, or Uppy's own
      // when more files are added) resumes it from the parts the service holds.
      if (tracked.ref && this.uppy.getFile(file.id)) {
        this.uppy.setFileState(file.id, {
          s3Multipart: { key: tracked.ref.storageKey, uploadId: tracked.ref.uploadId },
        } as Partial<File_>);
      }
      this.emit();
    });
    this.uppy.on('upload-pause', (file, isPaused) => {
      const tracked = file && this.tracked.get(file.id);
      if (!tracked || tracked.status === 'complete') return;
      tracked.status = isPaused ? 'paused' : 'uploading';
      tracked.rate = emptyRate;
      this.emit();
    });
    this.uppy.on('is-offline', () => {
      this.offline = true;
      this.emit();
    });
    this.uppy.on('back-online', () => {
      this.offline = false;
      // Files that failed while the connection was down resume by themselves.
      for (const [id, tracked] of this.tracked) {
        if (tracked.status === 'failed') void this.retry(id);
      }
      this.emit();
    });
    this.snapshot = this.buildSnapshot();
    if (typeof window !== 'undefined') window.addEventListener('storage', this.onStorage);
    void this.checkElsewhere();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): UploadSnapshot => this.snapshot;

  /**
   * Adds files and starts them (into `folderId`). A file that matches an unfinished upload of this
   * workspace resumes it. Answers the problems of files that were refused.
   */
  async add(files: readonly File[], folderId: string | null): Promise<string[]> {
    const problems: string[] = [];
    const added: string[] = [];
    for (const file of files) {
      const problem = fileProblem(file);
      if (problem) {
        problems.push(problem);
        continue;
      }
      const fingerprint = fingerprintOf(file, this.organizationId);
      if (
        [...this.tracked.values()].some((t) => t.fingerprint === fingerprint && this.isActive(t))
      ) {
        problems.push(`${file.name} is already being uploaded.`);
        continue;
      }
      if (!(await this.elsewhere.hold(fingerprint))) {
        problems.push(
          `${file.name} is being uploaded in another tab of this browser: it goes on there.`,
        );
        continue;
      }
      let id: string;
      try {
        id = this.uppy.addFile({
          name: file.name,
          type: file.type,
          data: file,
          meta: { folderId },
        });
      } catch (error) {
        problems.push(error instanceof Error ? error.message : `${file.name} could not be added.`);
        continue;
      }
      const pending = this.resume.find(fingerprint);
      this.tracked.set(id, {
        name: file.name,
        size: file.size,
        folderId: pending ? pending.folderId : folderId,
        fingerprint,
        status: 'checking',
        bytesUploaded: 0,
        rate: emptyRate,
        totalParts: partCount(file.size, pending?.partSize ?? partSizeFor(file.size)),
        doneParts: new Set(),
        resumedParts: null,
        error: null,
        abortedOnService: null,
        assetId: null,
        ref: pending ? { storageKey: pending.storageKey, uploadId: pending.uploadId } : null,
      });
      this.order.push(id);
      added.push(id);
    }
    this.emit();
    // Resumable files: confirm the upload is still open and learn which parts are there.
    await Promise.all(added.map((id) => this.prepareResume(id)));
    if (added.length > 0) void this.uppy.upload().catch(() => undefined);
    return problems;
  }

  pause(id: string): void {
    const tracked = this.tracked.get(id);
    if (tracked?.status === 'uploading' || tracked?.status === 'checking')
      this.uppy.pauseResume(id);
  }

  resumeUpload(id: string): void {
    const tracked = this.tracked.get(id);
    if (tracked?.status === 'paused') this.uppy.pauseResume(id);
  }

  /** Tries a failed file again: from the parts the service holds, never from zero. */
  async retry(id: string): Promise<void> {
    const tracked = this.tracked.get(id);
    if (!tracked || tracked.status !== 'failed') return;
    tracked.status = 'checking';
    tracked.error = null;
    this.emit();
    await this.prepareResume(id);
    if (this.tracked.get(id)?.status !== 'checking') return;
    void this.uppy.retryUpload(id).catch(() => undefined);
  }

  /** Stops the file and aborts its upload on the service (its parts are discarded). */
  async cancel(id: string): Promise<void> {
    const tracked = this.tracked.get(id);
    if (!tracked || !this.isActive(tracked)) return;
    tracked.status = 'cancelling';
    this.emit();
    if (this.uppy.getFile(id)) this.uppy.removeFile(id);
    const ref = tracked.ref;
    this.resume.forget(tracked.fingerprint);
    if (ref) {
      await this.abortOnService(tracked, ref);
    } else {
      // Nothing started on the service yet (create() aborts it if the start answers later).
      tracked.abortedOnService = null;
    }
    tracked.status = 'cancelled';
    this.elsewhere.release(tracked.fingerprint);
    this.emit();
  }

  /** Drops a finished, failed or cancelled row from the list. */
  dismiss(id: string): void {
    const tracked = this.tracked.get(id);
    if (!tracked || this.isActive(tracked)) return;
    if (tracked.status === 'failed' && this.uppy.getFile(id)) this.uppy.removeFile(id);
    this.tracked.delete(id);
    this.order.splice(this.order.indexOf(id), 1);
    this.emit();
  }

  /** An unfinished upload from an earlier page that the user will not resume: abort it. */
  async discardPending(fingerprint: string): Promise<void> {
    const pending = this.resume.find(fingerprint);
    if (!pending) return;
    this.resume.forget(fingerprint);
    this.emit();
    try {
      await abortUpload({ storageKey: pending.storageKey, uploadId: pending.uploadId });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) {
        this.resume.save(pending);
        this.emit();
        throw error;
      }
    }
  }

  destroy(): void {
    this.leaving.guard(false);
    if (typeof window !== 'undefined') window.removeEventListener('storage', this.onStorage);
    this.elsewhere.dispose();
    if (this.emitTimer) clearTimeout(this.emitTimer);
    if (this.uploadedNoticeTimer) clearTimeout(this.uploadedNoticeTimer);
    this.uppy.destroy();
    this.listeners.clear();
  }

  private async checkElsewhere(): Promise<void> {
    await this.elsewhere.check(
      this.resume.list(this.organizationId).map((upload) => upload.fingerprint),
    );
  }

  private isActive(tracked: Tracked): boolean {
    return ['checking', 'uploading', 'paused', 'failed'].includes(tracked.status);
  }

  private partSizeOf(data: { size: number }): number {
    if (typeof File !== 'undefined' && data instanceof File) {
      const pending = this.resume.find(fingerprintOf(data, this.organizationId));
      if (pending) return pending.partSize;
    }
    return partSizeFor(data.size);
  }

  /** Starts the upload on the service and remembers it, so it can resume after a reload. */
  private async create(file: File_): Promise<{ key: string; uploadId: string }> {
    const tracked = this.tracked.get(file.id);
    const data = file.data as File;
    const folderId = file.meta.folderId ?? null;
    const started = await startUpload(
      { name: data.name, type: data.type, size: data.size },
      folderId,
    );
    const ref = { storageKey: started.storageKey, uploadId: started.uploadId };
    if (!tracked || tracked.status === 'cancelling' || tracked.status === 'cancelled') {
      // Cancelled while the start was on its way: do not leave it open.
      await abortUpload(ref).catch(() => undefined);
      if (tracked) tracked.abortedOnService = true;
      throw new DOMException('The upload was cancelled.', 'AbortError');
    }
    tracked.ref = ref;
    this.resume.save({
      fingerprint: tracked.fingerprint,
      organizationId: this.organizationId,
      name: data.name,
      size: data.size,
      type: data.type,
      lastModified: data.lastModified,
      folderId,
      storageKey: ref.storageKey,
      uploadId: ref.uploadId,
      partSize: partSizeFor(data.size),
      startedAt: new Date().toISOString(),
      expiresAt: started.expiresAt,
    });
    this.emit();
    return { key: ref.storageKey, uploadId: ref.uploadId };
  }

  /**
   * For a file whose upload is open on the service: lists its parts (what the progress starts
   * from) and hands the upload to Uppy so it sends only the missing parts. An upload that is gone
   * (expired, aborted) is forgotten and the file starts over.
   */
  private async prepareResume(id: string): Promise<void> {
    const tracked = this.tracked.get(id);
    if (!tracked?.ref) return;
    try {
      const parts = await listParts(tracked.ref);
      tracked.resumedParts = parts.length;
      tracked.doneParts = new Set(parts.map((part: AwsS3Part) => part.PartNumber ?? 0));
      tracked.bytesUploaded = parts.reduce((sum, part) => sum + part.Size, 0);
      this.uppy.setFileState(id, {
        s3Multipart: { key: tracked.ref.storageKey, uploadId: tracked.ref.uploadId },
      } as Partial<File_>);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        this.resume.forget(tracked.fingerprint);
        tracked.ref = null;
        tracked.resumedParts = null;
        tracked.doneParts = new Set();
        tracked.bytesUploaded = 0;
      } else {
        tracked.status = 'failed';
        tracked.error = describeUploadError(error);
      }
    }
    this.emit();
  }

  private async abortOnService(tracked: Tracked, ref: UploadRef): Promise<void> {
    try {
      tracked.abortedOnService = await abortUpload(ref);
    } catch (error) {
      // Already gone on the service (aborted, expired): nothing is left there either.
      if (error instanceof ApiError && error.status === 404) tracked.abortedOnService = true;
      else {
        tracked.abortedOnService = false;
        tracked.error = `The upload stopped, but the service did not confirm the abort: ${describeUploadError(error)}`;
      }
    }
  }

  private buildSnapshot(): UploadSnapshot {
    const items = this.order.flatMap((id): UploadItem[] => {
      const tracked = this.tracked.get(id);
      if (!tracked) return [];
      const moving = tracked.status === 'uploading';
      return [
        {
          id,
          name: tracked.name,
          size: tracked.size,
          folderId: tracked.folderId,
          status: tracked.status,
          bytesUploaded: tracked.bytesUploaded,
          percent:
            tracked.size === 0
              ? 0
              : Math.min(100, Math.floor((tracked.bytesUploaded / tracked.size) * 100)),
          speed: moving ? bytesPerSecond(tracked.rate) : null,
          secondsLeft: moving ? secondsLeft(tracked.rate, tracked.size) : null,
          totalParts: tracked.totalParts,
          partsDone: tracked.doneParts.size,
          resumedParts: tracked.resumedParts,
          error: tracked.error,
          abortedOnService: tracked.abortedOnService,
          assetId: tracked.assetId,
        },
      ];
    });
    const chosen = new Set(
      [...this.tracked.values()].filter((t) => this.isActive(t)).map((t) => t.fingerprint),
    );
    return {
      items,
      // Uploads open in another tab are that tab's, not unfinished.
      pending: this.resume
        .list(this.organizationId)
        .filter(
          (upload) => !chosen.has(upload.fingerprint) && !this.elsewhere.has(upload.fingerprint),
        ),
      offline: this.offline,
    };
  }

  private emit(): void {
    if (this.emitTimer) {
      clearTimeout(this.emitTimer);
      this.emitTimer = null;
    }
    this.snapshot = this.buildSnapshot();
    this.leaving.guard(this.snapshot.items.some((item) => isSending(item.status)));
    for (const listener of this.listeners) listener();
  }

  /** The first finished file is announced at once; those that follow within a second, together. */
  private noticeUploaded(asset: MediaAsset): void {
    this.uploadedSinceNotice.push(asset);
    if (this.uploadedNoticeTimer) return;
    const flush = () => {
      const assets = this.uploadedSinceNotice;
      this.uploadedSinceNotice = [];
      if (assets.length === 0) {
        this.uploadedNoticeTimer = null;
        return;
      }
      this.onUploaded(assets);
      this.uploadedNoticeTimer = setTimeout(flush, UPLOADED_NOTICE_MS);
    };
    flush();
  }

  /** Progress arrives many times a second: coalesce it. */
  private emitSoon(): void {
    if (this.emitTimer) return;
    this.emitTimer = setTimeout(() => {
      this.emitTimer = null;
      this.emit();
    }, PROGRESS_EMIT_MS);
  }
}

let current: UploadManager | null = null;

/** The page's upload manager for a workspace (a new workspace gets a new one). */
export function uploadManagerFor(
  organizationId: string,
  onUploaded?: (assets: readonly MediaAsset[]) => void,
): UploadManager {
  if (current?.organizationId !== organizationId) {
    current?.destroy();
    current = new UploadManager({ organizationId, storage: window.localStorage, onUploaded });
  }
  return current;
}
