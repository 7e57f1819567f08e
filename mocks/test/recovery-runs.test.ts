import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorServer } from '../http-server.ts';
import { STUCK_EXPORT_PROJECT } from '../rules/background-runs.ts';
import type { Schema } from '../store/contract.ts';
import { client, startTestServer } from './harness.ts';

let server: SimulatorServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type RunList = Schema<'RecoveryRunList'>;

describe('listing background runs (admin recovery)', () => {
  it('lists the runs still working, stuck ones first, with their resource, and drops a cancelled one', async () => {
    const api = client(server);
    const first = await api.get<RunList>('/admin/recovery/trigger-runs?limit=100');
    expect(first.status).toBe(200);
    const runs = first.body.runs;
    expect(runs.length).toBeGreaterThanOrEqual(4);
    expect(new Set(runs.map((run) => run.resource_type))).toEqual(
      new Set(['asset', 'clip-batch', 'export']),
    );
    // The seeded stuck transcode (last moved hours ago) leads; every run is still working.
    const stuck = runs.find((run) => run.resource_name === 'Screen recording - dashboard tour.mp4');
    expect(stuck).toMatchObject({
      resource_type: 'asset',
      kind: 'thumbnail_render',
      status: 'running',
    });
    expect(runs.every((run) => ['queued', 'running'].includes(run.status))).toBe(true);

    const onlyBatches = await api.get<RunList>(
      '/admin/recovery/trigger-runs?resource_type=clip-batch',
    );
    expect(onlyBatches.body.runs.every((run) => run.resource_type === 'clip-batch')).toBe(true);
    expect(onlyBatches.body.runs[0]?.resource_name).toMatch(/^Clips of /);

    const target = runs[0] as RunList['runs'][number];
    const cancelled = await api.post(
      `/admin/recovery/${target.resource_type}/${target.resource_id}/trigger-runs/${target.run_id}/cancel`,
      { reason: 'stuck for hours' },
    );
    expect(cancelled.body).toMatchObject({ success: true, status: 'cancelled' });
    const after = await api.get<RunList>('/admin/recovery/trigger-runs?limit=100');
    expect(after.body.runs.map((run) => run.run_id)).not.toContain(target.run_id);
    expect(after.body.bounds.total).toBe(first.body.bounds.total - 1);
  });

  it('seeds a stuck export run of its own, on an export that no other run works on', async () => {
    const api = client(server);
    const runs = (await api.get<RunList>('/admin/recovery/trigger-runs?resource_type=export')).body
      .runs;
    const own = runs.filter((run) => run.resource_name === `Export of ${STUCK_EXPORT_PROJECT}`);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ kind: 'export_render', status: 'running', progress: 0.8 });
    // Last moved hours ago: stuck.
    expect(Date.now() - Date.parse(own[0]?.updated_at ?? '')).toBeGreaterThan(3_600_000);
    const exportId = own[0]?.resource_id;
    expect(runs.filter((run) => run.resource_id === exportId)).toHaveLength(1);
    const project = server.simulator.store
      .workspace('org_demo')
      .projects.find((record) => record.project.name === STUCK_EXPORT_PROJECT);
    expect(project?.exports.find((item) => item.export_id === exportId)?.status).toBe('rendering');
  });

  it('pages with limit and offset', async () => {
    const api = client(server);
    const page = await api.get<RunList>('/admin/recovery/trigger-runs?limit=1&offset=1');
    expect(page.body.runs).toHaveLength(1);
    expect(page.body.bounds).toMatchObject({ limit: 1, offset: 1, returned: 1 });
  });
});
