import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditOperation } from '@/api/bff-schema.gen.ts';
import { operationSummary, stepNames } from './audit-summary.ts';

const entry = (id: string, overrides: Partial<AuditEntry>): AuditEntry => ({
  id,
  time: '2026-12-07T10:00:00.000Z',
  organization_id: 'org_demo',
  user_id: 'user_1',
  method: 'POST',
  endpoint: '/projects/batch-delete',
  path: '/projects/batch-delete',
  status: 200,
  reason: 'cleanup',
  dry_run: null,
  selected_count: null,
  deleted_count: null,
  failed_count: null,
  replayed: false,
  operation_id: 'op1',
  action: 'projects.batch_delete',
  action_label: 'Delete projects',
  outcome: 'succeeded',
  user_name: null,
  project_id: null,
  revision_id: null,
  subject_id: null,
  summary: null,
  ...overrides,
});
const operation = (entries: AuditEntry[]): AuditOperation => ({
  id: 'op1',
  time: entries.at(-1)!.time,
  started_at: entries[0]!.time,
  user_id: 'user_1',
  endpoint: '/projects/batch-delete',
  reason: 'cleanup',
  entries,
});

const dry = (id: string) => entry(id, { dry_run: true, selected_count: 130 });
const batch = (id: string, deleted: number, failed = 0) =>
  entry(id, {
    dry_run: false,
    selected_count: deleted + failed,
    deleted_count: deleted,
    failed_count: failed,
  });

describe('stepNames', () => {
  it('names dry runs, the re-check before deleting and numbered batches', () => {
    expect(stepNames([dry('a'), dry('b'), batch('c', 100), batch('d', 30)])).toEqual([
      'Dry run',
      'Re-check before deleting',
      'Batch 1 of 2',
      'Batch 2 of 2',
    ]);
  });
  it('calls a lone confirm "Delete" and a call without a dry run "Call"', () => {
    expect(stepNames([dry('a'), batch('b', 3)])).toEqual(['Re-check before deleting', 'Delete']);
    expect(stepNames([entry('a', {})])).toEqual(['Call']);
  });
});

describe('operationSummary', () => {
  it('sums the batches and counts the dry runs before them', () => {
    expect(
      operationSummary(operation([dry('a'), dry('b'), batch('c', 100), batch('d', 28, 2)])),
    ).toBe('Deleted 128 of 130 in 2 batches, 2 failed, after 2 dry runs');
  });
  it('says when only dry runs happened', () => {
    expect(operationSummary(operation([dry('a')]))).toBe(
      '1 dry run only, nothing deleted (130 selected)',
    );
  });
  it('says done or refused for a single call', () => {
    expect(operationSummary(operation([entry('a', {})]))).toBe('Done');
    expect(operationSummary(operation([entry('a', { status: 403 })]))).toBe('Refused (403)');
  });
});
