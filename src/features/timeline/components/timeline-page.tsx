import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { ErrorState } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { ProjectPageHeader } from '@/components/project-page-header.tsx';
import type { StudioPanel } from '@/components/studio-layout.tsx';
import { timelineQueryOptions } from '@/api/timeline.ts';
import { TimelineEditor } from './timeline-editor.tsx';

/**
 * The timeline screen: the editor in the studio layout. The route hands it what other features
 * add: `panels` beside the frame (after the inspector) and `actions` at the end of the toolbar.
 */
export function TimelinePage({
  projectId,
  panels,
  actions,
  title = 'Timeline',
  links,
}: {
  projectId: string;
  panels?: readonly StudioPanel[];
  actions?: ReactNode;
  /** The page's heading (a route composing the studio for another purpose names it). */
  title?: string;
  /** The ways to the project's other editors, beside "← Project". */
  links?: ReactNode;
}) {
  const timeline = useQuery(timelineQueryOptions(projectId));
  // The editor (a thousand items indexed, toolbar, inspector, help) renders in the background
  // after the page around it: React renders it in slices that yield to the browser, instead of in
  // the one long task that shows the screen.
  const editorReady = useDeferredValue(true, false);
  const heading = (
    <ProjectPageHeader
      projectId={projectId}
      headingId="timeline-heading"
      title={title}
      links={links}
      compact
    />
  );
  return (
    <article aria-labelledby="timeline-heading" className="flex h-full min-h-0 flex-col gap-2">
      {timeline.isPending || !editorReady ? (
        <>
          {heading}
          <LoadingState label="Loading timeline…" />
        </>
      ) : timeline.isError ? (
        <>
          {heading}
          <ErrorState error={timeline.error} onRetry={() => void timeline.refetch()} />
        </>
      ) : (
        <TimelineEditor
          projectId={projectId}
          timeline={timeline.data}
          heading={heading}
          actions={actions}
          panels={panels}
        />
      )}
    </article>
  );
}
