import { createFileRoute } from '@tanstack/react-router';
import { clipQueryOptions } from '@/features/clips/api/clips-queries.ts';
import { ClipDetailPage } from '@/features/clips/components/clip-detail-page.tsx';

export const Route = createFileRoute('/_app/clips/$clipId')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(clipQueryOptions(params.clipId)),
  head: () => ({ meta: [{ title: 'Clip · Cutroom' }] }),
  component: ClipRoute,
});

function ClipRoute() {
  const { clipId } = Route.useParams();
  return <ClipDetailPage clipId={clipId} />;
}
