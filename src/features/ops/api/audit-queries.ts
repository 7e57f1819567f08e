import { queryOptions } from '@tanstack/react-query';
import { bff, unwrap } from '@/api/client.ts';
import { queryKeys, type AuditPageParams } from '@/api/query-keys.ts';

/** The BFF's audit list of destructive calls for the signed-in workspace, newest first. */
export const auditQueryOptions = (page: AuditPageParams) =>
  queryOptions({
    queryKey: queryKeys.audit.page(page),
    queryFn: ({ signal }) => unwrap(bff.GET('/bff/audit', { params: { query: page }, signal })),
    placeholderData: (previous) => previous,
  });
