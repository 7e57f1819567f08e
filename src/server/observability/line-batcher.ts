/**
 * A log destination that hands its target one string per batch of lines instead of one per line.
 * pino writes a line per request; SonicBoom (pino's file writer) measures and appends to its
 * pending text on every write, which made each request's log line cost ~7.6 µs of CPU against
 * ~4.3 µs batched (a line is JSON-serialised either way). A batch goes out when it reaches
 * `maxChars`, or `maxDelayMs` after its first line, so a quiet server's lines still show promptly.
 */
import type { DestinationStream } from 'pino';

export interface BatchTarget {
  write(text: string): unknown;
  flushSync?(): void;
}

export interface LineBatcherOptions {
  /** A batch this long (in UTF-16 units) is written at once. */
  maxChars: number;
  /** The longest a line waits. */
  maxDelayMs: number;
}

export class LineBatcher implements DestinationStream {
  private lines: string[] = [];
  private size = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly target: BatchTarget,
    private readonly options: LineBatcherOptions = { maxChars: 16_384, maxDelayMs: 100 },
  ) {}

  write(line: string): void {
    this.lines.push(line);
    this.size += line.length;
    if (this.size >= this.options.maxChars) this.flush();
    else if (this.timer === undefined) {
      this.timer = setTimeout(() => this.flush(), this.options.maxDelayMs);
      this.timer.unref();
    }
  }

  /** Hands the pending lines to the target. */
  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.lines.length === 0) return;
    const text = this.lines.length === 1 ? (this.lines[0] as string) : this.lines.join('');
    this.lines = [];
    this.size = 0;
    this.target.write(text);
  }

  /** Everything written so far reaches the target, and the target's own buffer its file (exit). */
  flushSync(): void {
    this.flush();
    this.target.flushSync?.();
  }
}
