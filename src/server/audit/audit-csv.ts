/**
 * The audit trail as CSV (RFC 4180): one row per entry, the columns bff.yaml's
 * `exportAuditEntries` lists. A cell a spreadsheet would read as a formula is prefixed with `'`
 * (CSV injection): the trail holds text people typed (reasons, notes).
 */
import type { AuditEntry } from '../../api/bff-schema.gen.ts';

export const AUDIT_CSV_COLUMNS = [
  'time',
  'person',
  'user_id',
  'action',
  'action_label',
  'outcome',
  'method',
  'endpoint',
  'path',
  'status',
  'reason',
  'dry_run',
  'selected_count',
  'deleted_count',
  'failed_count',
  'project_id',
  'revision_id',
  'subject_id',
  'summary',
  'operation_id',
  'replayed',
  'id',
] as const;

/** Byte order mark: spreadsheets then read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: empty for null, quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(
  values: ReadonlyArray<string | number | boolean | null | undefined>,
): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export function auditCsvHeader(): string {
  return csvLine(AUDIT_CSV_COLUMNS);
}

export function auditCsvRow(entry: AuditEntry): string {
  return csvLine(
    AUDIT_CSV_COLUMNS.map((column) => (column === 'person' ? entry.user_name : entry[column])),
  );
}
