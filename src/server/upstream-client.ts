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
  /** Aborts the upstream call (e.g. when the browser went away). */
  signal?: AbortSignal;
}

export interface UpstreamResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body stream; must be consumed or destroyed. */
  stream: IncomingMessage;
  /** Stops the time-out for the rest of the body (for long streams such as SSE). */
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

  async request(request: UpstreamRequest): Promise<UpstreamResponse> {
    try {
      return await this.attempt(request);
    } catch (error) {
      // A kept-alive socket may have been closed by upstream just as we reused it: retry once.
      if (error instanceof RetryableSocketError && IDEMPOTENT.has(request.method)) {
        return this.attempt(request);
      }
      if (error instanceof RetryableSocketError) throw new UpstreamUnreachableError(error.cause);
      throw error;
    }
  }

  private attempt(request: UpstreamRequest): Promise<UpstreamResponse> {
    return new Promise<UpstreamResponse>((resolve, reject) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      let incomingMessage: IncomingMessage | undefined;
      const headers: OutgoingHttpHeaders = { ...request.headers };
      if (request.body !== undefined) headers['content-length'] = request.body.length;

      const outgoing = this.transport.request({
        protocol: this.base.protocol,
        hostname: this.base.hostname,
        port: this.base.port,
        method: request.method,
        path: request.pathAndQuery,
        headers,
        agent: this.agent,
      });

      const disarm = (): void => {
        if (timer !== undefined) clearTimeout(timer);
        timer = undefined;
      };
      const fail = (error: Error): void => {
        disarm();
        request.signal?.removeEventListener('abort', onAbort);
        if (!settled) {
          settled = true;
          reject(error);
        }
      };
      const onAbort = (): void => {
        outgoing.destroy(new Error('aborted by the client'));
      };

      timer = setTimeout(() => {
        timer = undefined;
        const error = new UpstreamTimeoutError(this.timeoutMs);
        if (incomingMessage) incomingMessage.destroy(error);
        else outgoing.destroy(error);
        fail(error);
      }, this.timeoutMs);

      if (request.signal?.aborted) {
        fail(new Error('aborted by the client'));
        outgoing.destroy();
        return;
      }
      request.signal?.addEventListener('abort', onAbort, { once: true });

      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        if (error instanceof UpstreamTimeoutError) return fail(error);
        if (
          outgoing.reusedSocket &&
          (error.code === 'ECONNRESET' || error.code === 'EPIPE') &&
          !settled
        ) {
          return fail(new RetryableSocketError(error));
        }
        fail(error.code === undefined ? error : new UpstreamUnreachableError(error));
      });

      outgoing.on('response', (incoming) => {
        settled = true;
        incomingMessage = incoming;
        const cleanup = (): void => {
          disarm();
          request.signal?.removeEventListener('abort', onAbort);
        };
        incoming.once('end', cleanup);
        incoming.once('close', cleanup);
        resolve({
          status: incoming.statusCode ?? 502,
          headers: incoming.headers,
          stream: incoming,
          disarmTimeout: disarm,
        });
      });

      outgoing.end(request.body);
    });
  }

  /** Sends a request and reads the whole body (used for small JSON answers). */
  async requestBuffered(
    request: UpstreamRequest,
    maxBytes = 10 * 1024 * 1024,
  ): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
    const response = await this.request(request);
    const body = await readBody(response.stream, maxBytes);
    return { status: response.status, headers: response.headers, body };
  }

  close(): void {
    this.agent.destroy();
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
