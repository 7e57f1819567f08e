import { describe, expect, it } from 'vitest';
import { auditFilters, exportHref, isFiltered, rangeProblem } from './audit-filters.ts';

describe('audit filters', () => {
  it('reads whole days in the viewer’s zone, the last one included', () => {
    const filters = auditFilters({ from: '2026-12-01', to: '2026-12-07' });
    expect(new Date(filters.from ?? '').getDate()).toBe(1);
    expect(new Date(filters.to ?? '').getDate()).toBe(8);
    expect(new Date(filters.to ?? '').getHours()).toBe(0);
  });

  it('takes one person, action and outcome, and nothing for a range ending before it starts', () => {
    expect(
      auditFilters({
        from: '2026-12-07',
        to: '2026-12-01',
        who: 'u1',
        action: 'note.resolve',
        outcome: 'failed',
      }),
    ).toEqual({ user_id: ['u1'], action: ['note.resolve'], outcome: ['failed'] });
    expect(rangeProblem('2026-12-07', '2026-12-01')).toMatch(/before the first/);
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ outcome: 'dry_run' })).toBe(true);
  });

  it('exports what the list shows', () => {
    expect(exportHref({})).toBe('/bff/audit/export');
    expect(
      exportHref({ user_id: ['u 1'], outcome: ['partial'], from: '2026-12-01T00:00:00.000Z' }),
    ).toBe('/bff/audit/export?from=2026-12-01T00%3A00%3A00.000Z&user_id=u+1&outcome=partial');
  });
});
