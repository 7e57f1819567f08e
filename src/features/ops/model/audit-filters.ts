/**
 * The audit trail's filters as the URL holds them (days in the viewer's time zone, one person,
 * one action, one outcome) and as `GET /bff/audit` and its CSV export take them (instants).
 */
import type { AuditFilters, AuditPageParams } from '@/api/query-keys.ts';
import { AUDIT_PAGE, type OpsSearch } from '../ops-search.ts';

/** The start of a `YYYY-MM-DD` day in the viewer's time zone, as an instant. */
export function startOfDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1).toISOString();
}

/** The start of the day after, so that `to` includes the whole of its day. */
export function startOfNextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + 1).toISOString();
}

/** Why the range cannot be read, in words, or null. */
export function rangeProblem(from: string | undefined, to: string | undefined): string | null {
  if (from && to && to < from) return 'The last day comes before the first: swap them.';
  return null;
}

export function auditFilters(
  search: Pick<OpsSearch, 'from' | 'to' | 'who' | 'action' | 'outcome'>,
): AuditFilters {
  const range = rangeProblem(search.from, search.to)
    ? {}
    : {
        ...(search.from ? { from: startOfDay(search.from) } : {}),
        ...(search.to ? { to: startOfNextDay(search.to) } : {}),
      };
  return {
    ...range,
    ...(search.who ? { user_id: [search.who] } : {}),
    ...(search.action ? { action: [search.action] } : {}),
    ...(search.outcome ? { outcome: [search.outcome] } : {}),
  };
}

/** The page of the trail the URL shows: its filters, its offset, and where the page before ended. */
export function auditPage(
  search: Pick<OpsSearch, 'audit' | 'after' | 'from' | 'to' | 'who' | 'action' | 'outcome'>,
): AuditPageParams {
  return {
    limit: AUDIT_PAGE,
    offset: search.audit,
    ...(search.after ? { cursor: search.after } : {}),
    ...auditFilters(search),
  };
}

/** Whether any filter is set. */
export const isFiltered = (search: Pick<OpsSearch, 'from' | 'to' | 'who' | 'action' | 'outcome'>) =>
  Boolean(search.from || search.to || search.who || search.action || search.outcome);

/** The CSV export's address for these filters (the same as the list's). */
export function exportHref(filters: AuditFilters): string {
  const query = new URLSearchParams();
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  for (const id of filters.user_id ?? []) query.append('user_id', id);
  for (const action of filters.action ?? []) query.append('action', action);
  for (const outcome of filters.outcome ?? []) query.append('outcome', outcome);
  const text = query.toString();
  return `/bff/audit/export${text ? `?${text}` : ''}`;
}
