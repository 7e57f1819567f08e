import { queryOptions } from '@tanstack/react-query';
import { bff, unwrap } from '@/api/client.ts';
import { queryKeys, type AuditPageParams } from '@/api/query-keys.ts';

/** A page of the workspace's audit trail (with its filters), newest first. */
export const auditQueryOptions = (page: AuditPageParams) =>
  queryOptions({
    queryKey: queryKeys.audit.page(page),
    queryFn: ({ signal }) => unwrap(bff.GET('/bff/audit', { params: { query: page }, signal })),
    placeholderData: (previous) => previous,
  });

/** The actions and people the trail holds: the filters' choices, by name. */
export const auditFacetsQueryOptions = queryOptions({
  queryKey: queryKeys.audit.facets,
  queryFn: ({ signal }) => unwrap(bff.GET('/bff/audit/facets', { signal })),
  staleTime: 60_000,
});
