import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../api/bff-schema.gen.ts';
import { AUDIT_CSV_COLUMNS, auditCsvHeader, auditCsvRow, csvCell } from './audit-csv.ts';

describe('audit CSV', () => {
  it('quotes what needs quoting and nothing else', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(false)).toBe('false');
  });

  it('never lets a spreadsheet run a formula someone typed', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    // Numbers are numbers, not text someone typed.
    expect(csvCell(-2)).toBe('-2');
  });

  it('writes the columns bff.yaml lists, the person by name', () => {
    expect(auditCsvHeader()).toBe(`${AUDIT_CSV_COLUMNS.join(',')}\r\n`);
    const entry: AuditEntry = {
      id: 'e1',
      time: '2026-12-07T10:00:00.000Z',
      organization_id: 'org',
      user_id: 'user_1',
      user_name: 'Dana, Reviewer',
      method: 'PUT',
      endpoint: '/bff/notes/{noteId}/status',
      path: '/bff/notes/n1/status',
      status: 200,
      reason: null,
      dry_run: null,
      selected_count: null,
      deleted_count: null,
      failed_count: null,
      replayed: false,
      operation_id: null,
      action: 'note.resolve',
      action_label: 'Resolved a note',
      outcome: 'succeeded',
      project_id: 'p1',
      revision_id: 'r1',
      subject_id: 'n1',
      summary: 'Dusk, not noon',
    };
    expect(auditCsvRow(entry)).toBe(
      '2026-12-07T10:00:00.000Z,"Dana, Reviewer",user_1,note.resolve,Resolved a note,succeeded,PUT,/bff/notes/{noteId}/status,/bff/notes/n1/status,200,,,,,,p1,r1,n1,"Dusk, not noon",,false,e1\r\n',
    );
  });
});
