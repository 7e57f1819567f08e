/**
 * The caption styler screen (`/projects/$projectId/captions`): loads the project's words and
 * caption style (the editor's document), with loading, error and empty states, then the editor.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { captionStyleQueryOptions } from '@/api/caption-queries.ts';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { ProjectPageHeader } from '@/components/project-page-header.tsx';
import type { StudioPanel } from '@/components/studio-layout.tsx';
import { captionWordsQueryOptions } from '@/api/caption-queries.ts';
import { projectFrameQueryOptions } from '@/lib/project-frame-query.ts';
import { CaptionsEditorView } from './captions-editor-view.tsx';

export function CaptionsPage({
  projectId,
  query,
  onQueryChange,
  panels,
  links,
}: {
  projectId: string;
  query: string;
  onQueryChange(query: string): void;
  /** Panels beside the frame from other features (the route's slot). */
  panels?: readonly StudioPanel[];
  /** The ways to the project's other editors, beside "← Project". */
  links?: ReactNode;
}) {
  const words = useQuery(captionWordsQueryOptions(projectId));
  const style = useQuery(captionStyleQueryOptions(projectId));
  // The project's shape (its aspect ratio): the preview is a frame of that shape.
  const frame = useQuery(projectFrameQueryOptions(projectId));
  const failed = words.isError ? words : style.isError ? style : frame.isError ? frame : null;
  const heading = (
    <ProjectPageHeader
      projectId={projectId}
      headingId="captions-heading"
      title="Captions"
      links={links}
      compact
    />
  );
  // The editor shows the title in its toolbar's row; until then (and instead of it) it is here.
  const ready = !failed && words.data && style.data && frame.data && words.data.words.length > 0;
  return (
    <article aria-labelledby="captions-heading" className="flex h-full min-h-0 flex-col gap-2">
      {ready ? null : heading}
      {failed ? (
        <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />
      ) : !words.data || !style.data || !frame.data ? (
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
        <CaptionsEditorView
          projectId={projectId}
          frame={frame.data}
          query={query}
          onQueryChange={onQueryChange}
          heading={heading}
          panels={panels}
        />
      )}
    </article>
  );
}
