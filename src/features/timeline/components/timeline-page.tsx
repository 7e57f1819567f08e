import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { ErrorState } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { ProjectPageHeader } from '@/components/project-page-header.tsx';
import { timelineQueryOptions } from '@/api/timeline.ts';
import { TimelineEditor } from './timeline-editor.tsx';

export function TimelinePage({ projectId }: { projectId: string }) {
  const timeline = useQuery(timelineQueryOptions(projectId));
  // The editor (a thousand items indexed, toolbar, inspector, help) renders in the background
  // after the page around it: React renders it in slices that yield to the browser, instead of in
  // the one long task that shows the screen.
  const editorReady = useDeferredValue(true, false);
  return (
    <article aria-labelledby="timeline-heading" className="flex flex-col gap-2">
      <ProjectPageHeader projectId={projectId} headingId="timeline-heading" title="Timeline" />
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
