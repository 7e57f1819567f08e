import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { KeyScrubber, pendingPrefixLength, scrubBuffer } from './key-scrubber.ts';

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

  it('holds back exactly the longest tail that could start the key', () => {
    const secret = Buffer.from('abcab');
    const tail = (text: string) => pendingPrefixLength(Buffer.from(text), secret);
    expect(tail('xxxx')).toBe(0);
    expect(tail('xxxa')).toBe(1);
    expect(tail('xxab')).toBe(2);
    expect(tail('xabca')).toBe(4);
    // Never the whole key (a proper prefix only): here its last two bytes start it again.
    expect(tail('abcab')).toBe(2);
    expect(tail('a')).toBe(1);
    expect(tail('')).toBe(0);
  });

  it('catches the key however the stream is cut', async () => {
    const text = `{"a":"${KEY}","b":"v${KEY}${KEY}v"}`;
    for (let size = 1; size <= KEY.length + 2; size += 1) {
      const chunks = text.match(new RegExp(`[^]{1,${size}}`, 'g')) ?? [];
      const { text: out } = await collect(chunks);
      expect(out).toBe('{"a":"[redacted]","b":"v[redacted][redacted]v"}');
    }
  });
});
