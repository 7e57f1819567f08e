/**
 * The simulator as a real HTTP server on loopback, built on node:http and msw's `getResponse`:
 * each IncomingMessage becomes a Fetch Request, the msw handlers answer it, and the Response is
 * written back (status, headers, body bytes). Requests no handler answers get 404 `not_found`.
 *
 * One exception: the bytes of multipart upload parts (PUT to a signed part URL) stream straight
 * from the socket into the disk part store (msw clones request bodies, which would hold a whole
 * part in memory); see handlers/media.ts for the same route under msw.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import { createHandlers } from './handlers/create-handlers.ts';
import {
  warmContractValidators,
  warmContractValidatorsInBackground,
} from './lib/contract-validator.ts';
import { DiskPartStore } from './lib/disk-part-store.ts';
import { type HandlerIndex, indexHandlers } from './lib/handler-index.ts';
import { nodeWebhookPost } from './lib/node-webhook-post.ts';
import { ApiError, errorPayload, errorResponse } from './lib/errors.ts';
import { PART_CORS_HEADERS, partUploadResponse } from './handlers/media.ts';
import { parsePartPath, receivePart } from './rules/uploads.ts';
import type { Simulator, SimulatorOptions } from './simulator.ts';
import { createSimulator } from './simulator.ts';
import type { FrameRasterizer } from './lib/frame-raster.ts';

/**
 * The raster frame renderer, loaded with its fonts on the first frame asked for as JPEG or PNG
 * (the editor asks for SVG); where its native canvas does not load, every frame is SVG.
 */
function lazyFrameRasterizer(): FrameRasterizer {
  let loading: Promise<FrameRasterizer | null> | null = null;
  return async (scene, height) => {
    loading ??= import('./lib/frame-raster.ts').then(
      (raster) => {
        raster.warmUpFonts();
        return raster.rasterizeFrame;
      },
      () => null,
    );
    const rasterize = await loading;
    return rasterize ? rasterize(scene, height) : null;
  };
}

export interface SimulatorServerOptions extends SimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /**
   * `at-start` (default): the contract's request validators compile before the server answers.
   * `on-demand`: each compiles on its operation's first request, or by `warmValidators()` (npm
   * start calls it once ready, so start-up stays short).
   */
  validators?: 'at-start' | 'on-demand';
}

export interface SimulatorServer {
  /** e.g. http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  simulator: Simulator;
  /** Compiles the remaining request validators in the background. */
  warmValidators(): void;
  close(): Promise<void>;
}

const BASE_PATH = '/v1';

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function toFetchRequest(request: IncomingMessage, origin: string, body: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = request.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD' && body.length > 0;
  return new Request(new URL(request.url ?? '/', origin), {
    method,
    headers,
    body: hasBody ? new Uint8Array(body) : null,
  });
}

async function writeResponse(response: Response, out: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  const bytes = Buffer.from(await response.arrayBuffer());
  headers['content-length'] = String(bytes.length);
  out.writeHead(response.status, headers);
  out.end(bytes);
}

function withCors(response: Response): Response {
  for (const [name, value] of Object.entries(PART_CORS_HEADERS)) response.headers.set(name, value);
  return response;
}

function notFoundResponse(path: string): Response {
  return new Response(JSON.stringify(errorPayload('not_found', `No route for ${path}.`, null)), {
    status: 404,
    headers: { 'content-type': 'application/json' },
  });
}

export async function startSimulatorServer(
  options: SimulatorServerOptions = {},
): Promise<SimulatorServer> {
  const { port = 0, host = '127.0.0.1', validators = 'at-start', ...simulatorOptions } = options;
  if (validators === 'at-start') warmContractValidators();
  const partStore = simulatorOptions.partStore ?? (await DiskPartStore.create());
  // Webhook deliveries over node:http rather than fetch (a third of the CPU per delivery).
  const webhookTransport = simulatorOptions.webhookPost ? undefined : nodeWebhookPost();
  const simulator = createSimulator({
    ...simulatorOptions,
    partStore,
    ...(webhookTransport ? { webhookPost: webhookTransport.post } : {}),
  });
  let candidates: HandlerIndex = () => [];
  let origin = '';

  /** PUT/OPTIONS to a signed part URL: streamed, never buffered. Null when it is not one. */
  const partRoute = (request: IncomingMessage): Promise<Response> | null => {
    const url = new URL(request.url ?? '/', origin);
    if (!url.pathname.startsWith(`${BASE_PATH}/`)) return null;
    const target = parsePartPath(url.pathname.slice(BASE_PATH.length));
    if (!target) return null;
    if (request.method === 'OPTIONS') {
      return Promise.resolve(new Response(null, { status: 204, headers: PART_CORS_HEADERS }));
    }
    if (request.method !== 'PUT') return null;
    return receivePart(simulator, target, url.searchParams, request).then(
      partUploadResponse,
      (error: unknown) => {
        request.resume();
        if (error instanceof ApiError) return withCors(errorResponse(error));
        throw error;
      },
    );
  };

  const server = createServer((request, response) => {
    void (async () => {
      try {
        const streamed = partRoute(request);
        if (streamed) {
          await writeResponse(await streamed, response);
          return;
        }
        const body = await readBody(request);
        const fetchRequest = toFetchRequest(request, origin, body);
        const { pathname } = new URL(fetchRequest.url);
        // Only the handlers that can match this method and path (see handler-index.ts).
        const answer =
          (await getResponse(candidates(fetchRequest.method, pathname), fetchRequest)) ??
          notFoundResponse(pathname);
        await writeResponse(answer, response);
      } catch (error) {
        // A client that went away mid-request (a cancelled or cut part upload) is not a fault.
        if (request.destroyed && (error as { code?: string }).code === 'ECONNRESET') {
          response.destroy();
          return;
        }
        console.error('[simulator] request failed', error);
        if (!response.headersSent) {
          response.writeHead(500, { 'content-type': 'application/json' });
        }
        response.end(
          JSON.stringify(errorPayload('internal_error', 'The simulator server failed.', null)),
        );
      }
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `http://${urlHost}:${address.port}`;
  const baseUrl = `${origin}${BASE_PATH}`;
  candidates = indexHandlers(
    createHandlers(simulator, baseUrl, { rasterizeFrame: lazyFrameRasterizer() }),
  );
  simulator.start();

  return {
    baseUrl,
    simulator,
    warmValidators: warmContractValidatorsInBackground,
    close: async () => {
      simulator.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await simulator.webhooks.flush();
      webhookTransport?.close();
      if (!simulatorOptions.partStore) await partStore.close();
    },
  };
}
