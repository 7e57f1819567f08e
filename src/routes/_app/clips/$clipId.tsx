import { createFileRoute } from '@tanstack/react-router';
import { LoadingWithRetry } from '@/features/clips/components/loading-with-retry.tsx';
import { clipQueryOptions } from '@/features/clips/api/clips-queries.ts';
import { ClipDetailPage } from '@/features/clips/components/clip-detail-page.tsx';

export const Route = createFileRoute('/_app/clips/$clipId')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(clipQueryOptions(params.clipId)),
  head: () => ({ meta: [{ title: 'Clip · Cutroom' }] }),
  pendingComponent: ClipPending,
  component: ClipRoute,
});

function ClipRoute() {
  const { clipId } = Route.useParams();
  return <ClipDetailPage clipId={clipId} />;
}

function ClipPending() {
  const { clipId } = Route.useParams();
  return <LoadingWithRetry options={clipQueryOptions(clipId)} label="Loading clip…" />;
}
