import http, { type IncomingHttpHeaders } from 'node:http';

export interface SseConnection {
  status: number;
  headers: IncomingHttpHeaders;
  /** Everything received so far. */
  text(): string;
  /** Resolves once the received text satisfies `predicate` (rejects after `timeoutMs`). */
  waitFor(predicate: (text: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens `GET path` on loopback and collects the raw event-stream text. */
export function openSse(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream', ...headers } },
      (response) => {
        let received = '';
        const waiters = new Set<() => void>();
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          received += chunk;
          for (const waiter of [...waiters]) waiter();
        });
        const ended = new Promise<void>((done) => {
          response.on('end', () => done());
          response.on('close', () => done());
        });
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: () => received,
          ended,
          waitFor: (predicate, timeoutMs = 3_000) =>
            new Promise<string>((done, fail) => {
              const check = (): void => {
                if (!predicate(received)) return;
                waiters.delete(check);
                clearTimeout(timer);
                done(received);
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                fail(new Error(`SSE wait timed out; received: ${JSON.stringify(received)}`));
              }, timeoutMs);
              waiters.add(check);
              check();
            }),
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', (error) => reject(error));
  });
}
