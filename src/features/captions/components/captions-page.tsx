/**
 * The caption styler screen (`/projects/$projectId/captions`): loads the project's words and
 * caption style (the editor's document), with loading, error and empty states, then the editor.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { captionStyleQueryOptions } from '@/api/caption-queries.ts';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { ProjectPageHeader } from '@/components/project-page-header.tsx';
import { captionWordsQueryOptions } from '@/api/caption-queries.ts';
import { CaptionsEditorView } from './captions-editor-view.tsx';

export function CaptionsPage({
  projectId,
  query,
  onQueryChange,
}: {
  projectId: string;
  query: string;
  onQueryChange(query: string): void;
}) {
  const words = useQuery(captionWordsQueryOptions(projectId));
  const style = useQuery(captionStyleQueryOptions(projectId));
  const failed = words.isError ? words : style.isError ? style : null;
  return (
    <article aria-labelledby="captions-heading" className="flex flex-col gap-4">
      <ProjectPageHeader projectId={projectId} headingId="captions-heading" title="Captions" />
      {failed ? (
        <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />
      ) : !words.data || !style.data ? (
        <LoadingState label="Loading caption words…" />
      ) : words.data.words.length === 0 ? (
        <EmptyState title="This project has no captions yet">
          <p>
            Captions appear here once the project has a transcript. Add a caption item on the{' '}
            <Link
              to="/projects/$projectId/timeline"
              params={{ projectId }}
              className="text-indigo-700 underline"
            >
              timeline
            </Link>
            , then come back to style its words.
          </p>
        </EmptyState>
      ) : (
        <CaptionsEditorView projectId={projectId} query={query} onQueryChange={onQueryChange} />
      )}
    </article>
  );
}
