import { Transform, type TransformCallback } from 'node:stream';

/**
 * Defence in depth for "the key never leaves the server": if upstream ever echoes the key in a
 * body, it is replaced before the bytes reach the browser.
 */
export const REDACTED = Buffer.from('[redacted]');

/** Replaces every occurrence of `secret` in `data` (returns `data` itself when there is none). */
export function scrubBuffer(data: Buffer, secret: Buffer): Buffer {
  if (secret.length === 0) return data;
  let index = data.indexOf(secret);
  if (index === -1) return data;
  const parts: Buffer[] = [];
  let start = 0;
  while (index !== -1) {
    parts.push(data.subarray(start, index), REDACTED);
    start = index + secret.length;
    index = data.indexOf(secret, start);
  }
  parts.push(data.subarray(start));
  return Buffer.concat(parts);
}

/**
 * Length of the longest suffix of `data` that is a proper prefix of `secret`. Only a position
 * holding the secret's first byte can start one: found with indexOf and checked in place (no
 * copies), so a chunk costs one native scan, not a comparison per possible length.
 */
export function pendingPrefixLength(data: Buffer, secret: Buffer): number {
  const first = secret[0];
  if (first === undefined) return 0;
  const from = Math.max(0, data.length - (secret.length - 1));
  for (
    let index = data.indexOf(first, from);
    index !== -1;
    index = data.indexOf(first, index + 1)
  ) {
    const length = data.length - index;
    // The earliest match is the longest suffix.
    if (data.compare(secret, 0, length, index) === 0) return length;
  }
  return 0;
}

/**
 * A stream version that also catches the secret across chunk boundaries. It holds back only a
 * tail that could start the secret, so event streams (whose frames end in a newline) are not
 * delayed in practice.
 */
export class KeyScrubber extends Transform {
  private readonly secret: Buffer;
  private held: Buffer | undefined;

  constructor(secret: string) {
    super();
    this.secret = Buffer.from(secret);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const data = this.held === undefined ? chunk : Buffer.concat([this.held, chunk]);
    const scrubbed = scrubBuffer(data, this.secret);
    const keep = pendingPrefixLength(scrubbed, this.secret);
    // A copy of the (rare, short) tail held back, so the chunk's memory is not pinned by it.
    this.held = keep === 0 ? undefined : Buffer.from(scrubbed.subarray(scrubbed.length - keep));
    if (scrubbed.length > keep) this.push(keep === 0 ? scrubbed : scrubbed.subarray(0, -keep));
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (this.held !== undefined) this.push(this.held);
    callback();
  }
}
