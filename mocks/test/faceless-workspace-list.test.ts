/**
 * `GET /faceless/plans` (assumed): every plan revision of the workspace's faceless projects, with
 * its project's name, the revision before it and the project's newest number; and the
 * `notFoundPaths` fault that makes the simulator answer it as a service without it would (404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultConfigFromEnv } from '../lib/faults.ts';
import { contractValidator } from '../lib/contract-validator.ts';
import type { SimulatorServer } from '../http-server.ts';
import type { Schema } from '../store/contract.ts';
import type { Client } from './harness.ts';
import { client, DEMO_KEYS, errorOf, startTestServer } from './harness.ts';
import type { FacelessPlanRevision, Project } from '@/api/schema.gen.ts';

type ListResponse = Schema<'FacelessPlanWorkspaceListResponse'>;

let server: SimulatorServer;
let api: Client;
let projects: Project[];

beforeAll(async () => {
  // Time stands still (no ticker), so seeded mid-run revisions stay where the seed put them.
  server = await startTestServer();
  server.simulator.stop();
  api = client(server);
  projects = (await api.get<{ projects: Project[] }>('/projects?limit=50')).body.projects;
});
afterAll(async () => {
  await server.close();
});

const list = async (query: string, key?: Client) => {
  const answer = await (key ?? api).get<ListResponse>(`/faceless/plans${query}`);
  expect(answer.status).toBe(200);
  const operation = contractValidator().operation('get', '/faceless/plans');
  expect(operation?.responseErrors(200, answer.body)).toEqual([]);
  return answer.body;
};

/** Every revision of every project, read one project at a time (the contract's per-project list). */
async function perProject(from: Client = api, of: Project[] = projects) {
  const all: Array<{ project: Project; revisions: FacelessPlanRevision[] }> = [];
  for (const project of of) {
    const answer = await from.get<{ revisions: FacelessPlanRevision[] }>(
      `/projects/${project.id}/faceless/plans`,
    );
    if (answer.status === 404) continue;
    expect(answer.status).toBe(200);
    all.push({ project, revisions: answer.body.revisions });
  }
  return all;
}

describe('GET /faceless/plans', () => {
  it('lists every revision of every faceless project, oldest first, with its project, the revision before it and the newest number', async () => {
    const body = await list('?limit=100');
    const expected = await perProject();
    const count = expected.reduce((sum, { revisions }) => sum + revisions.length, 0);
    expect(count).toBeGreaterThan(5);
    expect(body.bounds).toMatchObject({ total: count, returned: count, has_more: false });
    expect(body.plans.map((entry) => entry.revision.id).sort()).toEqual(
      expected.flatMap(({ revisions }) => revisions.map((revision) => revision.id)).sort(),
    );
    const created = body.plans.map((entry) => entry.revision.created_at);
    expect(created).toEqual([...created].sort());
    for (const { project, revisions } of expected) {
      const latest = Math.max(...revisions.map((revision) => revision.revision));
      for (const revision of revisions) {
        const entry = body.plans.find((candidate) => candidate.revision.id === revision.id);
        expect(entry?.project).toEqual({ id: project.id, name: project.name });
        expect(entry?.latest_revision).toBe(latest);
        expect(entry?.revision).toEqual(revision);
        const previous = revisions.find((other) => other.revision === revision.revision - 1);
        expect(entry?.previous_revision).toEqual(previous);
      }
    }
  });

  it('keeps only the statuses asked for (the parameter repeats)', async () => {
    const all = (await list('?limit=100')).plans;
    const waiting = await list('?status=draft&status=assets_ready&status=failed&limit=100');
    expect(new Set(waiting.plans.map((entry) => entry.revision.status))).toEqual(
      new Set(['draft', 'assets_ready', 'failed']),
    );
    expect(waiting.plans.map((entry) => entry.revision.id)).toEqual(
      all
        .filter((entry) => ['draft', 'assets_ready', 'failed'].includes(entry.revision.status))
        .map((entry) => entry.revision.id),
    );
    const drafts = await list('?status=draft');
    expect(drafts.plans.every((entry) => entry.revision.status === 'draft')).toBe(true);
    expect((await list('?status=no_such_status')).plans).toEqual([]);
  });

  it('keeps only the revisions waiting for a decision with waiting=true, counted in bounds.total', async () => {
    const all = (await list('?limit=100')).plans;
    const waits = (entry: (typeof all)[number]) => {
      const { revision } = entry;
      if (revision.status === 'draft') return !revision.plan_approved_at;
      if (revision.status === 'assets_ready') return !revision.assets_approved_at;
      return revision.status === 'failed' && revision.revision === entry.latest_revision;
    };
    const expected = all.filter(waits).map((entry) => entry.revision.id);
    // The seed has a failed run a later revision superseded: listed by status, not waiting.
    expect(all.some((entry) => entry.revision.status === 'failed' && !waits(entry))).toBe(true);
    const waiting = await list('?waiting=true&limit=100');
    expect(waiting.plans.map((entry) => entry.revision.id)).toEqual(expected);
    const count = await list('?waiting=true&limit=0');
    expect(count.plans).toEqual([]);
    expect(count.bounds).toMatchObject({
      total: expected.length,
      returned: 0,
      has_more: expected.length > 0,
    });
    // false (or absent) filters nothing.
    expect((await list('?waiting=false&limit=100')).plans).toHaveLength(all.length);
  });

  it('pages with limit and offset, and refuses a limit above 100', async () => {
    const all = (await list('?limit=100')).plans.map((entry) => entry.revision.id);
    const first = await list('?limit=3');
    const second = await list('?limit=3&offset=3');
    expect(first.bounds).toMatchObject({ limit: 3, offset: 0, returned: 3, has_more: true });
    expect([...first.plans, ...second.plans].map((entry) => entry.revision.id)).toEqual(
      all.slice(0, 6),
    );
    const defaults = await list('');
    expect(defaults.bounds.limit).toBe(20);
    const refused = await api.get('/faceless/plans?limit=101');
    expect(refused.status).toBe(400);
    expect(errorOf(refused).param).toBe('limit');
  });

  it('lists only the workspace of the key', async () => {
    const free = client(server, DEMO_KEYS.free);
    const body = await list('?limit=100', free);
    const freeProjects = (await free.get<{ projects: Project[] }>('/projects?limit=50')).body
      .projects;
    expect(body.plans.map((entry) => entry.project.name)).toEqual(['Faceless: Paper Boats']);
    expect(body.plans.length).toBe(
      (await perProject(free, freeProjects)).reduce((sum, p) => sum + p.revisions.length, 0),
    );
    expect((await client(server, null).get('/faceless/plans')).status).toBe(401);
  });

  it('follows a new revision: it is listed, and its project’s newest number moves on', async () => {
    const entries = (await list('?limit=100')).plans;
    const source = entries.find(
      (entry) => entry.project.name === 'Faceless: The Lighthouse Keeper',
    );
    if (!source) throw new Error('no Lighthouse revision');
    const created = await api.post<FacelessPlanRevision>(
      `/projects/${source.project.id}/faceless/plans/${source.revision.id}/revise`,
      {},
    );
    expect(created.status).toBe(200);
    const after = (await list('?limit=100')).plans;
    const entry = after.find((candidate) => candidate.revision.id === created.body.id);
    expect(entry?.latest_revision).toBe(created.body.revision);
    expect(entry?.previous_revision?.revision).toBe(created.body.revision - 1);
    for (const other of after.filter((e) => e.project.id === source.project.id)) {
      expect(other.latest_revision).toBe(created.body.revision);
    }
    expect(after.at(-1)?.revision.id).toBe(created.body.id);
  });
});

describe('the notFoundPaths fault (SIM_NOT_FOUND_PATHS)', () => {
  it('answers matching paths 404 as a service without the operation, and nothing else', async () => {
    server.simulator.setFaults({ notFoundPaths: '^/faceless/plans$' });
    try {
      const answer = await api.get('/faceless/plans?limit=5');
      expect(answer.status).toBe(404);
      expect(errorOf(answer).code).toBe('not_found');
      expect(errorOf(answer).message).toContain('GET /faceless/plans');
      const lighthouse = projects.find((p) => p.name === 'Faceless: The Lighthouse Keeper');
      expect((await api.get(`/projects/${lighthouse?.id ?? ''}/faceless/plans`)).status).toBe(200);
      expect((await api.get('/projects')).status).toBe(200);
    } finally {
      server.simulator.setFaults({});
    }
    expect((await api.get('/faceless/plans')).status).toBe(200);
  });

  it('is read from the environment', () => {
    expect(faultConfigFromEnv({ SIM_NOT_FOUND_PATHS: '^/faceless/plans$' })).toEqual({
      notFoundPaths: '^/faceless/plans$',
    });
    expect(faultConfigFromEnv({})).toEqual({});
  });
});
