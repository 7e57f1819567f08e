import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { KeyScrubber, scrubBuffer } from './key-scrubber.ts';

const KEY = 'vcs_live_secret_key_123';

async function collect(chunks: string[]): Promise<{ text: string; pushes: string[] }> {
  const scrubber = new KeyScrubber(KEY);
  const pushes: string[] = [];
  scrubber.on('data', (chunk: Buffer) => pushes.push(chunk.toString()));
  const done = new Promise<void>((resolve) => scrubber.on('end', resolve));
  Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(scrubber);
  await done;
  return { text: pushes.join(''), pushes };
}

describe('key-scrubber', () => {
  it('replaces every occurrence in a buffer and returns the same buffer when there is none', () => {
    const clean = Buffer.from('{"ok":true}');
    expect(scrubBuffer(clean, Buffer.from(KEY))).toBe(clean);
    expect(scrubBuffer(Buffer.from(`a ${KEY} b ${KEY}`), Buffer.from(KEY)).toString()).toBe(
      'a [redacted] b [redacted]',
    );
  });

  it('catches the key split across chunks', async () => {
    const { text } = await collect(['data: "Bearer vcs_live_se', 'cret_key_123" and v', 'cs']);
    expect(text).toBe('data: "Bearer [redacted]" and vcs');
    expect(text).not.toContain(KEY);
  });

  it('does not hold back chunks that cannot start the key (SSE frames pass at once)', async () => {
    const { pushes } = await collect(['id: 1\ndata: {}\n\n', 'id: 2\ndata: {}\n\n']);
    expect(pushes).toEqual(['id: 1\ndata: {}\n\n', 'id: 2\ndata: {}\n\n']);
  });
});
