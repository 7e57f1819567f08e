import { createFileRoute } from '@tanstack/react-router';
import { captionWordsQueryOptions } from '@/api/caption-queries.ts';
import { timelineQueryOptions } from '@/api/timeline.ts';
import { WordsPage } from '@/features/words/components/words-page.tsx';

export const Route = createFileRoute('/_app/projects/$projectId/words')({
  loader: ({ context, params }) => {
    // The timeline and every word load together; the page shows their errors.
    const timeline = context.queryClient.ensureQueryData(timelineQueryOptions(params.projectId));
    const words = context.queryClient.ensureQueryData(captionWordsQueryOptions(params.projectId));
    return Promise.all([timeline, words]).then(
      () => undefined,
      () => undefined,
    );
  },
  head: () => ({ meta: [{ title: 'Words · Cutroom' }] }),
  staticData: { fullWidth: true },
  component: WordsRoute,
});

function WordsRoute() {
  const { projectId } = Route.useParams();
  return <WordsPage projectId={projectId} />;
}
