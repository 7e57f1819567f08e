import { createFileRoute } from '@tanstack/react-router';
import {
  clipCountsQueryOptions,
  clipListQueryOptions,
  clipSourcesQueryOptions,
} from '@/features/clips/api/clips-queries.ts';
import { ClipsLibraryPage } from '@/features/clips/components/clips-library-page.tsx';
import { LoadingWithRetry } from '@/features/clips/components/loading-with-retry.tsx';
import { clipSearchSchema, listParamsOf } from '@/features/clips/model/clip-search.ts';

export const Route = createFileRoute('/_app/clips/')({
  validateSearch: clipSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) => {
    const scope = { projectId: deps.project, assetId: deps.asset };
    void context.queryClient.prefetchQuery(clipCountsQueryOptions(scope));
    const data =
      deps.view === 'sources'
        ? context.queryClient.ensureQueryData(
            clipSourcesQueryOptions({ ...scope, statuses: deps.status }),
          )
        : context.queryClient.ensureQueryData(clipListQueryOptions(listParamsOf(deps)));
    // Entering the screen waits for its data; a filter change on it does not, so the filter
    // shows the choice at once and the previous page stays (dimmed) until the new one arrives.
    if (cause !== 'stay') await data;
    else data.catch(() => undefined); // the component shows the error
  },
  head: () => ({ meta: [{ title: 'Clips · Cutroom' }] }),
  pendingComponent: ClipsPending,
  component: ClipsRoute,
});

function ClipsPending() {
  const search = Route.useSearch();
  const scope = { projectId: search.project, assetId: search.asset };
  return search.view === 'sources' ? (
    <LoadingWithRetry
      options={clipSourcesQueryOptions({ ...scope, statuses: search.status })}
      label="Loading clips…"
    />
  ) : (
    <LoadingWithRetry options={clipListQueryOptions(listParamsOf(search))} label="Loading clips…" />
  );
}

function ClipsRoute() {
  return <ClipsLibraryPage search={Route.useSearch()} />;
}
