import { createFileRoute } from '@tanstack/react-router';
import { LoadingWithRetry } from '@/features/clips/components/loading-with-retry.tsx';
import { clipSharePageQueryOptions } from '@/features/clips/api/clips-queries.ts';
import { SharePageView } from '@/features/clips/components/share-page-view.tsx';

export const Route = createFileRoute('/_app/clips/share/$assetId')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(clipSharePageQueryOptions(params.assetId)),
  head: () => ({ meta: [{ title: 'Clip share page · Cutroom' }] }),
  pendingComponent: SharePending,
  component: ShareRoute,
});

function ShareRoute() {
  const { assetId } = Route.useParams();
  return <SharePageView assetId={assetId} />;
}

function SharePending() {
  const { assetId } = Route.useParams();
  return (
    <LoadingWithRetry
      options={clipSharePageQueryOptions(assetId)}
      label="Loading the share page…"
    />
  );
}
