import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorServer } from '../http-server.ts';
import { contractValidator } from '../lib/contract-validator.ts';
import { verifyWebhook } from '../lib/webhook-signer.ts';
import type { Client } from './harness.ts';
import { client, startTestServer, waitFor } from './harness.ts';
import type { Export, Job, Project, Webhook, WebhookEvent } from '@/api/schema.gen.ts';

const SECRET = 'whsec_test_secret';

interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  raw: string;
  event: WebhookEvent;
  verified: boolean;
}

let server: SimulatorServer;
let api: Client;
let receiver: Server;
let receiverUrl: string;
const deliveries: Delivery[] = [];

beforeAll(async () => {
  server = await startTestServer({ webhookSecret: SECRET, timeScale: 25 });
  api = client(server);
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const timestamp = String(request.headers['x-service-timestamp'] ?? '');
      const signature = String(request.headers['x-service-signature'] ?? '');
      void verifyWebhook(SECRET, timestamp, raw, signature).then((verified) => {
        deliveries.push({
          headers: request.headers,
          raw,
          event: JSON.parse(raw) as Delivery['event'],
          verified,
        });
        response.writeHead(verified ? 200 : 401).end();
      });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('webhooks registry', () => {
  it('registers, lists and removes webhooks; validates the body', async () => {
    const created = await api.post<Webhook>('/webhooks', {
      url: 'https://example.invalid/hook',
      events: ['job.complete'],
    });
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^wh_/);
    const list = await api.get<{ webhooks: Webhook[] }>('/webhooks');
    expect(list.body.webhooks.map((hook) => hook.id)).toContain(created.body.id);
    expect((await api.delete(`/webhooks/${created.body.id}`)).status).toBe(200);
    expect((await api.delete(`/webhooks/${created.body.id}`)).status).toBe(404);
    expect((await api.post('/webhooks', { url: 'nope', events: ['job.complete'] })).status).toBe(
      400,
    );
    expect((await api.post('/webhooks', { url: receiverUrl, events: ['job.done'] })).status).toBe(
      400,
    );
  });
});

describe('export job', () => {
  it('moves queued → running → complete, adds the export and sends signed webhooks', async () => {
    await api.post('/webhooks', { url: receiverUrl, events: ['export.ready', 'job.complete'] });
    const projects = (await api.get<{ projects: Project[] }>('/projects?limit=50')).body.projects;
    const project = projects.find((item) => item.name === 'Dashboard tour short') as Project;
    const before = (await api.get<{ count: number }>(`/projects/${project.id}/exports`)).body.count;

    // The simulator's clock moves only when the test says, so every status is seen on a slow machine.
    server.simulator.stop();
    const started = await api.post<Job>(`/projects/${project.id}/exports`, { format: 'mp4' });
    expect(started.status).toBe(202);
    expect(started.body.status).toBe('queued');
    expect(started.body.status_url).toBe(`${server.baseUrl}/jobs/${started.body.job_id}`);
    const poll = async () => (await api.get<Job>(`/jobs/${started.body.job_id}`)).body;
    expect((await poll()).status).toBe('queued');
    server.simulator.advance(1_000);
    const running = await poll();
    expect(running.status).toBe('running');
    expect(running.progress).toBeGreaterThanOrEqual(0);
    server.simulator.advance(5_000);
    server.simulator.start();
    const done = await waitFor(async () => {
      const job = await poll();
      return job.status === 'complete' ? job : undefined;
    });
    expect(done.progress).toBe(1);
    expect(done.completed_at).toBeTruthy();

    const exports = (
      await api.get<{ exports: Export[]; count: number }>(`/projects/${project.id}/exports`)
    ).body;
    expect(exports.count).toBe(before + 1);
    const created = exports.exports.find((item) => item.export_id === done.export_id) as Export;
    expect(created.download_url).toMatch(/^https:\/\//);
    expect(Date.parse(created.expires_at ?? '')).toBeGreaterThan(Date.now());

    const ready = await waitFor(async () =>
      deliveries.find(
        (delivery) =>
          delivery.event.type === 'export.ready' &&
          delivery.event.data.export_id === done.export_id,
      ),
    );
    expect(ready.verified).toBe(true);
    expect(ready.event.id).toMatch(/^evt_/);
    expect(ready.event.data).toMatchObject({
      project_id: project.id,
      export_id: done.export_id,
      download_url: created.download_url,
      expires_at: created.expires_at,
      organization_id: 'org_demo',
    });
    expect(Number(ready.headers['x-service-timestamp'])).toBeGreaterThan(1_600_000_000);
    expect(String(ready.headers['x-service-signature'])).toMatch(/^[0-9a-f]{64}$/);
    const jobEvent = await waitFor(async () =>
      deliveries.find(
        (delivery) =>
          delivery.event.type === 'job.complete' && delivery.event.data.job_id === done.job_id,
      ),
    );
    expect(jobEvent.verified).toBe(true);
    expect(
      (await api.get<{ jobs: Job[] }>(`/projects/${project.id}/jobs`)).body.jobs.map(
        (job) => job.job_id,
      ),
    ).toContain(done.job_id);
  });

  it('fails an export of an empty timeline with export.failed and job.failed', async () => {
    await api.post('/webhooks', { url: receiverUrl, events: ['export.failed', 'job.failed'] });
    const project = (await api.post<Project>('/projects', { name: 'Empty one' })).body;
    const started = await api.post<Job>(`/projects/${project.id}/exports`, {});
    server.simulator.advance(10_000);
    const job = (await api.get<Job>(`/jobs/${started.body.job_id}`)).body;
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/empty/);
    const failed = await waitFor(async () =>
      deliveries.find(
        (delivery) =>
          delivery.event.type === 'export.failed' && delivery.event.data.project_id === project.id,
      ),
    );
    expect(failed.verified).toBe(true);
    await waitFor(async () =>
      deliveries.find(
        (delivery) =>
          delivery.event.type === 'job.failed' && delivery.event.data.job_id === job.job_id,
      ),
    );
    expect((await api.get<{ count: number }>(`/projects/${project.id}/exports`)).body.count).toBe(
      0,
    );
  });

  it('cancels a queued job', async () => {
    const projects = (await api.get<{ projects: Project[] }>('/projects?limit=50')).body.projects;
    // Hold the clock so the job is still queued when the cancel arrives, however slow the machine.
    server.simulator.stop();
    try {
      const started = await api.post<Job>(`/projects/${projects[0]?.id ?? ''}/exports`, {});
      expect(started.body.status).toBe('queued');
      const cancelled = await api.post<Job>(`/jobs/${started.body.job_id}/cancel`, {});
      expect(cancelled.body.status).toBe('cancelled');
      server.simulator.advance(10_000);
      expect((await api.get<Job>(`/jobs/${started.body.job_id}`)).body.status).toBe('cancelled');
    } finally {
      server.simulator.start();
    }
  });
});

describe('deliveries', () => {
  it("every delivered event is the contract's WebhookEvent", () => {
    expect(deliveries.length).toBeGreaterThan(0);
    for (const delivery of deliveries) {
      expect(
        contractValidator().schemaErrors('WebhookEvent', delivery.event),
        delivery.event.type,
      ).toEqual([]);
    }
  });
});
