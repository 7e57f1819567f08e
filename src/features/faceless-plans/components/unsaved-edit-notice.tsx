import { Link } from '@tanstack/react-router';
import { Button } from '@/editor-kit/controls/button.tsx';
import { editTargetLabel, withoutUnsavedEdit, type EditTarget } from '../plan-draft.ts';
import type { PlanTab } from '../plan-tabs.ts';
import { usePlanDraft } from '../use-plan-draft.ts';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';

const TAB_OF: Record<EditTarget['kind'], PlanTab> = {
  scene: 'storyboard',
  character: 'characters',
  models: 'overview',
  styleAnchor: 'overview',
};

/**
 * Text typed into an editor of another section, not yet added to the draft (e.g. the page was
 * reloaded on another tab): where it is, and discarding it. The editor's own section reopens it.
 */
export function UnsavedEditNotice({
  projectId,
  revision,
  tab,
}: {
  projectId: string;
  revision: FacelessPlanRevision;
  tab: PlanTab;
}) {
  const { draft, update } = usePlanDraft(projectId, revision.id);
  const unsaved = draft.unsaved;
  if (!unsaved || TAB_OF[unsaved.target.kind] === tab) return null;
  const target = unsaved.target;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="mr-auto">
        Text you typed in the editor of {editTargetLabel(target, revision.plan ?? {})} is not yet
        added to the draft.
      </p>
      <Link
        to="/projects/$projectId/plans/$revisionId"
        params={{ projectId, revisionId: revision.id }}
        search={(previous) => ({
          ...previous,
          tab: TAB_OF[target.kind],
          ...(target.kind === 'scene' ? { scene: target.index + 1 } : {}),
        })}
        className="rounded-md px-2 py-1 font-medium text-indigo-800 underline focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        Open that editor
      </Link>
      <Button variant="secondary" onClick={() => update((current) => withoutUnsavedEdit(current))}>
        Discard typed text
      </Button>
    </div>
  );
}
