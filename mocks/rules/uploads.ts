/**
 * Multipart uploads (assumed in the contract: start, sign-part, parts, complete; abort is the
 * reference's). The rules, written once:
 * - start opens an upload for one file (`size_bytes`, `content_type` video/audio/image, optional
 *   folder) that expires after UPLOAD_TTL_MS; its `storage_key` and `upload_id` name it together.
 * - sign-part answers a signed URL, valid SIGNED_URL_TTL_S, for one part number. The part's bytes
 *   are sent there with PUT (no Authorization: the HMAC signature in the URL is the credential);
 *   the answer is 200 with the part's ETag. A part number sent again replaces the part.
 * - A part is at most MAX_PART_BYTES and never larger than the file; every part but the last is at
 *   least MIN_PART_BYTES (checked at complete, as S3 does).
 * - complete takes the parts in ascending order with their ETags; parts received but not listed
 *   are dropped. The assembled size must equal `size_bytes`. The asset is created (kind from the
 *   content type, in the folder given at start) and `media.uploaded` is sent. Completing again
 *   answers the same asset.
 * - abort discards the parts; afterwards the upload is unknown (404) to sign-part, parts, complete
 *   and abort. A completed upload cannot be aborted (409 `upload_completed`).
 */
import { ApiError, conflict, invalid, notFound } from '../lib/errors.ts';
import { PartTooLargeError, toHex } from '../lib/part-store.ts';
import type { Simulator } from '../simulator.ts';
import type { AssetRecord, UploadRecord, Workspace } from '../store/workspace.ts';
import { assetView } from '../store/workspace.ts';
import type { Schema } from '../store/contract.ts';

export const MIN_PART_BYTES = 5 * 1024 * 1024;
export const MAX_PART_BYTES = 5 * 1024 * 1024 * 1024;
export const MAX_PARTS = 10_000;
export const UPLOAD_TTL_MS = 24 * 3_600_000;
export const SIGNED_URL_TTL_S = 3_600;
/** Path of signed part URLs below the base URL: `/upload-parts/{org}/{upload_id}/{part}`. */
export const PART_PATH = '/upload-parts';

const encoder = new TextEncoder();

async function hmacHex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(`${secret}:multipart-parts`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return toHex(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
}

function kindOf(contentType: string): AssetRecord['kind'] {
  const top = contentType.split('/', 1)[0];
  if (top === 'video' || top === 'audio' || top === 'image') return top;
  throw invalid('content_type', 'content_type must be a video/*, audio/* or image/* type.');
}

export function startUpload(
  sim: Simulator,
  workspace: Workspace,
  request: Schema<'MultipartStartRequest'>,
): Schema<'MultipartUpload'> {
  kindOf(request.content_type);
  const folderId = request.folder_id ? request.folder_id.toLowerCase() : null;
  if (folderId !== null && !workspace.folders.some((folder) => folder.id === folderId)) {
    throw notFound('folder_id', `No media folder ${request.folder_id ?? ''}.`);
  }
  if (Math.ceil(request.size_bytes / MAX_PART_BYTES) > MAX_PARTS) {
    throw invalid('size_bytes', 'The file is too large for a multipart upload.');
  }
  const uploadId = `mpu_${sim.rng.hex(24)}`;
  const created = sim.now();
  const upload: UploadRecord = {
    upload_id: uploadId,
    storage_key: `uploads/${workspace.organizationId}/${sim.rng.hex(8)}/${request.filename}`,
    filename: request.filename,
    content_type: request.content_type,
    size_bytes: request.size_bytes,
    folder_id: folderId,
    created_at: created,
    expires_at: created + UPLOAD_TTL_MS,
    status: 'open',
    parts: new Map(),
  };
  workspace.uploads.set(uploadId, upload);
  return {
    storage_key: upload.storage_key,
    upload_id: uploadId,
    min_part_size_bytes: MIN_PART_BYTES,
    max_parts: MAX_PARTS,
    expires_at: new Date(upload.expires_at).toISOString(),
  };
}

/** The upload named by storage_key + upload_id, open (not completed, aborted or expired). */
export function requireOpenUpload(
  sim: Simulator,
  workspace: Workspace,
  ref: { storage_key: string; upload_id: string },
): UploadRecord {
  const upload = findUpload(sim, workspace, ref);
  if (upload.status === 'completed') {
    throw conflict('upload_completed', 'This upload is already complete.', 'upload_id');
  }
  return upload;
}

/** The upload named by storage_key + upload_id, open or completed. */
export function findUpload(
  sim: Simulator,
  workspace: Workspace,
  ref: { storage_key: string; upload_id: string },
): UploadRecord {
  const upload = workspace.uploads.get(ref.upload_id);
  const expired = upload !== undefined && upload.status === 'open' && sim.now() > upload.expires_at;
  if (!upload || upload.storage_key !== ref.storage_key || upload.status === 'aborted' || expired) {
    throw notFound('upload_id', `No open multipart upload ${ref.upload_id} for that storage_key.`);
  }
  return upload;
}

function partSignatureText(org: string, uploadId: string, part: number, expires: number): string {
  return `${org}\n${uploadId}\n${part}\n${expires}`;
}

export async function signPart(
  sim: Simulator,
  baseUrl: string,
  workspace: Workspace,
  upload: UploadRecord,
  partNumber: number,
): Promise<Schema<'MultipartSignedPart'>> {
  const expires = Math.floor(sim.now() / 1000) + SIGNED_URL_TTL_S;
  const org = workspace.organizationId;
  const signature = await hmacHex(
    sim.webhookSecret,
    partSignatureText(org, upload.upload_id, partNumber, expires),
  );
  const query = new URLSearchParams({ expires: String(expires), signature });
  const path = `${PART_PATH}/${encodeURIComponent(org)}/${encodeURIComponent(upload.upload_id)}/${partNumber}`;
  return {
    url: `${baseUrl}${path}?${query}`,
    method: 'PUT',
    headers: { 'Content-Type': 'application/octet-stream' },
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

export interface PartTarget {
  org: string;
  uploadId: string;
  partNumber: number;
}

/** Reads `/upload-parts/{org}/{upload_id}/{part}` (below the base path); null when it is not one. */
export function parsePartPath(relative: string): PartTarget | null {
  const match = /^\/upload-parts\/([^/]+)\/([^/]+)\/(\d{1,5})$/.exec(relative);
  if (!match) return null;
  return {
    org: decodeURIComponent(match[1] as string),
    uploadId: decodeURIComponent(match[2] as string),
    partNumber: Number(match[3]),
  };
}

/** Compares without stopping at the first difference. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

const signatureError = (message: string) => new ApiError(403, 'signature_invalid', message);

/**
 * Receives one part sent to a signed URL: checks the signature and its expiry, that the upload is
 * open, streams the bytes into the PartStore and records the part. Answers the ETag.
 */
export async function receivePart(
  sim: Simulator,
  target: PartTarget,
  query: URLSearchParams,
  body: AsyncIterable<Uint8Array>,
): Promise<{ etag: string; size: number }> {
  const expires = Number(query.get('expires'));
  const signature = query.get('signature') ?? '';
  if (target.partNumber < 1 || target.partNumber > MAX_PARTS) {
    throw invalid('part_number', `part_number must be between 1 and ${MAX_PARTS}.`);
  }
  const expected = await hmacHex(
    sim.webhookSecret,
    partSignatureText(target.org, target.uploadId, target.partNumber, expires),
  );
  if (!Number.isFinite(expires) || !sameText(signature, expected)) {
    throw signatureError('The part URL signature is not valid.');
  }
  if (expires < Math.floor(sim.now() / 1000)) {
    throw new ApiError(403, 'signature_expired', 'The part URL has expired; sign the part again.');
  }
  const workspace = sim.store.workspace(target.org);
  const upload = workspace.uploads.get(target.uploadId);
  if (!upload || upload.status !== 'open' || sim.now() > upload.expires_at) {
    throw notFound('upload_id', `No open multipart upload ${target.uploadId}.`);
  }
  let stored;
  try {
    stored = await sim.parts.putPart(
      upload.upload_id,
      target.partNumber,
      body,
      Math.min(MAX_PART_BYTES, upload.size_bytes),
    );
  } catch (error) {
    if (error instanceof PartTooLargeError) {
      throw new ApiError(400, 'part_too_large', error.message, 'body');
    }
    // Aborted while the bytes were arriving: the abort removed the part's folder under it.
    if ((upload.status as UploadRecord['status']) === 'aborted') {
      throw notFound('upload_id', `The multipart upload ${target.uploadId} was aborted.`);
    }
    throw error;
  }
  // The status may have changed while the bytes were arriving (TypeScript cannot see that).
  if ((upload.status as UploadRecord['status']) === 'aborted') {
    // Aborted while the bytes were arriving: drop them.
    await sim.parts.discard(upload.upload_id);
    throw notFound('upload_id', `The multipart upload ${target.uploadId} was aborted.`);
  }
  upload.parts.set(target.partNumber, stored);
  return stored;
}

export function listParts(upload: UploadRecord): Schema<'MultipartPartList'> {
  return {
    parts: [...upload.parts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([part_number, part]) => ({ part_number, etag: part.etag, size_bytes: part.size })),
  };
}

function checkCompleteParts(
  upload: UploadRecord,
  parts: ReadonlyArray<{ part_number: number; etag: string }>,
): void {
  let total = 0;
  parts.forEach((part, index) => {
    const previous = parts[index - 1];
    if (previous && part.part_number <= previous.part_number) {
      throw invalid(
        `parts[${index}].part_number`,
        'List the parts in ascending part_number order.',
      );
    }
    const stored = upload.parts.get(part.part_number);
    if (!stored) {
      throw invalid(
        `parts[${index}].part_number`,
        `Part ${part.part_number} was never received; send it, then complete again.`,
      );
    }
    if (stored.etag !== part.etag && `"${part.etag}"` !== stored.etag) {
      throw invalid(
        `parts[${index}].etag`,
        `The ETag of part ${part.part_number} does not match the part received.`,
      );
    }
    if (index < parts.length - 1 && stored.size < MIN_PART_BYTES) {
      throw invalid(
        `parts[${index}].part_number`,
        `Part ${part.part_number} is smaller than ${MIN_PART_BYTES} bytes; only the last part may be.`,
      );
    }
    total += stored.size;
  });
  if (total !== upload.size_bytes) {
    throw invalid(
      'parts',
      `The parts add up to ${total} bytes but the upload was started for ${upload.size_bytes}.`,
    );
  }
}

export async function completeUpload(
  sim: Simulator,
  workspace: Workspace,
  upload: UploadRecord,
  parts: ReadonlyArray<{ part_number: number; etag: string }>,
): Promise<AssetRecord> {
  if (upload.status === 'completed') {
    const asset = workspace.assets.find((candidate) => candidate.id === upload.asset_id);
    if (!asset) throw notFound('upload_id', 'The asset of this upload has since been deleted.');
    return asset;
  }
  if (upload.completion) return upload.completion;
  checkCompleteParts(upload, parts);
  const assetId = sim.rng.uuid();
  upload.completion = (async () => {
    await sim.parts.assemble(
      upload.upload_id,
      parts.map((part) => part.part_number),
      assetId,
    );
    const now = sim.nowIso();
    const asset: AssetRecord = {
      id: assetId,
      name: upload.filename,
      kind: kindOf(upload.content_type),
      folder_id: upload.folder_id,
      size_bytes: upload.size_bytes,
      duration_seconds: null,
      thumbnail_url: null,
      linked_project_ids: [],
      created_at: now,
      updated_at: now,
    };
    workspace.assets.push(asset);
    upload.status = 'completed';
    upload.asset_id = assetId;
    upload.parts.clear();
    const view = assetView(workspace, asset);
    sim.emit(workspace.organizationId, 'media.uploaded', {
      asset_id: view.id,
      name: view.name,
      kind: view.kind,
      size_bytes: view.size_bytes,
      folder_id: view.folder_id,
    });
    return asset;
  })();
  try {
    return await upload.completion;
  } finally {
    upload.completion = undefined;
  }
}

export async function abortUpload(sim: Simulator, upload: UploadRecord): Promise<void> {
  upload.status = 'aborted';
  upload.parts.clear();
  await sim.parts.discard(upload.upload_id);
}
