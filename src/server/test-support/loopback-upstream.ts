import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthValidation } from '../../api/schema.gen.ts';

/** A request as the fake upstream received it. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  body: Buffer;
}

export type Identity = Pick<
  AuthValidation,
  'organization_id' | 'user_id' | 'plan' | 'environment' | 'key_prefix'
>;

export type RouteHandler = (
  request: RecordedRequest,
  response: ServerResponse,
) => void | Promise<void>;

export interface LoopbackUpstream {
  /** e.g. http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Answers `METHOD /v1/path` (no query) with `handler` instead of the echo. */
  route(method: string, path: string, handler: RouteHandler): void;
  close(): Promise<void>;
}

export const TEST_KEYS: Record<string, Identity> = {
  vcs_test_key_alpha_0123456789: {
    organization_id: 'org_alpha',
    user_id: 'user_alpha',
    plan: 'paid',
    environment: 'test',
    key_prefix: 'vcs_test_key',
  },
  vcs_test_key_beta_9876543210: {
    organization_id: 'org_beta',
    user_id: 'user_beta',
    plan: 'free',
    environment: 'test',
    key_prefix: 'vcs_test_key',
  },
  vcs_test_demo_paid: {
    organization_id: 'org_demo',
    user_id: 'user_demo',
    plan: 'paid',
    environment: 'test',
    key_prefix: 'vcs_test_dem',
  },
};

export const ALPHA_KEY = 'vcs_test_key_alpha_0123456789';
export const BETA_KEY = 'vcs_test_key_beta_9876543210';

function json(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

/**
 * A tiny upstream on loopback: `GET /v1/auth/validate` knows TEST_KEYS; every other request is
 * echoed back as JSON `{method, path, query, headers, rawHeaders, body}` unless a route is set.
 */
export async function startLoopbackUpstream(): Promise<LoopbackUpstream> {
  const requests: RecordedRequest[] = [];
  const routes = new Map<string, RouteHandler>();

  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const recorded: RecordedRequest = {
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        headers: incoming.headers,
        rawHeaders: incoming.rawHeaders,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      const [path = '/', query = ''] = recorded.url.split('?', 2);
      const custom = routes.get(`${recorded.method} ${path}`);
      if (custom) {
        void custom(recorded, response);
        return;
      }
      if (path === '/v1/auth/validate') {
        const key = (incoming.headers.authorization ?? '').replace(/^Bearer /, '');
        const identity = TEST_KEYS[key];
        if (!identity) {
          json(response, 401, { error: { code: 'unauthorized', message: 'Invalid API key' } });
          return;
        }
        const body: AuthValidation = {
          success: true,
          ...identity,
          docs_url: 'https://example.test',
          openapi_url: 'https://example.test/openapi.json',
          agent_skills: { manifest_url: '', recommended: [], minimum_updated_after: '' },
        };
        json(response, 200, body);
        return;
      }
      json(response, 200, {
        method: recorded.method,
        path,
        query,
        headers: recorded.headers,
        rawHeaders: recorded.rawHeaders,
        body: recorded.body.toString('utf8'),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    route: (method, path, handler) => routes.set(`${method} ${path}`, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
