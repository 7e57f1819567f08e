import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type * as Undici from 'undici';
import type { Pool } from 'undici';

/** Upstream did not answer in time. */
export class UpstreamTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`The Video Creation Service did not answer within ${timeoutMs} ms.`);
    this.name = 'UpstreamTimeoutError';
  }
}

/** Upstream could not be reached (refused, reset, DNS, TLS...). */
export class UpstreamUnreachableError extends Error {
  readonly causeCode: string | undefined;
  constructor(cause: NodeJS.ErrnoException) {
    super('The Video Creation Service could not be reached.');
    this.name = 'UpstreamUnreachableError';
    this.causeCode = cause.code;
  }
}

export interface UpstreamRequest {
  method: string;
  /** Path and query, already validated, starting with the base path (e.g. `/v1/projects?x=1`). */
  pathAndQuery: string;
  headers: OutgoingHttpHeaders;
  body?: Buffer;
  /** Overrides the client's time-out for this exchange (probes). */
  timeoutMs?: number;
  /**
   * The browser's response: when it closes before finishing (the browser went away), the
   * upstream call is abandoned. (An AbortSignal per request measurably costs more CPU.)
   */
  cancelOn?: ClientSide;
}

/** What the client needs of the browser's ServerResponse. */
export interface ClientSide {
  readonly writableFinished: boolean;
  once(event: 'close', listener: () => void): unknown;
  removeListener(event: 'close', listener: () => void): unknown;
}

export interface UpstreamResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /**
   * The whole body, when the request allowed buffering and the answer fits: a known
   * Content-Length up to `bufferLimit`, and not an event stream.
   */
  body: Buffer | undefined;
  /** Otherwise the body stream (must be consumed or destroyed). */
  stream: Readable | undefined;
  /** Stops the time-out for the rest of the stream (for long streams such as SSE). */
  disarmTimeout: () => void;
}

export interface UpstreamClientOptions {
  baseUrl: string;
  timeoutMs: number;
  maxSockets?: number;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Socket failures after which an idempotent request is sent once more (a stale keep-alive). */
const RETRYABLE_SOCKET_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

const ignore = (): void => undefined;

/** What undici's dispatcher hands a handler to steer its exchange. */
interface DispatchController {
  pause(): void;
  resume(): void;
  abort(reason: Error): void;
}

/**
 * One exchange, as an undici dispatch handler: a small answer with a known length is collected
 * into one Buffer (no stream per exchange: undici's `request()` makes a Readable for every answer,
 * which cost more CPU per proxied request than everything else the client does); any other
 * answer resolves with a Readable fed by undici, paused while the reader is behind. The time-out
 * covers the whole exchange (headers and body) unless disarmed; the browser's going away (or the
 * reader destroying the stream) abandons it.
 */
class Exchange {
  private controller: DispatchController | undefined;
  private reason: Error | undefined;
  private timer: NodeJS.Timeout | undefined;
  private chunks: Buffer[] | undefined;
  private stream: Readable | undefined;
  private answered = false;
  private status = 0;
  private headers: IncomingHttpHeaders = {};
  private readonly onClientClose = (): void => {
    if (!this.cancelOn?.writableFinished) this.abort(new Error('abandoned: the browser went away'));
  };

  constructor(
    private readonly timeoutMs: number,
    private readonly bufferLimit: number,
    private readonly cancelOn: ClientSide | undefined,
    private readonly resolve: (response: UpstreamResponse) => void,
    private readonly reject: (error: Error) => void,
  ) {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.abort(new UpstreamTimeoutError(timeoutMs));
    }, timeoutMs);
    cancelOn?.once('close', this.onClientClose);
  }

  private readonly disarm = (): void => {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  };

  /** Ends the exchange: drops the timer and the listener. */
  private finish(): void {
    this.disarm();
    this.cancelOn?.removeListener('close', this.onClientClose);
  }

  private abort(reason: Error): void {
    if (this.reason !== undefined) return;
    this.reason = reason;
    // Before undici has started the request, it is aborted as it starts (onRequestStart).
    this.controller?.abort(reason);
  }

  onRequestStart(controller: DispatchController): void {
    this.controller = controller;
    if (this.reason !== undefined) controller.abort(this.reason);
  }

  onResponseStart(
    controller: DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
  ): void {
    if (statusCode < 200) return; // 1xx: the answer is still to come
    this.status = statusCode;
    this.headers = headers;
    const length = Number(headers['content-length']);
    const eventStream = String(headers['content-type']).startsWith('text/event-stream');
    if (!eventStream && length <= this.bufferLimit) {
      this.chunks = [];
      return;
    }
    // Streamed: the caller consumes it; the exchange ends with the stream.
    const stream = new Readable({
      read: () => controller.resume(),
      destroy: (error, callback) => {
        // The reader stopped early (the browser went away, a pipeline failed): abandon upstream.
        if (!stream.readableEnded) this.abort(error ?? new Error('abandoned: the reader stopped'));
        this.finish();
        callback(error);
      },
    });
    this.stream = stream;
    this.answered = true;
    this.resolve({
      status: statusCode,
      headers,
      body: undefined,
      stream,
      disarmTimeout: this.disarm,
    });
  }

  onResponseData(controller: DispatchController, chunk: Buffer): void {
    if (this.chunks !== undefined) this.chunks.push(chunk);
    else if (this.stream !== undefined && !this.stream.push(chunk)) controller.pause();
  }

  onResponseEnd(): void {
    if (this.stream !== undefined) {
      this.stream.push(null);
      this.finish();
      return;
    }
    this.finish();
    const chunks = this.chunks ?? [];
    this.answered = true;
    this.resolve({
      status: this.status,
      headers: this.headers,
      body: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks),
      stream: undefined,
      disarmTimeout: this.disarm,
    });
  }

  onResponseError(_controller: DispatchController, error: Error): void {
    this.finish();
    if (this.stream !== undefined) {
      // As undici does with its own body streams: a reader without an error listener (a body
      // resumed and dropped) must not turn the failure into an uncaught exception.
      if (!this.stream.destroyed) this.stream.on('error', ignore).destroy(this.reason ?? error);
      return;
    }
    if (this.answered) return;
    this.answered = true;
    if (this.chunks !== undefined) {
      // The headers were in: the body was cut short, or the exchange was abandoned meanwhile.
      this.reject(this.reason ?? new UpstreamCutShortError());
      return;
    }
    this.reject(classify(error, this.reason));
  }
}

/** Header values as undici takes them (strings; arrays for repeated headers). */
function outgoingHeaders(headers: OutgoingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value : String(value);
  }
  return out;
}

let undici: Promise<typeof Undici> | undefined;

/** undici, loaded once. */
function loadUndici(): Promise<typeof Undici> {
  // Bundled as ESM, a CommonJS package's exports may arrive only as the default export.
  undici ??= import('undici').then((loaded) =>
    typeof loaded.Pool === 'function'
      ? loaded
      : (loaded as unknown as { default: typeof Undici }).default,
  );
  return undici;
}

/**
 * Loads the HTTP client library now. It costs ~170 ms of CPU to load, so it is not loaded
 * before the server is ready: npm start calls this once it listens (else the first exchange
 * loads it).
 */
export function preloadUpstreamTransport(): Promise<unknown> {
  return loadUndici();
}

/**
 * A keep-alive HTTP client bound to one upstream origin: an undici pool (about a third less CPU
 * per exchange than node:http's client, measured 143 → 89 µs for a 6 KB answer). The time-out
 * covers the whole exchange (headers and body) unless disarmed.
 */
export class UpstreamClient {
  readonly base: URL;
  readonly basePath: string;
  private readonly timeoutMs: number;
  private readonly maxSockets: number;
  private pool: Pool | undefined;
  private poolCreating: Promise<Pool> | undefined;
  private closed = false;

  constructor(options: UpstreamClientOptions) {
    this.base = new URL(options.baseUrl);
    this.basePath = this.base.pathname.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs;
    this.maxSockets = options.maxSockets ?? 256;
  }

  /** The pool, created on first use (undici loads then, unless preloaded after start-up). */
  private createPool(): Promise<Pool> {
    this.poolCreating ??= loadUndici().then(({ Pool: PoolClass }) => {
      const pool = new PoolClass(this.base.origin, {
        connections: this.maxSockets,
        pipelining: 1,
        // This client's own timer bounds each exchange (see request); undici's would also end
        // long-lived event streams.
        headersTimeout: 0,
        bodyTimeout: 0,
        keepAliveTimeout: 4_000,
      });
      if (this.closed) void pool.destroy().catch(() => undefined);
      else this.pool = pool;
      return pool;
    });
    return this.poolCreating;
  }

  get origin(): string {
    return this.base.origin;
  }

  /**
   * One exchange with upstream. Bodies of up to `bufferLimit` bytes with a known length are read
   * whole before resolving; others resolve with the stream once the headers are in.
   */
  async request(request: UpstreamRequest, bufferLimit = 0): Promise<UpstreamResponse> {
    try {
      return await this.attempt(request, bufferLimit);
    } catch (error) {
      // A kept-alive socket may have been closed by upstream just as we reused it: retry once.
      if (error instanceof RetryableSocketError && IDEMPOTENT.has(request.method)) {
        return this.attempt(request, bufferLimit);
      }
      if (error instanceof RetryableSocketError) throw new UpstreamUnreachableError(error.cause);
      throw error;
    }
  }

  private async attempt(request: UpstreamRequest, bufferLimit: number): Promise<UpstreamResponse> {
    const pool = this.pool ?? (await this.createPool());
    return new Promise<UpstreamResponse>((resolve, reject) => {
      const exchange = new Exchange(
        request.timeoutMs ?? this.timeoutMs,
        bufferLimit,
        request.cancelOn,
        resolve,
        reject,
      );
      pool.dispatch(
        {
          method: request.method as 'GET',
          path: request.pathAndQuery,
          headers: outgoingHeaders(request.headers),
          body: request.body ?? null,
        },
        exchange,
      );
    });
  }

  /** Sends a request and reads the whole body, whatever its framing (small JSON answers). */
  async requestBuffered(
    request: UpstreamRequest,
    maxBytes = 10 * 1024 * 1024,
  ): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
    const response = await this.request(request, maxBytes);
    const body = response.body ?? (await readBody(response.stream as Readable, maxBytes));
    return { status: response.status, headers: response.headers, body };
  }

  close(): void {
    this.closed = true;
    void this.pool?.destroy().catch(() => undefined);
  }
}

/** The error an exchange that failed before its answer's headers is reported with. */
function classify(error: unknown, reason: Error | undefined): Error {
  if (reason !== undefined) return reason;
  if (!(error instanceof Error)) return new Error(String(error));
  const code = (error as NodeJS.ErrnoException).code;
  if (code === undefined) return error;
  if (RETRYABLE_SOCKET_CODES.has(code)) return new RetryableSocketError(error);
  return new UpstreamUnreachableError(error);
}

/** Upstream closed the connection in the middle of a body. */
export class UpstreamCutShortError extends Error {
  constructor() {
    super('The Video Creation Service closed the connection mid-answer.');
    this.name = 'UpstreamCutShortError';
  }
}

class RetryableSocketError extends Error {
  override readonly cause: NodeJS.ErrnoException;
  constructor(cause: NodeJS.ErrnoException) {
    super(cause.message);
    this.cause = cause;
  }
}

/** Reads a stream into one Buffer, failing past `maxBytes`. */
export function readBody(stream: Readable, maxBytes: number): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stream.destroy(new Error('upstream body too large'));
        return;
      }
      chunks.push(chunk);
    });
    stream.once('end', () =>
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)),
    );
    stream.once('error', reject);
    stream.once('close', () => {
      if (!stream.readableEnded) reject(stream.errored ?? new Error('upstream body cut short'));
    });
  });
}
