import { createFileRoute } from '@tanstack/react-router';
import { LoadingWithRetry } from '@/features/clips/components/loading-with-retry.tsx';
import { clipBatchQueryOptions } from '@/features/clips/api/clips-queries.ts';
import { ClipBatchPage } from '@/features/clips/components/clip-batch-page.tsx';

export const Route = createFileRoute('/_app/clip-batches/$batchId')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(clipBatchQueryOptions(params.batchId)),
  head: () => ({ meta: [{ title: 'Clip batch · Cutroom' }] }),
  pendingComponent: BatchPending,
  component: BatchRoute,
});

function BatchRoute() {
  const { batchId } = Route.useParams();
  return <ClipBatchPage batchId={batchId} />;
}

function BatchPending() {
  const { batchId } = Route.useParams();
  return (
    <LoadingWithRetry options={clipBatchQueryOptions(batchId)} label="Loading the clip batch…" />
  );
}
