import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../test-support/bff-harness.ts';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** Writes `parts` with pauses and resolves with what the server answered and when it closed. */
function trickle(
  port: number,
  parts: string[],
  pauseMs: number,
): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let index = 0;
    const timer = setInterval(() => {
      if (index < parts.length && !socket.destroyed) socket.write(parts[index++] as string);
    }, pauseMs);
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

describe('slow clients are cut off (promise 5)', () => {
  const configure = (config: Harness['config']) => {
    config.timeouts = {
      headersMs: 300,
      requestMs: 600,
      connectionMs: 400,
      keepAliveMs: 200,
      checkIntervalMs: 50,
    };
  };

  it('headers trickling in (slowloris) → 408 and closed after the headers time-out', async () => {
    harness = await startHarness({ configure });
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = harness.app.server.address() as AddressInfo;
    const parts = [
      'GET /bff/config HTTP/1.1\r\n',
      ...Array.from({ length: 40 }, (_, i) => `X-Slow-${i}: 1\r\n`),
    ];
    const { answer, closedAfterMs } = await trickle(port, parts, 50);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('"code":"request_timeout"');
    expect(closedAfterMs).toBeLessThan(1_500);
  });

  it('a body trickling in → cut off after the request time-out', async () => {
    harness = await startHarness({ configure });
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = harness.app.server.address() as AddressInfo;
    const head =
      'POST /bff/session HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n';
    const { answer, closedAfterMs } = await trickle(
      port,
      [head, ...Array.from({ length: 60 }, () => ' ')],
      50,
    );
    expect(answer).not.toMatch(/^HTTP\/1\.1 2/);
    expect(closedAfterMs).toBeLessThan(2_000);
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('an idle connection is closed after the connection time-out', async () => {
    harness = await startHarness({ configure });
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = harness.app.server.address() as AddressInfo;
    const { closedAfterMs } = await trickle(port, [], 1_000);
    expect(closedAfterMs).toBeLessThan(1_500);
  });

  it('the server carries the configured time-outs', async () => {
    harness = await startHarness();
    const server = harness.app.server;
    expect(server.headersTimeout).toBe(10_000);
    // Node's whole-request limit is off; request-timeout.ts applies the 60 s per route.
    expect(server.requestTimeout).toBe(0);
    expect(harness.config.timeouts.requestMs).toBe(60_000);
    expect(server.keepAliveTimeout).toBe(65_000);
    expect(server.timeout).toBe(75_000);
  });
});
