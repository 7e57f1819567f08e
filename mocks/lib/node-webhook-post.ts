/**
 * The HTTP simulator's webhook transport: node:http over keep-alive sockets. Global fetch costs
 * about three times the CPU per delivery (its Request, Response, Headers, AbortSignal and stream
 * objects; measured ~1,300-1,700 against ~370-550 µs per local POST, client and server in one
 * process), and every project the simulator creates sends one. Node only (the browser mock keeps
 * fetch).
 */
import http from 'node:http';
import https from 'node:https';
import type { WebhookPost } from './webhook-dispatcher.ts';

export interface NodeWebhookPost {
  post: WebhookPost;
  /** Closes the kept-alive sockets. */
  close(): void;
}

export function nodeWebhookPost(): NodeWebhookPost {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 32 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 32 }),
  };
  const post: WebhookPost = (url, { headers, body, timeoutMs }) =>
    new Promise<number>((resolve, reject) => {
      const target = new URL(url);
      const secure = target.protocol === 'https:';
      const request = (secure ? https : http).request(
        target,
        {
          method: 'POST',
          agent: agents[secure ? 'https:' : 'http:'],
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          clearTimeout(timer);
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      const timer = setTimeout(() => {
        request.destroy(new Error(`The webhook receiver did not answer within ${timeoutMs} ms.`));
      }, timeoutMs);
      request.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.end(body);
    });
  return {
    post,
    close: () => {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
