import { useQuery } from '@tanstack/react-query';
import { planNotesQueryOptions } from '@/api/plan-notes.ts';
import type { PlanNotes } from '@/api/bff-schema.gen.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { openNotesByCharacter, openNotesByScene } from '../model/note-list.ts';
import { useNotesPanelStore } from '../state/notes-panel-store.ts';

type MarkerTarget =
  { kind: 'scene'; sceneIndex: number } | { kind: 'character'; characterId: string };

// Every marker of a revision reads the one cached answer; the counts are worked out once per answer.
const sceneCounts = new WeakMap<PlanNotes, Map<number, number>>();
const characterCounts = new WeakMap<PlanNotes, Map<string, number>>();

function openCount(data: PlanNotes, target: MarkerTarget): number {
  if (target.kind === 'scene') {
    let counts = sceneCounts.get(data);
    if (!counts) sceneCounts.set(data, (counts = openNotesByScene(data.notes)));
    return counts.get(target.sceneIndex) ?? 0;
  }
  let counts = characterCounts.get(data);
  if (!counts) characterCounts.set(data, (counts = openNotesByCharacter(data.notes)));
  return counts.get(target.characterId) ?? 0;
}

const goToPanel = () =>
  document.getElementById('plan-notes')?.scrollIntoView({ block: 'start', behavior: 'smooth' });

/**
 * On a scene card or a character: its open notes (a marker that shows only those in the notes
 * panel) and, for a key that may write, "Add note" about it.
 */
export function NoteMarker({
  projectId,
  revisionId,
  target,
}: {
  projectId: string;
  revisionId: string;
  target: MarkerTarget;
}) {
  const notes = useQuery(planNotesQueryOptions(projectId, revisionId));
  const composeAbout = useNotesPanelStore((state) => state.composeAbout);
  const showAbout = useNotesPanelStore((state) => state.showAbout);
  if (!notes.data) return null;
  const count = openCount(notes.data, target);
  const what = target.kind === 'scene' ? `scene ${target.sceneIndex + 1}` : 'this character';
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {count > 0 ? (
        <button
          type="button"
          onClick={() => {
            showAbout(
              revisionId,
              target.kind === 'scene'
                ? { scene: target.sceneIndex }
                : { character: target.characterId },
            );
            goToPanel();
          }}
          className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-950 ring-1 ring-amber-400 hover:bg-amber-200"
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5" fill="currentColor">
            <path d="M2 2.5A1.5 1.5 0 0 1 3.5 1h9A1.5 1.5 0 0 1 14 2.5v7a1.5 1.5 0 0 1-1.5 1.5H6l-3.2 2.7A.5.5 0 0 1 2 13.3z" />
          </svg>
          {count} open {count === 1 ? 'note' : 'notes'}
          <span className="sr-only"> on {what}</span>
        </button>
      ) : null}
      {notes.data.can_write ? (
        <Button
          variant="secondary"
          onClick={() =>
            composeAbout(
              revisionId,
              target.kind === 'scene'
                ? { kind: 'scene', scene_index: target.sceneIndex }
                : { kind: 'character', character_id: target.characterId },
            )
          }
        >
          Add note<span className="sr-only"> on {what}</span>
        </Button>
      ) : null}
    </span>
  );
}
