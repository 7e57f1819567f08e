/**
 * Where a note points, in words and as a place to open: the whole revision, a scene, a character
 * or a span of the storyboard's time. Scenes are numbered from 1 for people (the plan's `index` is
 * 0-based); a carried note's scene title is the one it had when it was written.
 */
import type { NoteAnchor } from '@/api/bff-schema.gen.ts';
import type { Plan } from '@/api/schema.gen.ts';
import { formatSeconds } from '@/lib/format.ts';

/** An anchor as the composer offers it (what the BFF fills in is left out). */
export type AnchorChoice =
  | { kind: 'revision' }
  | { kind: 'scene'; scene_index: number }
  | { kind: 'character'; character_id: string }
  | { kind: 'time_span'; start_seconds: number; end_seconds: number };

const sceneOf = (plan: Plan | undefined, index: number) =>
  plan?.scenes?.find((scene) => scene.index === index);

/** "Scene 3: The logbook" (the title as the plan has it now, else as the note recorded it). */
export function sceneName(index: number, title: string | null | undefined): string {
  return `Scene ${index + 1}${title ? `: ${title}` : ''}`;
}

/** "scenes 2–4", "scene 3". */
export function scenesWords(indexes: readonly number[]): string {
  const sorted = [...new Set(indexes)].sort((a, b) => a - b);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (first === undefined || last === undefined) return 'no scene';
  if (first === last) return `scene ${first + 1}`;
  const consecutive = last - first === sorted.length - 1;
  return consecutive
    ? `scenes ${first + 1}–${last + 1}`
    : `scenes ${sorted.map((index) => index + 1).join(', ')}`;
}

/** Where the note points, in words, read against the revision's plan when it is there. */
export function anchorLabel(anchor: NoteAnchor | AnchorChoice | null, plan?: Plan): string {
  if (!anchor) return 'Reply';
  switch (anchor.kind) {
    case 'revision':
      return 'The whole revision';
    case 'scene': {
      const recorded = 'scene_title' in anchor ? anchor.scene_title : undefined;
      return sceneName(anchor.scene_index, sceneOf(plan, anchor.scene_index)?.title ?? recorded);
    }
    case 'character': {
      const recorded = 'character_name' in anchor ? anchor.character_name : undefined;
      const name =
        plan?.characters?.find((character) => character.id === anchor.character_id)?.name ??
        recorded;
      return name ? `${name} (character)` : 'A character';
    }
    case 'time_span': {
      const span = `${formatSeconds(anchor.start_seconds)}–${formatSeconds(anchor.end_seconds)}`;
      const scenes =
        'scene_indexes' in anchor && anchor.scene_indexes
          ? anchor.scene_indexes
          : scenesInSpan(plan, anchor.start_seconds, anchor.end_seconds);
      return scenes.length > 0 ? `${span} (${scenesWords(scenes)})` : span;
    }
  }
}

/** The indexes of the scenes a span of time overlaps. */
export function scenesInSpan(plan: Plan | undefined, start: number, end: number): number[] {
  return (plan?.scenes ?? [])
    .filter((scene) => {
      const from = scene.startSeconds ?? 0;
      const to = scene.endSeconds ?? from + (scene.durationSeconds ?? 0);
      return from < end && to > start;
    })
    .map((scene) => scene.index ?? 0)
    .sort((a, b) => a - b);
}

/** The scenes a note is about: its scene, or those its span covers (none for the others). */
export function anchorScenes(anchor: NoteAnchor | null, plan?: Plan): number[] {
  if (anchor?.kind === 'scene') return [anchor.scene_index];
  if (anchor?.kind === 'time_span') {
    return anchor.scene_indexes ?? scenesInSpan(plan, anchor.start_seconds, anchor.end_seconds);
  }
  return [];
}

/** The plan review's search params that open a revision at an anchor (and the note, when given). */
export interface AnchorPlace {
  tab: 'overview' | 'storyboard' | 'characters';
  scene?: number;
  note?: string;
}

/** Where a note's link opens the revision: its scene on the storyboard, its character, or the overview. */
export function anchorPlace(anchor: NoteAnchor | null, noteId?: string, plan?: Plan): AnchorPlace {
  const note = noteId ? { note: noteId } : {};
  const first = anchorScenes(anchor, plan)[0];
  if (first !== undefined) return { tab: 'storyboard', scene: first + 1, ...note };
  if (anchor?.kind === 'character') return { tab: 'characters', ...note };
  return { tab: 'overview', ...note };
}

/** The span of the storyboard's time: from the first scene's start to the last one's end. */
export function storyboardSpan(plan: Plan | undefined): { start: number; end: number } | null {
  const scenes = plan?.scenes ?? [];
  if (scenes.length === 0) return null;
  const starts = scenes.map((scene) => scene.startSeconds ?? 0);
  const ends = scenes.map(
    (scene) => scene.endSeconds ?? (scene.startSeconds ?? 0) + (scene.durationSeconds ?? 0),
  );
  return { start: Math.min(...starts), end: Math.max(...ends) };
}

/** Why a span cannot be a note's anchor, in words, or null when it can. */
export function spanProblem(plan: Plan | undefined, start: number, end: number): string | null {
  const whole = storyboardSpan(plan);
  if (!Number.isFinite(start) || !Number.isFinite(end))
    return 'Give the start and the end in seconds.';
  if (end <= start) return 'The end comes after the start.';
  if (whole && (start < whole.start || end > whole.end)) {
    return `The storyboard runs from ${formatSeconds(whole.start)} to ${formatSeconds(whole.end)}.`;
  }
  return null;
}

/** A choice of the composer as one string (a `<select>`'s value) and back. */
export function choiceValue(choice: AnchorChoice): string {
  switch (choice.kind) {
    case 'revision':
      return 'revision';
    case 'scene':
      return `scene:${choice.scene_index}`;
    case 'character':
      return `character:${choice.character_id}`;
    case 'time_span':
      return 'time_span';
  }
}
