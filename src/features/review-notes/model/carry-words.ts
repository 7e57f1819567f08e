/**
 * A note carried over to a new revision, in words: where it came from and what changed in its
 * scene since, so the reviewer sees what was addressed ("scene changed since") and what was not.
 */
import type { NoteCarry, SceneChange } from '@/api/bff-schema.gen.ts';

const CHANGE_WORDS: Record<SceneChange, string> = {
  narration: 'narration',
  visual: 'what it shows',
  models: 'the models',
  title: 'title',
  character: 'the character',
  moved: 'its place in the plan',
  gone: 'gone',
};

export interface CarryWords {
  /** "From revision 3". */
  from: string;
  /** The badge: "Scene changed since", "Scene unchanged since", "Character changed since"… */
  badge: string;
  /** Whether the badge says what the reviewer asked about changed (shown as news). */
  changed: boolean;
  /** What changed, listed ("Changed: narration, what it shows."), or why the anchor moved. */
  detail: string | null;
}

export function carryWords(carry: NoteCarry): CarryWords {
  const from =
    carry.from_revision !== null ? `From revision ${carry.from_revision}` : 'Carried over';
  if (carry.changes.includes('gone')) {
    return {
      from,
      badge: 'Its place is gone',
      changed: true,
      detail:
        'No scene or character of this revision matches it: it is now about the whole revision.',
    };
  }
  const what = carry.from_anchor.kind === 'character' ? 'Character' : 'Scene';
  const listed = carry.changes.filter((change) => change !== 'gone').map((c) => CHANGE_WORDS[c]);
  const changed =
    carry.scene_changed || (what === 'Character' && carry.changes.includes('character'));
  if (carry.from_anchor.kind === 'revision' || carry.from_anchor.kind === 'time_span') {
    return {
      from,
      badge: carry.scene_changed ? 'Changed since' : 'Unchanged since',
      changed: carry.scene_changed,
      detail: listed.length > 0 ? `Changed: ${listed.join(', ')}.` : null,
    };
  }
  return {
    from,
    badge: changed ? `${what} changed since` : `${what} unchanged since`,
    changed,
    detail: listed.length > 0 ? `Changed: ${listed.join(', ')}.` : null,
  };
}
