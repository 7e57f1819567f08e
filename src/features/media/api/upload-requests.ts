/**
 * The multipart upload endpoints of the contract (start, sign-part, parts, complete, and the
 * reference's abort), in the shapes Uppy's S3 multipart plugin asks for. Reads, sign-part (it
 * changes nothing) and complete (which answers the same asset when repeated) retry 429 / 5xx /
 * network failures; start retries only a 429 (refused before anything was opened: any other
 * repeated start could open a second upload).
 */
import { api, unwrap } from '@/api/client.ts';
import { getCsrfToken } from '@/api/csrf-token.ts';
import { isRefusedUnprocessed, withRetries } from '@/api/retry-policy.ts';
import type { MediaAsset } from '@/api/schema.gen.ts';

export interface UploadRef {
  storageKey: string;
  uploadId: string;
}

export async function startUpload(
  file: { name: string; type: string; size: number },
  folderId: string | null,
  signal?: AbortSignal,
): Promise<UploadRef & { expiresAt: string }> {
  const started = await withRetries(
    () =>
      unwrap(
        api.POST('/workspace/media/upload/multipart/start', {
          body: {
            filename: file.name,
            content_type: file.type,
            size_bytes: file.size,
            ...(folderId ? { folder_id: folderId } : {}),
          },
          signal,
        }),
      ),
    isRefusedUnprocessed,
  );
  return {
    storageKey: started.storage_key,
    uploadId: started.upload_id,
    expiresAt: started.expires_at,
  };
}

/** Where to PUT one part: the BFF's relay URL (same origin), with the headers it needs. */
export async function signPart(ref: UploadRef, partNumber: number, signal?: AbortSignal) {
  const signed = await withRetries(() =>
    unwrap(
      api.POST('/workspace/media/upload/multipart/sign-part', {
        body: { storage_key: ref.storageKey, upload_id: ref.uploadId, part_number: partNumber },
        signal,
      }),
    ),
  );
  const csrf = getCsrfToken();
  return {
    method: 'PUT' as const,
    url: signed.url,
    headers: { ...signed.headers, ...(csrf ? { 'X-CSRF-Token': csrf } : {}) },
    expires: Math.max(60, Math.floor((Date.parse(signed.expires_at) - Date.now()) / 1000)),
  };
}

export interface ReceivedPart {
  PartNumber: number;
  ETag: string;
  Size: number;
}

export async function listParts(ref: UploadRef, signal?: AbortSignal): Promise<ReceivedPart[]> {
  const list = await withRetries(() =>
    unwrap(
      api.GET('/workspace/media/upload/multipart/parts', {
        params: { query: { storage_key: ref.storageKey, upload_id: ref.uploadId } },
        signal,
      }),
    ),
  );
  return list.parts.map((part) => ({
    PartNumber: part.part_number,
    ETag: part.etag,
    Size: part.size_bytes,
  }));
}

export function completeUpload(
  ref: UploadRef,
  parts: ReadonlyArray<{ PartNumber?: number; ETag?: string }>,
  signal?: AbortSignal,
): Promise<MediaAsset> {
  const sorted = parts
    .flatMap((part) =>
      part.PartNumber !== undefined && part.ETag !== undefined
        ? [{ part_number: part.PartNumber, etag: part.ETag }]
        : [],
    )
    .sort((a, b) => a.part_number - b.part_number);
  return withRetries(() =>
    unwrap(
      api.POST('/workspace/media/upload/multipart/complete', {
        body: { storage_key: ref.storageKey, upload_id: ref.uploadId, parts: sorted },
        signal,
      }),
    ),
  );
}

/** Aborts on the service: the parts are discarded and the upload is gone. */
export async function abortUpload(ref: UploadRef): Promise<boolean> {
  const result = await withRetries(() =>
    unwrap(
      api.POST('/workspace/media/upload/multipart/abort', {
        body: { storage_key: ref.storageKey, upload_id: ref.uploadId },
      }),
    ),
  );
  return result.aborted === true;
}
