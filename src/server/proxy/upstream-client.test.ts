import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  UpstreamClient,
  UpstreamCutShortError,
  UpstreamTimeoutError,
  UpstreamUnreachableError,
} from './upstream-client.ts';

let server: Server | undefined;
let client: UpstreamClient | undefined;
afterEach(async () => {
  client?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
  client = undefined;
});

/** A server that drops every kept-alive connection on its second request (a stale socket). */
async function startFlakyServer(): Promise<string> {
  const perSocket = new WeakMap<Socket, number>();
  server = createServer((request, response) => {
    const count = (perSocket.get(request.socket) ?? 0) + 1;
    perSocket.set(request.socket, count);
    request.resume();
    if (count === 2) {
      request.socket.destroy();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': '11' });
    response.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

describe('UpstreamClient', () => {
  it('buffers small answers with a known length and streams the others', async () => {
    server = createServer((request, response) => {
      if (request.url === '/v1/small') {
        response.writeHead(200, { 'content-length': '2' });
        response.end('ok');
      } else {
        response.write('chunked');
        response.end();
      }
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    client = new UpstreamClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      timeoutMs: 1_000,
    });
    const small = await client.request(
      { method: 'GET', pathAndQuery: '/v1/small', headers: {} },
      10,
    );
    expect(small.body?.toString()).toBe('ok');
    expect(small.stream).toBeUndefined();
    const chunked = await client.request(
      { method: 'GET', pathAndQuery: '/v1/big', headers: {} },
      10,
    );
    expect(chunked.body).toBeUndefined();
    expect(chunked.stream).toBeDefined();
    chunked.stream?.resume();
  });

  it('retries an idempotent request once when a reused keep-alive socket was closed', async () => {
    client = new UpstreamClient({
      baseUrl: await startFlakyServer(),
      timeoutMs: 1_000,
      maxSockets: 1,
    });
    const get = () => client!.request({ method: 'GET', pathAndQuery: '/v1/x', headers: {} }, 1024);
    expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(200);
  });

  it('does not retry a POST: the failure is reported as unreachable', async () => {
    client = new UpstreamClient({
      baseUrl: await startFlakyServer(),
      timeoutMs: 1_000,
      maxSockets: 1,
    });
    const post = () =>
      client!.request(
        { method: 'POST', pathAndQuery: '/v1/x', headers: {}, body: Buffer.from('{}') },
        1024,
      );
    expect((await post()).status).toBe(200);
    await expect(post()).rejects.toBeInstanceOf(UpstreamUnreachableError);
  });

  it('a buffered answer cut short mid-body fails with UpstreamCutShortError', async () => {
    server = createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-length': '100' });
      response.write('{"partial":');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    client = new UpstreamClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      timeoutMs: 1_000,
    });
    await expect(
      client.request({ method: 'POST', pathAndQuery: '/v1/x', headers: {} }, 1024),
    ).rejects.toBeInstanceOf(UpstreamCutShortError);
  });

  it('streams a large answer as it comes, and a reader that stops early ends the upstream exchange', async () => {
    let upstreamClosed: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    server = createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.write(Buffer.alloc(64 * 1024, 1));
      response.on('close', upstreamClosed);
      // Never ends by itself.
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    client = new UpstreamClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      timeoutMs: 5_000,
    });
    const answer = await client.request({ method: 'GET', pathAndQuery: '/v1/x', headers: {} }, 10);
    const stream = answer.stream!;
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    expect(first.length).toBeGreaterThan(0);
    stream.destroy();
    await closed;
  });

  it('a streamed answer cut short while only resumed (no error listener) does not throw', async () => {
    server = createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.write(Buffer.alloc(1024, 1));
      setTimeout(() => response.socket?.destroy(), 20);
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    client = new UpstreamClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      timeoutMs: 5_000,
    });
    const answer = await client.request({ method: 'GET', pathAndQuery: '/v1/x', headers: {} }, 10);
    const stream = answer.stream!;
    stream.resume();
    await new Promise((resolve) => stream.once('close', resolve));
    expect(stream.destroyed).toBe(true);
  });

  it('times out with UpstreamTimeoutError', async () => {
    server = createServer(() => undefined);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    client = new UpstreamClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      timeoutMs: 100,
    });
    await expect(
      client.request({ method: 'GET', pathAndQuery: '/v1/x', headers: {} }),
    ).rejects.toBeInstanceOf(UpstreamTimeoutError);
  });
});
