import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeWebhookPost } from './node-webhook-post.ts';
import { WebhookDispatcher } from './webhook-dispatcher.ts';
import { verifyWebhook } from './webhook-signer.ts';

const servers: Server[] = [];

async function receiver(
  answer: (received: { headers: IncomingHttpHeaders; body: string }) => number | undefined,
): Promise<string> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = answer({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (status === undefined) return; // never answers
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end('{"received":true}');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/vcs?org=org_demo`;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('nodeWebhookPost', () => {
  it('posts the body and headers and resolves with the status, reusing the socket', async () => {
    const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    const url = await receiver((delivery) => {
      received.push(delivery);
      return received.length === 1 ? 200 : 401;
    });
    const transport = nodeWebhookPost();
    try {
      const headers = { 'content-type': 'application/json', 'x-service-timestamp': '17' };
      expect(await transport.post(url, { headers, body: '{"a":1}', timeoutMs: 1000 })).toBe(200);
      expect(await transport.post(url, { headers, body: '{"é":2}', timeoutMs: 1000 })).toBe(401);
      expect(received.map((delivery) => delivery.body)).toEqual(['{"a":1}', '{"é":2}']);
      expect(received[1]?.headers['content-length']).toBe(String(Buffer.byteLength('{"é":2}')));
      expect(received[0]?.headers['x-service-timestamp']).toBe('17');
      expect(received[1]?.headers.connection).toBe('keep-alive');
    } finally {
      transport.close();
    }
  });

  it('rejects when the receiver does not answer in time, or cannot be reached', async () => {
    const silent = await receiver(() => undefined);
    const transport = nodeWebhookPost();
    try {
      await expect(
        transport.post(silent, { headers: {}, body: '{}', timeoutMs: 50 }),
      ).rejects.toThrow(/did not answer within 50 ms/);
      await expect(
        transport.post('http://127.0.0.1:1/webhooks', { headers: {}, body: '{}', timeoutMs: 500 }),
      ).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      transport.close();
    }
  });

  it('carries signed deliveries for the dispatcher, which records their status', async () => {
    let verified: boolean | undefined;
    const url = await receiver(({ headers, body }) => {
      void verifyWebhook(
        'whsec_test',
        String(headers['x-service-timestamp']),
        body,
        String(headers['x-service-signature']),
      ).then((ok) => {
        verified = ok;
      });
      return 200;
    });
    const transport = nodeWebhookPost();
    const dispatcher = new WebhookDispatcher({
      secret: 'whsec_test',
      now: () => Date.UTC(2026, 0, 1),
      post: transport.post,
    });
    try {
      dispatcher.dispatch(
        {
          id: 'evt_1',
          type: 'project.created',
          created_at: '2026-01-01T00:00:00.000Z',
          data: { project_id: 'proj_1' },
        },
        [{ url, events: ['project.created'] }],
      );
      await dispatcher.flush();
      expect(dispatcher.deliveries[0]).toMatchObject({
        eventId: 'evt_1',
        status: 200,
        error: null,
      });
      await expect.poll(() => verified).toBe(true);
    } finally {
      transport.close();
    }
  });
});
