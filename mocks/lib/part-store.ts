/**
 * Where the simulator keeps the bytes of multipart uploads and of the assets they assemble into.
 * Two implementations: this in-memory one (browser mock, in-process tests, small files) and the
 * disk one (lib/disk-part-store.ts, used by the HTTP server so a 1 GiB upload never sits in
 * memory). Parts stream in; ETags are opaque quoted hex digests of the part's bytes.
 */

export class PartTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The part is larger than ${maxBytes} bytes.`);
    this.name = 'PartTooLargeError';
  }
}

export interface StoredPart {
  size: number;
  etag: string;
}

export interface PartStore {
  /**
   * Streams one part in and returns its size and ETag. A part sent again with the same number
   * replaces the earlier one only once it has fully arrived. More than `maxBytes` bytes:
   * `PartTooLargeError` (nothing kept).
   */
  putPart(
    uploadId: string,
    partNumber: number,
    body: AsyncIterable<Uint8Array>,
    maxBytes: number,
  ): Promise<StoredPart>;
  /** Concatenates the parts, in the given order, into the asset's bytes, then drops the upload. */
  assemble(uploadId: string, partNumbers: readonly number[], assetId: string): Promise<number>;
  /** Drops every part of an upload. */
  discard(uploadId: string): Promise<void>;
  /** Drops the bytes of deleted assets. */
  deleteAssets(assetIds: readonly string[]): Promise<void>;
  /** Size of an asset's bytes, or null when it has none here (seeded assets). */
  assetSize(assetId: string): Promise<number | null>;
  /** Releases everything (the disk store removes its directory). */
  close(): Promise<void>;
}

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export class MemoryPartStore implements PartStore {
  private readonly parts = new Map<string, Map<number, Uint8Array>>();
  private readonly assets = new Map<string, Uint8Array[]>();

  async putPart(
    uploadId: string,
    partNumber: number,
    body: AsyncIterable<Uint8Array>,
    maxBytes: number,
  ): Promise<StoredPart> {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += chunk.byteLength;
      if (size > maxBytes) throw new PartTooLargeError(maxBytes);
      chunks.push(chunk);
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    const digest = await crypto.subtle.digest('SHA-256', bytes);
    let upload = this.parts.get(uploadId);
    if (!upload) {
      upload = new Map();
      this.parts.set(uploadId, upload);
    }
    upload.set(partNumber, bytes);
    return { size, etag: `"${toHex(digest).slice(0, 32)}"` };
  }

  async assemble(
    uploadId: string,
    partNumbers: readonly number[],
    assetId: string,
  ): Promise<number> {
    const upload = this.parts.get(uploadId) ?? new Map<number, Uint8Array>();
    const pieces = partNumbers.map((number) => upload.get(number) ?? new Uint8Array(0));
    this.assets.set(assetId, pieces);
    this.parts.delete(uploadId);
    return pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
  }

  async discard(uploadId: string): Promise<void> {
    this.parts.delete(uploadId);
  }

  async deleteAssets(assetIds: readonly string[]): Promise<void> {
    for (const id of assetIds) this.assets.delete(id);
  }

  async assetSize(assetId: string): Promise<number | null> {
    const pieces = this.assets.get(assetId);
    return pieces ? pieces.reduce((sum, piece) => sum + piece.byteLength, 0) : null;
  }

  async close(): Promise<void> {
    this.parts.clear();
    this.assets.clear();
  }
}
