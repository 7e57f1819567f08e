import { createFileRoute } from '@tanstack/react-router';
import { loadTimeline } from '@/features/timeline/api/timeline-queries.ts';
import { TimelinePage } from '@/features/timeline/components/timeline-page.tsx';
import { ExportButton } from '@/features/exports/components/export-button.tsx';

export const Route = createFileRoute('/_app/projects/$projectId/timeline')({
  loader: ({ context, params }) => loadTimeline(context.queryClient, params.projectId),
  head: () => ({ meta: [{ title: 'Timeline · Cutroom' }] }),
  staticData: { fullWidth: true },
  component: TimelineRoute,
});

function TimelineRoute() {
  const { projectId } = Route.useParams();
  return (
    <div className="relative">
      <div className="absolute right-0 top-0">
        <ExportButton projectId={projectId} />
      </div>
      <TimelinePage projectId={projectId} />
    </div>
  );
}
