import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';

/**
 * The header of a screen inside a project (timeline, captions, plans): the way back to the
 * project, the screen's heading (its id labels the page's `<article>`), and optional actions
 * beside the heading and links beside the way back.
 */
export function ProjectPageHeader({
  projectId,
  headingId,
  title,
  links,
  actions,
  children,
  compact = false,
}: {
  projectId: string;
  headingId: string;
  title: ReactNode;
  /** More navigation beside "← Project" (e.g. "All revisions"). */
  links?: ReactNode;
  /** Shown at the end of the heading's row. */
  actions?: ReactNode;
  /** Shown under the heading (status, dates). */
  children?: ReactNode;
  /** One line: the way back and the heading side by side (a studio's toolbar row). */
  compact?: boolean;
}) {
  if (compact)
    return (
      <div className="flex shrink-0 items-baseline gap-3 whitespace-nowrap">
        <Link
          to="/projects/$projectId"
          params={{ projectId }}
          className="text-sm text-indigo-700 hover:underline"
        >
          ← Project
        </Link>
        {links}
        <h1 id={headingId} className="text-lg font-semibold">
          {title}
        </h1>
        {actions}
        {children}
      </div>
    );
  return (
    <div>
      <div className="flex gap-4 text-sm">
        <Link
          to="/projects/$projectId"
          params={{ projectId }}
          className="text-indigo-700 hover:underline"
        >
          ← Project
        </Link>
        {links}
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-4">
        <h1 id={headingId} className="text-2xl font-semibold">
          {title}
        </h1>
        {actions ? <div className="ml-auto">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
