import { createFileRoute } from '@tanstack/react-router';
import {
  clipCountsQueryOptions,
  clipListQueryOptions,
  clipSourcesQueryOptions,
} from '@/features/clips/api/clips-queries.ts';
import { ClipsLibraryPage } from '@/features/clips/components/clips-library-page.tsx';
import { clipSearchSchema, listParamsOf } from '@/features/clips/model/clip-search.ts';

export const Route = createFileRoute('/_app/clips/')({
  validateSearch: clipSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const scope = { projectId: deps.project, assetId: deps.asset };
    void context.queryClient.prefetchQuery(clipCountsQueryOptions(scope));
    if (deps.view === 'sources') {
      await context.queryClient.ensureQueryData(
        clipSourcesQueryOptions({ ...scope, statuses: deps.status }),
      );
    } else {
      await context.queryClient.ensureQueryData(clipListQueryOptions(listParamsOf(deps)));
    }
  },
  head: () => ({ meta: [{ title: 'Clips · Cutroom' }] }),
  component: ClipsRoute,
});

function ClipsRoute() {
  return <ClipsLibraryPage search={Route.useSearch()} />;
}
