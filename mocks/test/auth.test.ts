import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorServer } from '../http-server.ts';
import { DEMO_KEYS } from '../lib/auth.ts';
import type { Schema } from '../store/contract.ts';
import { client, errorOf, startTestServer } from './harness.ts';
import type { FacelessPlanRevision, Project } from '@/api/schema.gen.ts';

let server: SimulatorServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('authentication', () => {
  it('answers 401 unauthorized without a key or with an unknown key', async () => {
    for (const key of [null, 'vcs_test_nope', 'Basic abc']) {
      const answer = await client(server, key).get('/projects');
      expect(answer.status).toBe(401);
      expect(errorOf(answer).code).toBe('unauthorized');
      expect(errorOf(answer).message).toBeTruthy();
    }
    const malformed = await client(server, null).raw('/projects', {
      headers: { authorization: 'vcs_test_demo_paid' },
    });
    expect(malformed.status).toBe(401);
  });

  it('401s even on unknown routes before 404', async () => {
    expect((await client(server, null).get('/no-such-route')).status).toBe(401);
    const known = await client(server).get('/no-such-route');
    expect(known.status).toBe(404);
    expect(errorOf(known).code).toBe('not_found');
  });

  it('GET /auth/validate returns every field of the reference', async () => {
    const answer = await client(server).get<Schema<'AuthValidation'>>('/auth/validate');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      organization_id: 'org_demo',
      plan: 'pro',
      environment: 'test',
      key_prefix: 'vcs_test_dem',
      openapi_url: `${server.baseUrl}/openapi.json`,
    });
    expect(answer.body.user_id).toBeTruthy();
    expect(answer.body.docs_url).toMatch(/^https:\/\//);
    expect(answer.body.agent_skills.manifest_url).toMatch(/^https:\/\//);
    expect(answer.body.agent_skills.recommended.length).toBeGreaterThan(0);
    expect(answer.body.agent_skills.minimum_updated_after).toBeTruthy();
    const free = await client(server, DEMO_KEYS.free).get<Schema<'AuthValidation'>>(
      '/auth/validate',
    );
    expect(free.body).toMatchObject({ organization_id: 'org_demo_free', plan: 'free' });
  });

  it('serves the contract as JSON at /openapi.json', async () => {
    const answer = await client(server).get<{ openapi: string; servers: Array<{ url: string }> }>(
      '/openapi.json',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toMatch(/^3\.1/);
    expect(answer.body.servers[0]?.url).toBe(server.baseUrl);
  });
});

describe('read-only key', () => {
  it('reads the same data as the paid key', async () => {
    const paid = await client(server).get('/projects');
    const readonly = await client(server, DEMO_KEYS.readonly).get('/projects');
    expect(readonly.status).toBe(200);
    expect(readonly.body).toEqual(paid.body);
  });

  it('gets 403 insufficient_access on every write', async () => {
    const api = client(server, DEMO_KEYS.readonly);
    const projects = (await api.get<{ projects: Project[] }>('/projects')).body.projects;
    const projectId = projects[0]?.id ?? '';
    const writes = [
      api.post('/projects', { name: 'x' }),
      api.patch(`/projects/${projectId}`, { name: 'y' }),
      api.post('/projects/batch-delete', { reason: 'cleanup', search: 'a', dry_run: true }),
      api.post('/webhooks', { url: 'http://127.0.0.1:1/hook', events: ['job.complete'] }),
      api.delete('/webhooks/wh_x'),
      api.raw('/projects', { method: 'PUT' }),
    ];
    for (const pending of writes) {
      const answer = await pending;
      const status = answer instanceof Response ? answer.status : answer.status;
      expect(status).toBe(403);
      if (!(answer instanceof Response)) expect(errorOf(answer).code).toBe('insufficient_access');
    }
  });
});

describe('free plan', () => {
  it('answers 403 plan_required on paid-plan operations', async () => {
    const free = client(server, DEMO_KEYS.free);
    const projects = (await free.get<{ projects: Project[] }>('/projects')).body.projects;
    expect(projects.length).toBeGreaterThan(0);
    const paidProjects = (await client(server).get<{ projects: Project[] }>('/projects?limit=50'))
      .body.projects;
    const faceless = paidProjects.find((project) => project.name.startsWith('Faceless'));
    const revisions = (
      await client(server).get<{ revisions: FacelessPlanRevision[] }>(
        `/projects/${faceless?.id ?? ''}/faceless/plans`,
      )
    ).body.revisions;
    const revisionId = revisions[0]?.id ?? '';
    const calls = [
      free.post(`/projects/${projects[0]?.id ?? ''}/exports`, {}),
      free.post('/clips', { youtube_url: 'https://www.youtube.com/watch?v=abcdef123' }),
      free.post('/ai-edit/runs/run_x/apply-style', {}),
      free.post(`/projects/${faceless?.id ?? ''}/faceless/plans/${revisionId}/revise`, {}),
      free.post(`/projects/${faceless?.id ?? ''}/faceless/plans/${revisionId}/approve`, {
        stage: 'plan',
      }),
    ];
    for (const pending of calls) {
      const answer = await pending;
      expect(answer.status).toBe(403);
      expect(errorOf(answer).code).toBe('plan_required');
    }
  });

  it('has its own workspace', async () => {
    const free = await client(server, DEMO_KEYS.free).get<{ projects: Project[] }>('/projects');
    const paid = await client(server).get<{ projects: Project[] }>('/projects');
    const paidIds = new Set(paid.body.projects.map((project) => project.id));
    expect(free.body.projects.every((project) => !paidIds.has(project.id))).toBe(true);
    const cross = await client(server, DEMO_KEYS.free).get(
      `/projects/${paid.body.projects[0]?.id ?? ''}`,
    );
    expect(cross.status).toBe(404);
  });
});
