import { Link } from '@tanstack/react-router';
import type { ProjectReviewState } from '@/api/bff-schema.gen.ts';

/**
 * A project's open review notes (on any revision of its plan), linking to its production plan:
 * what the creator has to address. Nothing when there is none (or it is not known).
 */
export function OpenNotesCount({
  projectId,
  state,
}: {
  projectId: string;
  state: ProjectReviewState | undefined;
}) {
  const open = state?.open_notes ?? 0;
  if (open === 0) return null;
  const revisions = state?.revisions_with_open_notes ?? 0;
  return (
    <Link
      to="/projects/$projectId/plans"
      params={{ projectId }}
      className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950 ring-1 ring-amber-300 hover:bg-amber-200"
    >
      {open} open {open === 1 ? 'note' : 'notes'}
      {revisions > 1 ? ` on ${revisions} revisions` : ''}
      <span className="sr-only"> on the production plan</span>
    </Link>
  );
}
