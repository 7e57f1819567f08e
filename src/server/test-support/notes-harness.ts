/**
 * The review routes' integration harness: the real simulator, BFF instances on one database of
 * the kind asked (PGlite or a real Postgres server), clients signed in with a demo profile whose
 * every answer of the BFF's own routes is checked against bff.yaml.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type SimulatorServer, startSimulatorServer } from '../../../mocks/http-server.ts';
import type {
  FacelessPlanRevision,
  FacelessPlanRevisionListResponse,
} from '../../api/schema.gen.ts';
import { bffDocument, bffDocumentId } from '../../api/bff-document.gen.ts';
import { openapiDocument, openapiDocumentId } from '../../api/openapi-document.gen.ts';
import { createOpenApiValidator } from '../../lib/openapi-validator.ts';
import { buildBff } from '../app/app.ts';
import { loadConfig } from '../app/config.ts';
import type { DatabaseKind } from '../db/database.ts';
import type { Database } from '../db/database.ts';
import type { RedisState } from '../shared-state/redis-state.ts';
import { cookieFrom, TEST_SESSION_SECRET } from './bff-harness.ts';
import { type TestDatabases, testDatabases } from './test-database.ts';

export type Profile = 'paid' | 'free' | 'readonly' | 'editor';

export interface Instance {
  app: FastifyInstance;
  port: number;
}

export interface Client {
  userId: string;
  get<T>(path: string): Promise<{ status: number; body: T; headers: Headers }>;
  send<T>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T; headers: Headers }>;
  cookie: string;
}

export const LIGHTHOUSE = 'Faceless: The Lighthouse Keeper';

const bffInterface = createOpenApiValidator({ id: bffDocumentId, document: bffDocument }, [
  { id: openapiDocumentId, document: openapiDocument },
]);
const routes = bffInterface.operations.map((operation) => ({
  operation,
  pattern: new RegExp(`^${operation.template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));
/** The review, people and audit operations this suite answers (bff-interface.test.ts leaves them here). */
export const REVIEW_OPERATIONS = [
  'listPlanNotes',
  'createPlanNote',
  'createPlanDecision',
  'editNote',
  'deleteNote',
  'setNoteStatus',
  'createNoteReply',
  'listReviewStates',
  'listPeople',
  'getMyPerson',
  'setMyDisplayName',
  'listAuditFacets',
  'listAuditEntries',
];
export const covered = new Set<string>();

/** Every JSON answer of the BFF's own routes is what bff.yaml declares for it. */
function expectDeclared(method: string, path: string, status: number, body: unknown): void {
  const bare = path.split('?', 1)[0] as string;
  const route = routes.find(
    (candidate) => candidate.operation.method === method && candidate.pattern.test(bare),
  );
  if (!route || typeof body === 'string') return;
  expect(route.operation.responseErrors(status, body), `${method} ${path} ${status}`).toEqual([]);
  covered.add(route.operation.operationId);
}

export class NotesHarness {
  simulator!: SimulatorServer;
  databases!: TestDatabases;
  database!: Database;
  place!: { dataDir?: string; url?: string };
  staticDir!: string;
  instance!: Instance;
  readonly instances: Instance[] = [];

  constructor(private readonly kind: DatabaseKind) {}

  async start(): Promise<void> {
    this.simulator = await startSimulatorServer({
      port: 0,
      seed: 42,
      webhookSecret: 'whsec_notes',
    });
    this.staticDir = mkdtempSync(join(tmpdir(), 'cutroom-notes-dist-'));
    this.databases = await testDatabases(this.kind);
    const made = await this.databases.create();
    this.database = made.database;
    this.place = made;
    // Opened (and migrated) before the first request, as npm start does.
    await this.database.start();
    this.instance = await this.startInstance(this.database);
  }

  async close(): Promise<void> {
    for (const started of this.instances) await started.app.close();
    await this.databases?.close();
    await this.simulator?.close();
    rmSync(this.staticDir, { recursive: true, force: true });
  }

  async startInstance(db: Database, extra: { sharedState?: RedisState } = {}): Promise<Instance> {
    const config = loadConfig({
      SESSION_SECRET: TEST_SESSION_SECRET,
      VCS_WEBHOOK_SECRET: 'whsec_notes',
      STATIC_DIR: this.staticDir,
      LOG_LEVEL: 'silent',
    });
    config.upstream.baseUrl = this.simulator.baseUrl;
    // The tests write faster than a person: the rate limit is not what they check.
    config.limits.apiRatePerSecond = 1_000;
    config.limits.apiBurst = 1_000;
    const app = await buildBff(config, { database: db, ...extra });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const started = { app, port: (app.server.address() as AddressInfo).port };
    this.instances.push(started);
    return started;
  }

  async signIn(target: Instance, profile: Profile): Promise<Client> {
    const base = `http://127.0.0.1:${target.port}`;
    const login = await fetch(`${base}/bff/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ demo: true, profile }),
    });
    expect(login.status).toBe(200);
    const session = (await login.json()) as { csrf_token: string; user_id: string };
    const cookie = cookieFrom(login.headers.getSetCookie());
    const call = async <T>(method: string, path: string, body?: unknown, headers = {}) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          cookie,
          'x-csrf-token': session.csrf_token,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      const parsed = (text === '' ? null : text.startsWith('{') ? JSON.parse(text) : text) as T;
      expectDeclared(method, path, response.status, parsed);
      return { status: response.status, body: parsed, headers: response.headers };
    };
    return {
      userId: session.user_id,
      cookie,
      get: (path) => call('GET', path),
      send: call,
    };
  }

  /** A draft revision of the Lighthouse Keeper's plan (what a reviewer decides on). */
  async draftRevision(client: Client): Promise<FacelessPlanRevision> {
    const projects = await client.get<{ projects: Array<{ id: string; name: string }> }>(
      '/api/v1/projects?limit=50',
    );
    const project = projects.body.projects.find((candidate) => candidate.name === LIGHTHOUSE);
    expect(project).toBeDefined();
    const revisions = await client.get<FacelessPlanRevisionListResponse>(
      `/api/v1/projects/${project?.id}/faceless/plans`,
    );
    const draft = revisions.body.revisions.filter((revision) => revision.status === 'draft').at(-1);
    if (draft) return draft;
    // Every revision decided already: a revise makes a new draft.
    const latest = revisions.body.revisions.at(-1) as FacelessPlanRevision;
    const revised = await client.send<FacelessPlanRevision>(
      'POST',
      `/api/v1/projects/${latest.project_id}/faceless/plans/${latest.id}/revise`,
      {},
    );
    expect(revised.status).toBe(200);
    return revised.body;
  }

  notesPath(revision: FacelessPlanRevision): string {
    return `/bff/projects/${revision.project_id}/faceless/plans/${revision.id}/notes`;
  }
}
