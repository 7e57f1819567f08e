import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { ErrorState } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { ProjectPageHeader } from '@/components/project-page-header.tsx';
import type { StudioPanel } from '@/components/studio-layout.tsx';
import { timelineQueryOptions } from '@/api/timeline.ts';
import { projectFrameQueryOptions } from '@/lib/project-frame-query.ts';
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
  editorFirst = false,
}: {
  projectId: string;
  panels?: readonly StudioPanel[];
  actions?: ReactNode;
  /** The page's heading (a route composing the studio for another purpose names it). */
  title?: string;
  /** The ways to the project's other editors, beside "← Project". */
  links?: ReactNode;
  /**
   * The editor renders with the page's first paint instead of after it. For a page whose first
   * paint is in the editor's layout (the Words page: its words panel): rendered after the page, the
   * editor waits for a frame of "Loading timeline…", and its background render is thrown away and
   * started again by every update that lands meanwhile (the app shell's first answers).
   */
  editorFirst?: boolean;
}) {
  const timeline = useQuery(timelineQueryOptions(projectId));
  // The project's shape (its aspect ratio) decides the frame the editor lays items out on.
  const frame = useQuery(projectFrameQueryOptions(projectId));
  // The editor (a thousand items indexed, toolbar, inspector, help) renders in the background
  // after the page around it (unless `editorFirst`): React renders it in slices that yield to the
  // browser, instead of in the one long task that shows the screen.
  const editorReady = useDeferredValue(true, editorFirst);
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
      {timeline.isError || frame.isError ? (
        <>
          {heading}
          <ErrorState
            error={timeline.isError ? timeline.error : frame.error}
            onRetry={() => {
              if (timeline.isError) void timeline.refetch();
              if (frame.isError) void frame.refetch();
            }}
          />
        </>
      ) : timeline.isPending || frame.isPending || !editorReady ? (
        <>
          {heading}
          <LoadingState label="Loading timeline…" />
        </>
      ) : (
        <TimelineEditor
          projectId={projectId}
          timeline={timeline.data}
          frame={frame.data}
          heading={heading}
          actions={actions}
          panels={panels}
        />
      )}
    </article>
  );
}
