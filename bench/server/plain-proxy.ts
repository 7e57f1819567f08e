/**
 * Child process of the proxy benchmark: the least a Node proxy can do, as a reference for what
 * this machine allows. `/api/v1/*` is forwarded to the upstream with the key, the answer sent
 * back; no sessions, checks, logging, metrics, scrubbing or compression. Its ratio to direct is
 * the ceiling any proxy in Node reaches here; the BFF's ratio is read against it.
 *
 * PLAIN_PROXY_CLIENT picks the client to the upstream: `node:http` (default: a keep-alive
 * node:http agent with as many sockets as the BFF's pool, the answer piped back) or `undici`: the
 * BFF's own client, used as the BFF uses it (an undici Pool's dispatch; an answer of known length
 * up to 1 MiB collected and sent in one write, a longer one streamed with backpressure). With
 * undici it is the floor of the BFF's design: Node's HTTP server and the BFF's client, nothing
 * else.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';

const upstream = new URL(process.env.PLAIN_PROXY_UPSTREAM ?? 'http://127.0.0.1:1/v1');
const key = process.env.PLAIN_PROXY_KEY ?? '';
const client = process.env.PLAIN_PROXY_CLIENT === 'undici' ? 'undici' : 'node:http';
const basePath = upstream.pathname.replace(/\/+$/, '');
const agent = new http.Agent({
  keepAlive: true,
  keepAliveMsecs: 1_000,
  maxSockets: 256,
  maxFreeSockets: 64,
  scheduling: 'lifo',
});
const pool =
  client === 'undici'
    ? new Pool(upstream.origin, {
        connections: 256,
        pipelining: 1,
        headersTimeout: 0,
        bodyTimeout: 0,
        keepAliveTimeout: 4_000,
      })
    : undefined;
const BUFFERED_LIMIT = 1024 * 1024;

/** The request headers sent upstream: the key, and the body's type and length. */
function upstreamHeaders(request: http.IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  const type = request.headers['content-type'];
  if (type !== undefined) headers['content-type'] = type;
  const length = request.headers['content-length'];
  if (length !== undefined) headers['content-length'] = length;
  return headers;
}

/** The answer headers sent back: its type and length. */
function answerHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  if (headers['content-type'] !== undefined) out['content-type'] = headers['content-type'];
  if (headers['content-length'] !== undefined) out['content-length'] = headers['content-length'];
  return out;
}

function failed(response: http.ServerResponse): void {
  if (!response.headersSent) response.writeHead(502);
  response.end();
}

function viaNodeHttp(request: http.IncomingMessage, response: http.ServerResponse, path: string) {
  const outgoing = http.request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: request.method,
      path,
      headers: upstreamHeaders(request),
      agent,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answerHeaders(answer.headers));
      answer.pipe(response);
    },
  );
  outgoing.on('error', () => failed(response));
  request.pipe(outgoing);
}

interface Controller {
  pause(): void;
  resume(): void;
}

function viaUndici(
  upstreamPool: Pool,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  path: string,
) {
  const hasBody =
    request.headers['content-length'] !== undefined ||
    request.headers['transfer-encoding'] !== undefined;
  let chunks: Buffer[] | undefined;
  upstreamPool.dispatch(
    {
      method: request.method as 'GET',
      path,
      headers: upstreamHeaders(request),
      body: hasBody ? request : null,
    },
    {
      onRequestStart() {},
      onResponseStart(_controller: Controller, status: number, headers: http.IncomingHttpHeaders) {
        response.statusCode = status;
        const out = answerHeaders(headers);
        for (const name in out) response.setHeader(name, out[name] as string);
        if (Number(headers['content-length']) <= BUFFERED_LIMIT) chunks = [];
        else response.writeHead(status);
      },
      onResponseData(controller: Controller, chunk: Buffer) {
        if (chunks !== undefined) chunks.push(chunk);
        else if (!response.write(chunk)) {
          controller.pause();
          response.once('drain', () => controller.resume());
        }
      },
      onResponseEnd() {
        if (chunks === undefined) response.end();
        else response.end(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
      },
      onResponseError() {
        failed(response);
      },
    },
  );
}

const server = http.createServer((request, response) => {
  const url = request.url ?? '/';
  if (!url.startsWith('/api/v1/')) {
    response.writeHead(404).end();
    return;
  }
  const path = `${basePath}${url.slice('/api/v1'.length)}`;
  if (pool === undefined) viaNodeHttp(request, response, path);
  else viaUndici(pool, request, response, path);
});
server.keepAliveTimeout = 60_000;

if (process.send) {
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.send?.({ url: `http://127.0.0.1:${port}` });
  });
  process.on('disconnect', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
    void pool?.destroy();
  });
}
