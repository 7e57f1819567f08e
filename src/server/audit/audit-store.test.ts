import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../api/bff-schema.gen.ts';
import { MemoryAuditStore } from './audit-store.ts';

const entry = (id: string, fields: Partial<AuditEntry>): AuditEntry => ({
  id,
  time: `2026-11-24T10:00:0${id}.000Z`,
  organization_id: 'org',
  user_id: 'user_1',
  method: 'POST',
  endpoint: '/workspace/media/assets/batch-delete',
  path: '/workspace/media/assets/batch-delete',
  status: 200,
  reason: 'clean up',
  dry_run: true,
  selected_count: 100,
  deleted_count: 0,
  failed_count: 0,
  replayed: false,
  operation_id: null,
  action: 'batchDeleteWorkspaceMediaAssets',
  action_label: 'Delete media assets',
  outcome: 'dry_run',
  user_name: null,
  project_id: null,
  revision_id: null,
  subject_id: null,
  summary: null,
  ...fields,
});

describe('the audit list by operation', () => {
  it('one row per operation: a 130-asset delete’s dry runs, re-check and batches under it', async () => {
    const store = new MemoryAuditStore();
    const op = { operation_id: 'op-130-assets' };
    await store.append(entry('1', { ...op }));
    await store.append(entry('2', { ...op, selected_count: 30 }));
    await store.append(
      entry('3', { id: '3', operation_id: null, endpoint: '/projects/batch-delete' }),
    );
    await store.append(entry('4', { ...op }));
    await store.append(entry('5', { ...op, selected_count: 30 }));
    await store.append(entry('6', { ...op, dry_run: false, deleted_count: 100 }));
    await store.append(
      entry('7', { ...op, dry_run: false, deleted_count: 30, selected_count: 30 }),
    );
    const page = await store.list('org', { limit: 1, offset: 0 });
    expect(page.bounds).toMatchObject({ total: 2, returned: 1, has_more: true });
    const [operation] = page.operations;
    expect(operation).toMatchObject({
      id: 'op-130-assets',
      reason: 'clean up',
      started_at: '2026-11-24T10:00:01.000Z',
      time: '2026-11-24T10:00:07.000Z',
    });
    expect(operation?.entries.map((item) => item.id)).toEqual(['1', '2', '4', '5', '6', '7']);
    const next = await store.list('org', { limit: 1, offset: 1 });
    expect(next.operations[0]).toMatchObject({ id: '3', endpoint: '/projects/batch-delete' });
  });
});
