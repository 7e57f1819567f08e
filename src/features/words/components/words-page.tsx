/**
 * The Words view's own page (`/projects/:projectId/words`): the heading, the way to the timeline
 * and the caption styler (which show the same moment: the project's transport), and the view
 * filling the window below, so the page itself never scrolls.
 */
import { Link } from '@tanstack/react-router';
import { useLayoutEffect, useRef, useState } from 'react';
import { ProjectPageHeader } from '@/components/project-page-header.tsx';
import { WordsView } from './words-view.tsx';

/** Space kept under the view (the page's bottom padding). */
const BOTTOM_ROOM = 16;
const MIN_HEIGHT = 420;

/** The height from the element's top to the window's bottom, kept as the window resizes. */
function useFillHeight(ref: React.RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(600);
  useLayoutEffect(() => {
    const measure = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 200;
      setHeight(Math.max(MIN_HEIGHT, Math.floor(window.innerHeight - top - BOTTOM_ROOM)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [ref]);
  return height;
}

const linkClass = 'text-indigo-700 hover:underline';

export function WordsPage({ projectId }: { projectId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const height = useFillHeight(ref);
  return (
    <article aria-labelledby="words-heading" className="flex flex-col gap-2">
      <ProjectPageHeader
        projectId={projectId}
        headingId="words-heading"
        title="Edit by words"
        links={
          <>
            <Link to="/projects/$projectId/timeline" params={{ projectId }} className={linkClass}>
              Timeline
            </Link>
            <Link to="/projects/$projectId/captions" params={{ projectId }} className={linkClass}>
              Captions
            </Link>
          </>
        }
      />
      <div ref={ref} style={{ height }} className="min-h-0">
        <WordsView projectId={projectId} />
      </div>
    </article>
  );
}
