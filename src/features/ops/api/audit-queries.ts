import { queryOptions } from '@tanstack/react-query';
import type { AuditPage } from '@/api/bff-audit.ts';
import { bffRequest } from '@/api/client.ts';
import { queryKeys, type PageParams } from '@/api/query-keys.ts';

/** The BFF's audit list of destructive calls for the signed-in workspace, newest first. */
export const auditQueryOptions = (page: PageParams) =>
  queryOptions({
    queryKey: queryKeys.audit.page(page),
    queryFn: ({ signal }) =>
      bffRequest<AuditPage>(
        `/bff/audit?${new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) })}`,
        { signal },
      ),
    placeholderData: (previous) => previous,
  });
