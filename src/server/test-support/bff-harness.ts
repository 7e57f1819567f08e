import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { buildBff, type BffDeps } from '../app/app.ts';
import { MemoryAuditStore } from '../audit/audit-store.ts';
import { Database } from '../db/database.ts';
import { type BffConfig, loadConfig } from '../app/config.ts';
import { ALPHA_KEY, type LoopbackUpstream, startLoopbackUpstream } from './loopback-upstream.ts';

/** A small contract in the shape of src/api/openapi.yaml (paths relative to /v1). */
export const FIXTURE_OPENAPI = `openapi: 3.1.0
info: { title: fixture, version: 1.0.0 }
servers: [{ url: 'https://service.example/v1' }]
paths:
  /:
    get: { responses: { '200': { description: ok } } }
  /auth/validate:
    get: { responses: { '200': { description: ok } } }
  /projects:
    get: { responses: { '200': { description: ok } } }
  /projects/batch-delete:
    post: { x-destructive: true, responses: { '200': { description: ok } } }
  /projects/{projectId}:
    get: { responses: { '200': { description: ok } } }
    patch: { responses: { '200': { description: ok } } }
  /projects/{projectId}/timeline/move:
    post: { responses: { '200': { description: ok } } }
  /characters/{characterId}/primary-reference:
    post: { responses: { '200': { description: ok } } }
  /clips:
    get: { responses: { '200': { description: ok } } }
  /webhooks:
    post: { responses: { '200': { description: ok } } }
`;

export const TEST_SESSION_SECRET = 'test-session-secret-0123456789-abcdefghij';

/** Collects every log line (to assert what never appears in them). */
export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    callback();
  }
  get text(): string {
    return this.lines.join('\n');
  }
}

export interface Harness {
  app: FastifyInstance;
  upstream: LoopbackUpstream;
  config: BffConfig;
  logs: LogCapture;
  staticDir: string;
  /** Logs in with a key (default ALPHA_KEY); returns the Cookie header value and CSRF token. */
  login(
    apiKey?: string,
  ): Promise<{ cookie: string; csrf: string; response: LightMyRequestResponse }>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  configure?: (config: BffConfig) => void;
  deps?: BffDeps;
  /** Files to put in the static dir (relative path → content); index.html by default. */
  staticFiles?: Record<string, string>;
}

/** The Cookie header value (`name=value`) from a Set-Cookie header. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!first) throw new Error('no Set-Cookie');
  return first.split(';', 1)[0] as string;
}

/** A BFF on a loopback upstream with the fixture contract; logs at trace level into `logs`. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const upstream = await startLoopbackUpstream();
  const dir = mkdtempSync(join(tmpdir(), 'cutroom-bff-'));
  const openapiPath = join(dir, 'openapi.yaml');
  writeFileSync(openapiPath, FIXTURE_OPENAPI);
  const staticDir = join(dir, 'dist');
  const files = options.staticFiles ?? {
    'index.html':
      '<!doctype html><title>Cutroom</title><script type="module" src="/assets/app-abc123.js"></script>',
    'assets/app-abc123.js': 'console.log("cutroom");',
  };
  for (const [path, content] of Object.entries(files)) {
    const full = join(staticDir, path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, content);
  }
  const config = loadConfig({
    VCS_BASE_URL: upstream.baseUrl,
    SESSION_SECRET: TEST_SESSION_SECRET,
    OPENAPI_PATH: openapiPath,
    STATIC_DIR: staticDir,
    LOG_LEVEL: 'trace',
    ...options.env,
  });
  options.configure?.(config);
  const logs = new LogCapture();
  const app = await buildBff(config, {
    logStream: logs,
    // The audit in memory, and a database of its own (opened only if a test uses it): never the
    // checkout's .cutroom/data.
    auditStore: new MemoryAuditStore(),
    database: new Database(
      { kind: 'pglite', dataDir: join(dir, 'pglite') },
      { openWaitMs: 180_000 },
    ),
    ...options.deps,
  });
  await app.ready();

  const login: Harness['login'] = async (apiKey = ALPHA_KEY) => {
    const response = await app.inject({
      method: 'POST',
      url: '/bff/session',
      payload: { api_key: apiKey },
    });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode}`);
    return {
      cookie: cookieFrom(response.headers['set-cookie']),
      csrf: (response.json() as { csrf_token: string }).csrf_token,
      response,
    };
  };

  return {
    app,
    upstream,
    config,
    logs,
    staticDir,
    login,
    close: async () => {
      await app.close();
      await upstream.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
