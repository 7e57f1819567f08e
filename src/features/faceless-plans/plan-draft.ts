/**
 * A revise draft: the reviewer's explicit changes to one revision, kept as the revise request
 * body itself (FacelessPlanReviseRequest), holding only real differences from the source plan.
 * It survives a reload (localStorage, keyed by project and revision), and carries the
 * Idempotency-Key of the current send intent so that retries, even after a reload, cannot create
 * a second revision; any edit starts a new intent. It also keeps the text typed into an open
 * editor that is not yet saved into the draft (`unsaved`), so that survives a reload too.
 */
import { canonicalJson } from '@/lib/canonical-json.ts';
import type {
  CharacterChange,
  ModelChange,
  ReviseRequest,
  SceneChange,
} from '@/shared-rules/faceless-staleness.ts';
import type { Plan } from '@/api/schema.gen.ts';

/** The editor some text was typed into. */
export type EditTarget =
  | { kind: 'scene'; index: number }
  | { kind: 'character'; id: string }
  | { kind: 'models' }
  | { kind: 'styleAnchor' };

/** An editor's form values as typed (text, or lists of ids), not yet saved into the draft. */
export type EditValues = Record<string, string | string[]>;

export interface UnsavedEdit {
  target: EditTarget;
  values: EditValues;
}

export interface PlanDraft {
  changes: ReviseRequest;
  /** The Idempotency-Key of the send intent, and the changes it was made for. */
  intent?: { key: string; fingerprint: string };
  /** Text typed into the open editor, not yet saved into `changes` (one editor is open at a time). */
  unsaved?: UnsavedEdit;
}

export const emptyDraft = (): PlanDraft => ({ changes: {} });

const same = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);

/** Drops fields equal to the source's value; returns null when nothing is left to change. */
function prune<T extends object>(change: T, source: object, addressKey: keyof T): T | null {
  const kept: Partial<T> = { [addressKey]: change[addressKey] } as Partial<T>;
  let changed = false;
  for (const [key, value] of Object.entries(change)) {
    if (key === addressKey || value === undefined) continue;
    if (same(value, (source as Record<string, unknown>)[key])) continue;
    (kept as Record<string, unknown>)[key] = value;
    changed = true;
  }
  return changed ? (kept as T) : null;
}

function normalise(changes: ReviseRequest): ReviseRequest {
  const next: ReviseRequest = {};
  if (changes.scenes?.length) {
    next.scenes = [...changes.scenes].sort((a, b) => a.index - b.index);
  }
  if (changes.characters?.length) next.characters = changes.characters;
  if (changes.styleAnchorPrompt !== undefined) next.styleAnchorPrompt = changes.styleAnchorPrompt;
  if (changes.models && Object.keys(changes.models).length > 0) next.models = changes.models;
  return next;
}

/** Sets a scene's fields in the draft (values equal to the source are not changes). */
export function withSceneChange(
  draft: PlanDraft,
  plan: Plan,
  index: number,
  fields: Omit<SceneChange, 'index'>,
): PlanDraft {
  const source = plan.scenes?.find((scene) => scene.index === index) ?? {};
  const others = (draft.changes.scenes ?? []).filter((scene) => scene.index !== index);
  const current = draft.changes.scenes?.find((scene) => scene.index === index);
  const merged = prune<SceneChange>({ ...current, ...fields, index }, source, 'index');
  return {
    ...draft,
    changes: normalise({ ...draft.changes, scenes: merged ? [...others, merged] : others }),
  };
}

export function withCharacterChange(
  draft: PlanDraft,
  plan: Plan,
  id: string,
  fields: Omit<CharacterChange, 'id'>,
): PlanDraft {
  const source = plan.characters?.find((character) => character.id === id) ?? {};
  const others = (draft.changes.characters ?? []).filter((character) => character.id !== id);
  const current = draft.changes.characters?.find((character) => character.id === id);
  const merged = prune<CharacterChange>({ ...current, ...fields, id }, source, 'id');
  return {
    ...draft,
    changes: normalise({ ...draft.changes, characters: merged ? [...others, merged] : others }),
  };
}

export function withModels(draft: PlanDraft, plan: Plan, models: ModelChange): PlanDraft {
  const next: ModelChange = {};
  for (const key of ['plannerModelId', 'imageModelId', 'videoModelId'] as const) {
    const value = models[key] ?? draft.changes.models?.[key];
    if (value !== undefined && value !== plan[key]) next[key] = value;
  }
  const { models: _previous, ...rest } = draft.changes;
  return { ...draft, changes: normalise({ ...rest, models: next }) };
}

export function withStyleAnchorPrompt(draft: PlanDraft, plan: Plan, prompt: string): PlanDraft {
  const { styleAnchorPrompt: _previous, ...rest } = draft.changes;
  return {
    ...draft,
    changes: normalise(
      prompt === (plan.styleAnchorPrompt ?? '') ? rest : { ...rest, styleAnchorPrompt: prompt },
    ),
  };
}

export function withoutScene(draft: PlanDraft, index: number): PlanDraft {
  const scenes = (draft.changes.scenes ?? []).filter((scene) => scene.index !== index);
  return { ...draft, changes: normalise({ ...draft.changes, scenes }) };
}

export function withoutCharacter(draft: PlanDraft, id: string): PlanDraft {
  const characters = (draft.changes.characters ?? []).filter((character) => character.id !== id);
  return { ...draft, changes: normalise({ ...draft.changes, characters }) };
}

export function isEmptyDraft(draft: PlanDraft): boolean {
  return Object.keys(normalise(draft.changes)).length === 0;
}

/** Number of changed fields across the draft. */
export function changeCount(draft: PlanDraft): number {
  const { scenes = [], characters = [], styleAnchorPrompt, models = {} } = draft.changes;
  const fields = (items: object[]) =>
    items.reduce((sum, item) => sum + Object.keys(item).length - 1, 0);
  return (
    fields(scenes) +
    fields(characters) +
    (styleAnchorPrompt === undefined ? 0 : 1) +
    Object.keys(models).length
  );
}

// ───────────── text typed into an editor, not yet in the draft ─────────────

export const sameTarget = (a: EditTarget, b: EditTarget): boolean => same(a, b);

/** Without the typed text (only that of `target` when given). */
export function withoutUnsavedEdit(draft: PlanDraft, target?: EditTarget): PlanDraft {
  if (!draft.unsaved || (target && !sameTarget(draft.unsaved.target, target))) return draft;
  const { unsaved: _dropped, ...rest } = draft;
  return rest;
}

/**
 * Records the values typed into the editor of `target`; values equal to those the editor opened
 * with (`initial`) are nothing typed, and drop the record.
 */
export function withUnsavedEdit(
  draft: PlanDraft,
  target: EditTarget,
  values: EditValues,
  initial: EditValues,
): PlanDraft {
  if (same(values, initial)) return withoutUnsavedEdit(draft, target);
  return { ...draft, unsaved: { target, values: { ...values } } };
}

/**
 * The typed values of the editor of `target`, in the shape of `initial` (a field missing or of
 * another type keeps its initial value), or null when nothing was typed there.
 */
export function unsavedValuesFor<V extends EditValues>(
  draft: PlanDraft,
  target: EditTarget,
  initial: V,
): V | null {
  const unsaved = draft.unsaved;
  if (!unsaved || !sameTarget(unsaved.target, target)) return null;
  const values: EditValues = { ...initial };
  for (const [key, start] of Object.entries(initial)) {
    const typed = unsaved.values[key];
    if (typeof start === 'string' && typeof typed === 'string') values[key] = typed;
    if (Array.isArray(start) && isStringList(typed)) values[key] = [...typed];
  }
  return same(values, initial) ? null : (values as V);
}

/** Names the editor of `target` in a sentence: "scene 2", "Mara", "the models". */
export function editTargetLabel(target: EditTarget, plan: Plan): string {
  switch (target.kind) {
    case 'scene':
      return `scene ${target.index + 1}`;
    case 'character':
      return plan.characters?.find((character) => character.id === target.id)?.name ?? target.id;
    case 'models':
      return 'the models';
    case 'styleAnchor':
      return 'the style anchor prompt';
  }
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * The Idempotency-Key for sending the draft as it is now: the intent's key while the changes are
 * the ones it was made for, otherwise a new one (returned with the draft that records it).
 */
export function sendIntent(
  draft: PlanDraft,
  newKey: () => string,
): { draft: PlanDraft; key: string } {
  const fingerprint = canonicalJson(draft.changes);
  if (draft.intent && draft.intent.fingerprint === fingerprint) {
    return { draft, key: draft.intent.key };
  }
  const key = newKey();
  return { draft: { ...draft, intent: { key, fingerprint } }, key };
}

// ───────────── persistence ─────────────

export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const draftStorageKey = (projectId: string, revisionId: string): string =>
  `cutroom:plan-draft:${projectId}:${revisionId}`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored draft, or an empty one when there is none or it cannot be read. */
export function loadDraft(storage: DraftStorage, key: string): PlanDraft {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return emptyDraft();
  }
  if (!raw) return emptyDraft();
  try {
    const value: unknown = JSON.parse(raw);
    if (!isObject(value) || !isObject(value.changes)) return emptyDraft();
    const { scenes, characters, models, styleAnchorPrompt } = value.changes;
    const changes: ReviseRequest = {};
    if (Array.isArray(scenes)) {
      changes.scenes = scenes.filter(
        (scene): scene is SceneChange => isObject(scene) && typeof scene.index === 'number',
      );
    }
    if (Array.isArray(characters)) {
      changes.characters = characters.filter(
        (character): character is CharacterChange =>
          isObject(character) && typeof character.id === 'string',
      );
    }
    if (isObject(models)) changes.models = models as ModelChange;
    if (typeof styleAnchorPrompt === 'string') changes.styleAnchorPrompt = styleAnchorPrompt;
    const intent = value.intent;
    const unsaved = readUnsaved(value.unsaved);
    return {
      ...(unsaved ? { unsaved } : {}),
      changes: normalise(changes),
      ...(isObject(intent) &&
      typeof intent.key === 'string' &&
      typeof intent.fingerprint === 'string'
        ? { intent: { key: intent.key, fingerprint: intent.fingerprint } }
        : {}),
    };
  } catch {
    return emptyDraft();
  }
}

function readTarget(value: unknown): EditTarget | null {
  if (!isObject(value)) return null;
  if (value.kind === 'scene' && typeof value.index === 'number') {
    return { kind: 'scene', index: value.index };
  }
  if (value.kind === 'character' && typeof value.id === 'string') {
    return { kind: 'character', id: value.id };
  }
  if (value.kind === 'models' || value.kind === 'styleAnchor') return { kind: value.kind };
  return null;
}

function readUnsaved(value: unknown): UnsavedEdit | null {
  if (!isObject(value) || !isObject(value.values)) return null;
  const target = readTarget(value.target);
  if (!target) return null;
  const values: EditValues = {};
  for (const [key, field] of Object.entries(value.values)) {
    if (typeof field === 'string' || isStringList(field)) values[key] = field;
  }
  return { target, values };
}

export function saveDraft(storage: DraftStorage, key: string, draft: PlanDraft): void {
  try {
    if (isEmptyDraft(draft) && !draft.unsaved) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or blocked (private mode): the draft still lives for this page.
  }
}
