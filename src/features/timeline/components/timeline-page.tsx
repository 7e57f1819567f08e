import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useDeferredValue } from 'react';
import { ErrorState } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { timelineQueryOptions } from '../api/timeline-queries.ts';
import { TimelineEditor } from './timeline-editor.tsx';

export function TimelinePage({ projectId }: { projectId: string }) {
  const timeline = useQuery(timelineQueryOptions(projectId));
  // The editor (a thousand items indexed, toolbar, inspector, help) renders in the background
  // after the page around it: React renders it in slices that yield to the browser, instead of in
  // the one long task that shows the screen.
  const editorReady = useDeferredValue(true, false);
  return (
    <article aria-labelledby="timeline-heading" className="flex flex-col gap-4">
      <div>
        <Link
          to="/projects/$projectId"
          params={{ projectId }}
          className="text-sm text-indigo-700 hover:underline"
        >
          ← Project
        </Link>
        <h1 id="timeline-heading" className="mt-1 text-2xl font-semibold">
          Timeline
        </h1>
      </div>
      {timeline.isPending || !editorReady ? (
        <LoadingState label="Loading timeline…" />
      ) : timeline.isError ? (
        <ErrorState error={timeline.error} onRetry={() => void timeline.refetch()} />
      ) : (
        <TimelineEditor projectId={projectId} timeline={timeline.data} />
      )}
    </article>
  );
}
