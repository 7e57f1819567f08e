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

/** Length of the longest suffix of `data` that is a proper prefix of `secret`. */
function pendingPrefixLength(data: Buffer, secret: Buffer): number {
  const max = Math.min(data.length, secret.length - 1);
  for (let length = max; length > 0; length -= 1) {
    if (data.subarray(data.length - length).equals(secret.subarray(0, length))) return length;
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
  private held: Buffer = Buffer.alloc(0);

  constructor(secret: string) {
    super();
    this.secret = Buffer.from(secret);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const data = this.held.length === 0 ? chunk : Buffer.concat([this.held, chunk]);
    const scrubbed = scrubBuffer(data, this.secret);
    const keep = pendingPrefixLength(scrubbed, this.secret);
    this.held = Buffer.from(scrubbed.subarray(scrubbed.length - keep));
    const out = scrubbed.subarray(0, scrubbed.length - keep);
    if (out.length > 0) this.push(out);
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (this.held.length > 0) this.push(this.held);
    callback();
  }
}
