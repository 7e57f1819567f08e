import { createFileRoute } from '@tanstack/react-router';
import { mediaAssetQueryOptions } from '@/features/media/api/media-queries.ts';
import { DeletionFlow } from '@/features/deletions/components/deletion-flow.tsx';
import { AssetDetailPage } from '@/features/media/components/asset-detail-page.tsx';

export const Route = createFileRoute('/_app/media/assets/$assetId')({
  // A missing asset is shown by the page (with a way back), not as a route error.
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(mediaAssetQueryOptions(params.assetId)).catch(() => null),
  head: () => ({ meta: [{ title: 'Asset · Cutroom' }] }),
  component: AssetRoute,
});

function AssetRoute() {
  const { assetId } = Route.useParams();
  return <AssetDetailPage assetId={assetId} DeletionFlow={DeletionFlow} />;
}
