/**
 * The Words view as a panel of an editor's studio (beside the timeline's frame, the caption
 * styler's): the same editor, compact, with the way to the Words page. Its list box is the
 * panel's focus stop (F6 lands on it).
 */
import { Link } from '@tanstack/react-router';
import { WordsView } from './words-view.tsx';

export function WordsPanel({
  projectId,
  onPage = false,
}: {
  projectId: string;
  /** Shown on the Words page itself (no link to it). */
  onPage?: boolean;
}) {
  return (
    <div className="flex h-full min-h-0 flex-col gap-1">
      {onPage ? null : (
        <Link
          to="/projects/$projectId/words"
          params={{ projectId }}
          className="self-end text-xs text-indigo-700 hover:underline"
        >
          Open the Words page
        </Link>
      )}
      <div className="min-h-0 flex-1">
        <WordsView projectId={projectId} compact />
      </div>
    </div>
  );
}
