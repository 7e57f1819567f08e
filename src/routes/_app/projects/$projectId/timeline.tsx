import { createFileRoute, Link } from '@tanstack/react-router';
import { loadTimeline } from '@/features/timeline/api/timeline-queries.ts';
import { TimelinePage } from '@/features/timeline/components/timeline-page.tsx';
import { ExportButton } from '@/features/exports/components/export-button.tsx';
import { WordsPanel } from '@/features/words/components/words-panel.tsx';

export const Route = createFileRoute('/_app/projects/$projectId/timeline')({
  loader: ({ context, params }) => loadTimeline(context.queryClient, params.projectId),
  head: () => ({ meta: [{ title: 'Timeline · Cutroom' }] }),
  staticData: { fullWidth: true, studio: true },
  component: TimelineRoute,
});

function TimelineRoute() {
  const { projectId } = Route.useParams();
  // Panels of other features join the studio here: the timeline feature never imports them.
  return (
    <TimelinePage
      projectId={projectId}
      actions={<ExportButton projectId={projectId} size="sm" />}
      links={
        <Link
          to="/projects/$projectId/words"
          params={{ projectId }}
          className="text-sm text-indigo-700 hover:underline"
        >
          Words
        </Link>
      }
      panels={[
        {
          id: 'edit-by-words',
          title: 'Edit by words',
          fill: true,
          defaultWidth: 300,
          collapsedByDefault: true,
          content: <WordsPanel projectId={projectId} />,
        },
      ]}
    />
  );
}
