import { createFileRoute } from '@tanstack/react-router';
import { recoveryRunsQueryOptions } from '@/api/recovery-runs.ts';
import { auditQueryOptions } from '@/features/ops/api/audit-queries.ts';
import { OpsPage } from '@/features/ops/components/ops-page.tsx';
import { auditPage } from '@/features/ops/model/audit-filters.ts';
import { opsSearchSchema, RUNS_PAGE } from '@/features/ops/ops-search.ts';

export const Route = createFileRoute('/_app/ops')({
  validateSearch: opsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // The page shows each list's own loading and error states; start both at once.
    void context.queryClient.prefetchQuery(
      recoveryRunsQueryOptions({ limit: RUNS_PAGE, offset: deps.runs }),
    );
    void context.queryClient.prefetchQuery(auditQueryOptions(auditPage(deps)));
  },
  head: () => ({ meta: [{ title: 'Ops · Cutroom' }] }),
  component: OpsRoute,
});

function OpsRoute() {
  const userId = Route.useRouteContext({ select: (context) => context.session.user_id });
  return <OpsPage search={Route.useSearch()} currentUserId={userId} />;
}
