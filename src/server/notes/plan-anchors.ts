/**
 * Anchors of notes against a plan revision: what a new note may point at (a scene, a character or
 * a span of time that the revision has), and where an open note goes when a new revision of the
 * series is made from its revision (its scene by index and title), with what changed there since.
 */
import type { NoteAnchor, SceneChange } from '../../api/bff-schema.gen.ts';
import type { Plan, PlanCharacter, PlanScene } from '../../api/schema.gen.ts';
import {
  CHARACTER_VISUAL_FIELDS,
  SCENE_VISUAL_FIELDS,
} from '../../shared-rules/faceless-staleness.ts';

export type AnchorCheck =
  { ok: true; anchor: NoteAnchor } | { ok: false; param: string; message: string };

const round = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/** The scenes of a plan by index, in order. */
function scenesOf(plan: Plan | undefined): PlanScene[] {
  return [...(plan?.scenes ?? [])]
    .filter((scene) => typeof scene.index === 'number')
    .sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
}

/** Where a scene starts and ends on the storyboard's time. */
function sceneSpan(scene: PlanScene): [number, number] {
  const start = scene.startSeconds ?? 0;
  const end = scene.endSeconds ?? start + (scene.durationSeconds ?? 0);
  return [start, end];
}

/** The storyboard's time: from the first scene's start to the last one's end. */
export function planDuration(plan: Plan | undefined): { start: number; end: number } | undefined {
  const spans = scenesOf(plan).map(sceneSpan);
  if (spans.length === 0) return undefined;
  return {
    start: Math.min(...spans.map(([start]) => start)),
    end: Math.max(...spans.map(([, end]) => end)),
  };
}

/** The indexes of the scenes a span overlaps. */
export function scenesInSpan(plan: Plan | undefined, start: number, end: number): number[] {
  return scenesOf(plan)
    .filter((scene) => {
      const [from, to] = sceneSpan(scene);
      return from < end && to > start;
    })
    .map((scene) => scene.index as number);
}

/**
 * The anchor of a new note, checked against the revision's plan and completed with what the
 * reader needs (the scene's title, the character's name, the scenes a span covers).
 */
export function resolveAnchor(anchor: NoteAnchor, plan: Plan | undefined): AnchorCheck {
  switch (anchor.kind) {
    case 'revision':
      return { ok: true, anchor: { kind: 'revision' } };
    case 'scene': {
      const scenes = scenesOf(plan);
      const scene = scenes.find((candidate) => candidate.index === anchor.scene_index);
      if (!scene) {
        return {
          ok: false,
          param: 'anchor.scene_index',
          message:
            scenes.length === 0
              ? 'This revision has no scenes to point a note at; point it at the whole revision.'
              : `This revision has no scene ${anchor.scene_index + 1} (its scenes are 1 to ${scenes.length}).`,
        };
      }
      return {
        ok: true,
        anchor: {
          kind: 'scene',
          scene_index: anchor.scene_index,
          scene_title: scene.title ?? null,
        },
      };
    }
    case 'character': {
      const character = plan?.characters?.find((candidate) => candidate.id === anchor.character_id);
      if (!character) {
        return {
          ok: false,
          param: 'anchor.character_id',
          message: 'This revision has no such character.',
        };
      }
      return {
        ok: true,
        anchor: {
          kind: 'character',
          character_id: anchor.character_id,
          character_name: character.name ?? null,
        },
      };
    }
    case 'time_span': {
      const duration = planDuration(plan);
      if (!duration) {
        return {
          ok: false,
          param: 'anchor.start_seconds',
          message: 'This revision has no scenes, so no time to point a note at.',
        };
      }
      if (anchor.end_seconds <= anchor.start_seconds) {
        return {
          ok: false,
          param: 'anchor.end_seconds',
          message: 'The span must end after it starts.',
        };
      }
      if (anchor.start_seconds < duration.start || anchor.start_seconds >= duration.end) {
        return {
          ok: false,
          param: 'anchor.start_seconds',
          message: `The span must start within the storyboard (${round(duration.start)} s to ${round(duration.end)} s).`,
        };
      }
      if (anchor.end_seconds > duration.end + 0.001) {
        return {
          ok: false,
          param: 'anchor.end_seconds',
          message: `The span must end within the storyboard (by ${round(duration.end)} s).`,
        };
      }
      return {
        ok: true,
        anchor: {
          kind: 'time_span',
          start_seconds: anchor.start_seconds,
          end_seconds: anchor.end_seconds,
          scene_indexes: scenesInSpan(plan, anchor.start_seconds, anchor.end_seconds),
        },
      };
    }
  }
}

/** Where a note is carried, and what changed there since. */
export interface Carried {
  anchor: NoteAnchor;
  changes: SceneChange[];
  /** The anchored scene's narration, visual or models changed ("scene changed since"). */
  sceneChanged: boolean;
}

const same = (a: unknown, b: unknown): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function characterChanged(
  before: PlanCharacter | undefined,
  after: PlanCharacter | undefined,
): boolean {
  if (!before || !after) return before !== after;
  return (
    CHARACTER_VISUAL_FIELDS.some((field) => !same(before[field], after[field])) ||
    !same(before.name, after.name) ||
    !same(before.voiceId, after.voiceId) ||
    !same(before.voiceStyle, after.voiceStyle)
  );
}

/** What differs between a scene of one revision and its match in the next. */
function sceneChanges(before: PlanScene, after: PlanScene, from: Plan, to: Plan): SceneChange[] {
  const changes: SceneChange[] = [];
  if (!same(before.narration, after.narration)) changes.push('narration');
  const characterLook = (after.characterIds ?? []).some((id) => {
    const looks = (plan: Plan) => plan.characters?.find((character) => character.id === id);
    const was = looks(from);
    const is = looks(to);
    return (
      was !== undefined &&
      is !== undefined &&
      CHARACTER_VISUAL_FIELDS.some((field) => !same(was[field], is[field]))
    );
  });
  if (
    SCENE_VISUAL_FIELDS.some((field) => !same(before[field], after[field])) ||
    !same(from.styleAnchorPrompt, to.styleAnchorPrompt) ||
    characterLook
  ) {
    changes.push('visual');
  }
  if (!same(from.imageModelId, to.imageModelId) || !same(from.videoModelId, to.videoModelId)) {
    changes.push('models');
  }
  if (!same(before.title, after.title)) changes.push('title');
  return changes;
}

const SCENE_CHANGED: ReadonlySet<SceneChange> = new Set(['narration', 'visual', 'models']);

function matchScene(
  index: number,
  title: string | null | undefined,
  scenes: PlanScene[],
): { scene: PlanScene; moved: boolean } | undefined {
  const atIndex = scenes.find((scene) => scene.index === index);
  if (atIndex && (title == null || atIndex.title === title))
    return { scene: atIndex, moved: false };
  // The same title elsewhere (scenes inserted or removed before it), when it is unambiguous.
  const titled = title == null ? [] : scenes.filter((scene) => scene.title === title);
  if (titled.length === 1) {
    const [scene] = titled as [PlanScene];
    return { scene, moved: scene.index !== index };
  }
  return atIndex ? { scene: atIndex, moved: false } : undefined;
}

/**
 * Where a note anchored on revision `from` goes on revision `to` made from it: the same scene (by
 * index and title), the same character (by id), the same span (within the new storyboard), or
 * the whole revision when nothing matches any more (`gone`).
 */
export function carryAnchor(
  anchor: NoteAnchor,
  from: Plan | undefined,
  to: Plan | undefined,
): Carried {
  const before = from ?? {};
  const after = to ?? {};
  switch (anchor.kind) {
    case 'revision':
      return { anchor: { kind: 'revision' }, changes: [], sceneChanged: false };
    case 'scene': {
      const old = scenesOf(before).find((scene) => scene.index === anchor.scene_index);
      const title = old?.title ?? anchor.scene_title;
      const match = matchScene(anchor.scene_index, title, scenesOf(after));
      if (!match) return { anchor: { kind: 'revision' }, changes: ['gone'], sceneChanged: true };
      const changes = old ? sceneChanges(old, match.scene, before, after) : [];
      if (match.moved) changes.push('moved');
      return {
        anchor: {
          kind: 'scene',
          scene_index: match.scene.index as number,
          scene_title: match.scene.title ?? null,
        },
        changes,
        sceneChanged: changes.some((change) => SCENE_CHANGED.has(change)),
      };
    }
    case 'character': {
      const find = (plan: Plan) =>
        plan.characters?.find((character) => character.id === anchor.character_id);
      const is = find(after);
      if (!is) return { anchor: { kind: 'revision' }, changes: ['gone'], sceneChanged: true };
      const changed = characterChanged(find(before), is);
      return {
        anchor: {
          kind: 'character',
          character_id: anchor.character_id,
          character_name: is.name ?? null,
        },
        changes: changed ? ['character'] : [],
        sceneChanged: changed,
      };
    }
    case 'time_span': {
      const duration = planDuration(after);
      if (!duration || anchor.start_seconds >= duration.end) {
        return { anchor: { kind: 'revision' }, changes: ['gone'], sceneChanged: true };
      }
      const end = Math.min(anchor.end_seconds, duration.end);
      const indexes = scenesInSpan(after, anchor.start_seconds, end);
      const changes = new Set<SceneChange>();
      for (const index of indexes) {
        const old = scenesOf(before).find((scene) => scene.index === index);
        const now = scenesOf(after).find((scene) => scene.index === index);
        if (old && now)
          for (const change of sceneChanges(old, now, before, after)) changes.add(change);
        else changes.add('visual');
      }
      const list = [...changes];
      return {
        anchor: {
          kind: 'time_span',
          start_seconds: anchor.start_seconds,
          end_seconds: end,
          scene_indexes: indexes,
        },
        changes: list,
        sceneChanged: list.some((change) => SCENE_CHANGED.has(change)),
      };
    }
  }
}
