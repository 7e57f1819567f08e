import { createFileRoute, Link } from '@tanstack/react-router';
import { captionStyleQueryOptions } from '@/api/caption-queries.ts';
import { captionWordsQueryOptions } from '@/api/caption-queries.ts';
import { CaptionsPage } from '@/features/captions/components/captions-page.tsx';
import { WordsPanel } from '@/features/words/components/words-panel.tsx';
import { optionalStringParam, searchSchema as schemaOf } from '@/lib/search-params.ts';

const searchSchema = schemaOf({
  /** The word search (the service's `match_text`). */
  q: optionalStringParam({ maxLength: 100 }),
});

export const Route = createFileRoute('/_app/projects/$projectId/captions')({
  validateSearch: searchSchema,
  loader: ({ context, params }) => {
    // Both parts of the document load together; the page shows their errors.
    const words = context.queryClient.ensureQueryData(captionWordsQueryOptions(params.projectId));
    const style = context.queryClient.ensureQueryData(captionStyleQueryOptions(params.projectId));
    return Promise.all([words, style]).then(
      () => undefined,
      () => undefined,
    );
  },
  head: () => ({ meta: [{ title: 'Captions · Cutroom' }] }),
  staticData: { fullWidth: true, studio: true },
  component: CaptionsRoute,
});

function CaptionsRoute() {
  const { projectId } = Route.useParams();
  const { q } = Route.useSearch();
  const navigate = Route.useNavigate();
  // Panels of other features join the studio here: the caption styler never imports them.
  return (
    <CaptionsPage
      projectId={projectId}
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
      query={q ?? ''}
      onQueryChange={(next) =>
        void navigate({ search: { q: next || undefined }, replace: true, resetScroll: false })
      }
    />
  );
}
