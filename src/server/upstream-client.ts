import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';
import https from 'node:https';

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
  stream: IncomingMessage | undefined;
  /** Stops the time-out for the rest of the stream (for long streams such as SSE). */
  disarmTimeout: () => void;
}

export interface UpstreamClientOptions {
  baseUrl: string;
  timeoutMs: number;
  maxSockets?: number;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A keep-alive HTTP client bound to one upstream origin. The time-out covers the whole exchange
 * (headers and body) unless disarmed.
 */
export class UpstreamClient {
  readonly base: URL;
  readonly basePath: string;
  private readonly timeoutMs: number;
  private readonly agent: http.Agent;
  private readonly transport: typeof http | typeof https;

  constructor(options: UpstreamClientOptions) {
    this.base = new URL(options.baseUrl);
    this.basePath = this.base.pathname.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs;
    const isHttps = this.base.protocol === 'https:';
    this.transport = isHttps ? https : http;
    const agentOptions = {
      keepAlive: true,
      keepAliveMsecs: 1_000,
      maxSockets: options.maxSockets ?? 256,
      maxFreeSockets: 64,
      scheduling: 'lifo' as const,
    };
    this.agent = isHttps ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  }

  get origin(): string {
    return this.base.origin;
  }

  /**
   * One exchange with upstream. Bodies of up to `bufferLimit` bytes with a known length are read
   * whole before resolving (one set of listeners, no extra stream plumbing on the hot path);
   * others resolve with the stream once the headers are in.
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

  private attempt(request: UpstreamRequest, bufferLimit: number): Promise<UpstreamResponse> {
    return new Promise<UpstreamResponse>((resolve, reject) => {
      let settled = false;
      let incoming: IncomingMessage | undefined;
      const headers: OutgoingHttpHeaders = { ...request.headers };
      if (request.body !== undefined) headers['content-length'] = request.body.length;
      const { cancelOn } = request;

      const outgoing = this.transport.request({
        protocol: this.base.protocol,
        hostname: this.base.hostname,
        port: this.base.port,
        method: request.method,
        path: request.pathAndQuery,
        headers,
        agent: this.agent,
      });

      const abandon = (error: Error): void => {
        if (incoming) incoming.destroy(error);
        else outgoing.destroy(error);
      };
      const onClientClose = (): void => {
        if (!cancelOn?.writableFinished) abandon(new Error('abandoned: the browser went away'));
      };
      const timeoutMs = request.timeoutMs ?? this.timeoutMs;
      let timer: NodeJS.Timeout | undefined = setTimeout(() => {
        timer = undefined;
        const error = new UpstreamTimeoutError(timeoutMs);
        abandon(error);
        finish(error);
      }, timeoutMs);
      const disarm = (): void => {
        if (timer !== undefined) clearTimeout(timer);
        timer = undefined;
      };
      /** Ends the exchange: resolves or rejects once, and drops the timer and listener. */
      const finish = (error: Error | undefined, response?: UpstreamResponse): void => {
        disarm();
        cancelOn?.removeListener('close', onClientClose);
        if (settled) return;
        settled = true;
        if (error) reject(error);
        else resolve(response as UpstreamResponse);
      };
      cancelOn?.once('close', onClientClose);

      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        if (settled || error instanceof UpstreamTimeoutError) return finish(error);
        if (outgoing.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) {
          return finish(new RetryableSocketError(error));
        }
        finish(error.code === undefined ? error : new UpstreamUnreachableError(error));
      });

      outgoing.on('response', (response: IncomingMessage) => {
        incoming = response;
        const status = response.statusCode ?? 502;
        const length = Number(response.headers['content-length']);
        const eventStream = String(response.headers['content-type']).startsWith(
          'text/event-stream',
        );
        if (eventStream || !(length <= bufferLimit)) {
          // Streamed: the caller consumes it; the exchange ends with the stream.
          const end = (): void => finish(undefined);
          response.once('end', end);
          response.once('close', end);
          settled = true;
          resolve({
            status,
            headers: response.headers,
            body: undefined,
            stream: response,
            disarmTimeout: disarm,
          });
          return;
        }
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () => {
          const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
          finish(undefined, {
            status,
            headers: response.headers,
            body,
            stream: undefined,
            disarmTimeout: disarm,
          });
        });
        response.once('close', () => {
          if (!response.readableEnded) {
            const error = response.errored;
            finish(error instanceof UpstreamTimeoutError ? error : new UpstreamCutShortError());
          }
        });
      });

      outgoing.end(request.body);
    });
  }

  /** Sends a request and reads the whole body, whatever its framing (small JSON answers). */
  async requestBuffered(
    request: UpstreamRequest,
    maxBytes = 10 * 1024 * 1024,
  ): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
    const response = await this.request(request, maxBytes);
    const body = response.body ?? (await readBody(response.stream as IncomingMessage, maxBytes));
    return { status: response.status, headers: response.headers, body };
  }

  close(): void {
    this.agent.destroy();
  }
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
export function readBody(stream: IncomingMessage, maxBytes: number): Promise<Buffer> {
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
