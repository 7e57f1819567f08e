import type { AuditEntry, AuditOperation } from '@/api/bff-schema.gen.ts';

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/**
 * Each call of an operation in words: its dry runs, the re-check just before deleting, and the
 * batches that deleted ("Batch 2 of 2").
 */
export function stepNames(entries: readonly AuditEntry[]): string[] {
  const batches = entries.filter((entry) => entry.dry_run === false).length;
  let batch = 0;
  return entries.map((entry, index) => {
    if (entry.dry_run === false) {
      batch += 1;
      return batches > 1 ? `Batch ${batch} of ${batches}` : 'Delete';
    }
    if (entry.dry_run === null) return 'Call';
    const next = entries[index + 1];
    return next && next.dry_run === false ? 'Re-check before deleting' : 'Dry run';
  });
}

/** One line for the whole operation: "Deleted 130 of 130 in 2 batches, after 2 dry runs". */
export function operationSummary(operation: AuditOperation): string {
  const dryRuns = operation.entries.filter((entry) => entry.dry_run === true).length;
  const confirms = operation.entries.filter((entry) => entry.dry_run === false);
  const failedCalls = operation.entries.filter((entry) => entry.status >= 400).length;
  const sum = (pick: (entry: AuditEntry) => number | null) =>
    confirms.reduce((total, entry) => total + (pick(entry) ?? 0), 0);
  const parts: string[] = [];
  if (confirms.length > 0) {
    const failed = sum((entry) => entry.failed_count);
    parts.push(
      `Deleted ${sum((entry) => entry.deleted_count)} of ${sum((entry) => entry.selected_count)}` +
        (confirms.length > 1 ? ` in ${confirms.length} batches` : '') +
        (failed > 0 ? `, ${failed} failed` : ''),
    );
    if (dryRuns > 0) parts.push(`after ${plural(dryRuns, 'dry run')}`);
  } else if (dryRuns > 0) {
    const selected = operation.entries.at(-1)?.selected_count;
    parts.push(
      `${plural(dryRuns, 'dry run')} only, nothing deleted` +
        (selected != null ? ` (${selected} selected)` : ''),
    );
  } else if (operation.entries.length === 1) {
    // A decision, a note change, a cancel: one call, done or refused.
    return failedCalls > 0 ? `Refused (${operation.entries[0]?.status})` : 'Done';
  } else {
    parts.push(plural(operation.entries.length, 'call'));
  }
  if (failedCalls > 0) parts.push(`${plural(failedCalls, 'call')} refused`);
  return parts.join(', ');
}
