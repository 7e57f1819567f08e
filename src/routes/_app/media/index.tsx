import { createFileRoute } from '@tanstack/react-router';
import {
  mediaAssetsQueryOptions,
  mediaFoldersQueryOptions,
} from '@/features/media/api/media-queries.ts';
import { DeletionFlow } from '@/features/deletions/components/deletion-flow.tsx';
import { MediaLibraryPage } from '@/features/media/components/media-library-page.tsx';
import { assetFiltersOf, mediaSearchSchema } from '@/features/media/model/media-search.ts';

export const Route = createFileRoute('/_app/media/')({
  validateSearch: mediaSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) => {
    void context.queryClient.prefetchQuery(mediaFoldersQueryOptions);
    const data = context.queryClient.ensureQueryData(mediaAssetsQueryOptions(assetFiltersOf(deps)));
    // Entering waits for the page; a filter or page change keeps the previous page until then.
    if (cause !== 'stay') await data;
    else data.catch(() => undefined); // the component shows the error
  },
  head: () => ({ meta: [{ title: 'Media · Cutroom' }] }),
  component: MediaRoute,
});

function MediaRoute() {
  const { session } = Route.useRouteContext();
  return (
    <MediaLibraryPage
      search={Route.useSearch()}
      organizationId={session.organization_id}
      DeletionFlow={DeletionFlow}
    />
  );
}
