import { createFileRoute, Link } from '@tanstack/react-router';
import { captionWordsFirstPageQueryOptions } from '@/api/caption-queries.ts';
import { ExportButton } from '@/features/exports/components/export-button.tsx';
import { loadTimeline } from '@/features/timeline/api/timeline-queries.ts';
import { TimelinePage } from '@/features/timeline/components/timeline-page.tsx';
import { WordsPanel } from '@/features/words/components/words-panel.tsx';

/**
 * Editing by words: the words large on the left of the studio, the frame beside them and the
 * timeline below (what a cut takes out shows there as a band over every layer).
 */
export const Route = createFileRoute('/_app/projects/$projectId/words')({
  loader: ({ context, params }) => {
    // The page shows once the timeline and the first page of words are in; the page shows their
    // errors. A long talk's other pages are the Words view's to ask for once the first paragraphs
    // are on screen: asked for here, they would share the server with the timeline's answer and
    // the main thread with the first render.
    const timeline = loadTimeline(context.queryClient, params.projectId);
    const firstWords = context.queryClient.ensureQueryData(
      captionWordsFirstPageQueryOptions(params.projectId),
    );
    return Promise.all([timeline, firstWords]).then(
      () => undefined,
      () => undefined,
    );
  },
  head: () => ({ meta: [{ title: 'Words · Cutroom' }] }),
  staticData: { fullWidth: true, studio: true },
  component: WordsRoute,
});

function WordsRoute() {
  const { projectId } = Route.useParams();
  return (
    <TimelinePage
      projectId={projectId}
      title="Edit by words"
      // The first paragraph is the page's first paint: the editor lays out the words panel.
      editorFirst
      links={
        <>
          <Link
            to="/projects/$projectId/timeline"
            params={{ projectId }}
            className="text-sm text-indigo-700 hover:underline"
          >
            Timeline
          </Link>
          <Link
            to="/projects/$projectId/captions"
            params={{ projectId }}
            className="text-sm text-indigo-700 hover:underline"
          >
            Captions
          </Link>
        </>
      }
      actions={<ExportButton projectId={projectId} size="sm" />}
      panels={[
        {
          id: 'edit-by-words',
          title: 'Edit by words',
          side: 'left',
          fill: true,
          defaultWidth: 560,
          minWidth: 320,
          content: <WordsPanel projectId={projectId} onPage />,
        },
      ]}
    />
  );
}
