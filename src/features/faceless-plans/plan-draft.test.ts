import { describe, expect, it } from 'vitest';
import {
  changeCount,
  draftStorageKey,
  emptyDraft,
  isEmptyDraft,
  loadDraft,
  saveDraft,
  editTargetLabel,
  sendIntent,
  unsavedValuesFor,
  withCharacterChange,
  withModels,
  withSceneChange,
  withStyleAnchorPrompt,
  withUnsavedEdit,
  withoutScene,
  withoutUnsavedEdit,
  type DraftStorage,
} from './plan-draft.ts';
import type { Plan } from '@/api/schema.gen.ts';

const plan: Plan = {
  imageModelId: 'image-xl-3',
  videoModelId: 'video-motion-2',
  styleAnchorPrompt: 'teal fog',
  characters: [{ id: 'mara', name: 'Mara', voiceStyle: 'calm' }],
  scenes: [
    { index: 0, title: 'Storm', imagePrompt: 'stairs', characterIds: ['mara'] },
    { index: 1, title: 'Pattern', imagePrompt: 'light' },
  ],
};

function memoryStorage(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('plan draft', () => {
  it('keeps only real differences, merged per scene and character', () => {
    let draft = withSceneChange(emptyDraft(), plan, 1, { title: 'Pattern', imagePrompt: 'blink' });
    draft = withSceneChange(draft, plan, 1, { motionPrompt: 'flash' });
    draft = withSceneChange(draft, plan, 0, { characterIds: ['mara'] });
    draft = withCharacterChange(draft, plan, 'mara', { voiceStyle: 'whisper' });
    expect(draft.changes).toEqual({
      scenes: [{ index: 1, imagePrompt: 'blink', motionPrompt: 'flash' }],
      characters: [{ id: 'mara', voiceStyle: 'whisper' }],
    });
    expect(changeCount(draft)).toBe(3);
  });

  it('drops a change set back to the source value', () => {
    let draft = withSceneChange(emptyDraft(), plan, 1, { imagePrompt: 'blink' });
    draft = withSceneChange(draft, plan, 1, { imagePrompt: 'light' });
    expect(isEmptyDraft(draft)).toBe(true);
    draft = withModels(emptyDraft(), plan, { videoModelId: 'video-motion-3' });
    draft = withModels(draft, plan, { imageModelId: 'image-xl-3' });
    expect(draft.changes).toEqual({ models: { videoModelId: 'video-motion-3' } });
    draft = withStyleAnchorPrompt(draft, plan, 'amber dusk');
    draft = withStyleAnchorPrompt(draft, plan, 'teal fog');
    expect(draft.changes).toEqual({ models: { videoModelId: 'video-motion-3' } });
    expect(
      isEmptyDraft(withoutScene(withSceneChange(emptyDraft(), plan, 0, { title: 'x' }), 0)),
    ).toBe(true);
  });

  it('keeps one Idempotency-Key per intent; an edit starts a new one', () => {
    let n = 0;
    const newKey = () => `key-${++n}`;
    const draft = withSceneChange(emptyDraft(), plan, 1, { imagePrompt: 'blink' });
    const first = sendIntent(draft, newKey);
    const retry = sendIntent(first.draft, newKey);
    expect(retry.key).toBe(first.key);
    const edited = withSceneChange(retry.draft, plan, 1, { imagePrompt: 'blinks' });
    expect(sendIntent(edited, newKey).key).not.toBe(first.key);
  });

  it('survives a reload through storage, and ignores what it cannot read', () => {
    const storage = memoryStorage();
    const key = draftStorageKey('p1', 'r1');
    const { draft } = sendIntent(
      withSceneChange(emptyDraft(), plan, 1, { imagePrompt: 'blink' }),
      () => 'key-1',
    );
    saveDraft(storage, key, draft);
    expect(loadDraft(storage, key)).toEqual(draft);
    saveDraft(storage, key, emptyDraft());
    expect(storage.data.has(key)).toBe(false);
    storage.setItem(key, '{not json');
    expect(loadDraft(storage, key)).toEqual(emptyDraft());
    storage.setItem(key, JSON.stringify({ changes: { scenes: [{ title: 'no index' }] } }));
    expect(loadDraft(storage, key)).toEqual(emptyDraft());
  });

  describe('text typed into an editor, not yet in the draft', () => {
    const scene1 = { kind: 'scene', index: 1 } as const;
    const initial = { title: 'Pattern', imagePrompt: 'light', characterIds: [] as string[] };

    it('is kept per editor, and drops out when it equals what the editor opened with', () => {
      const typed = { ...initial, imagePrompt: 'light, blinki' };
      const draft = withUnsavedEdit(emptyDraft(), scene1, typed, initial);
      expect(draft.unsaved).toEqual({ target: scene1, values: typed });
      expect(unsavedValuesFor(draft, scene1, initial)).toEqual(typed);
      expect(unsavedValuesFor(draft, { kind: 'scene', index: 0 }, initial)).toBeNull();
      expect(unsavedValuesFor(draft, { kind: 'models' }, { imageModelId: 'x' })).toBeNull();
      // Typed back to the opening values: nothing is left to keep.
      expect(withUnsavedEdit(draft, scene1, initial, initial).unsaved).toBeUndefined();
      // It is not a change of the draft: nothing to send, the bar stays hidden.
      expect(isEmptyDraft(draft)).toBe(true);
      expect(changeCount(draft)).toBe(0);
    });

    it('is cleared for its own editor only, and leaves the changes and intent alone', () => {
      const { draft: sent } = sendIntent(
        withSceneChange(emptyDraft(), plan, 0, { title: 'Gale' }),
        () => 'key-1',
      );
      const draft = withUnsavedEdit(sent, scene1, { ...initial, title: 'Patt' }, initial);
      expect(sendIntent(draft, () => 'key-2').key).toBe('key-1');
      expect(withoutUnsavedEdit(draft, { kind: 'scene', index: 0 })).toBe(draft);
      expect(withoutUnsavedEdit(draft, scene1)).toEqual(sent);
      expect(withoutUnsavedEdit(draft)).toEqual(sent);
    });

    it('restores in the editor’s shape: unknown fields and wrong types keep the opening value', () => {
      const draft = {
        ...emptyDraft(),
        unsaved: {
          target: scene1,
          values: {
            title: 'Typed',
            imagePrompt: ['not', 'text'],
            characterIds: 'mara',
            extra: 'x',
          },
        },
      };
      expect(unsavedValuesFor(draft, scene1, initial)).toEqual({ ...initial, title: 'Typed' });
    });

    it('survives a reload through the draft’s storage, also with no change in the draft', () => {
      const storage = memoryStorage();
      const key = draftStorageKey('p1', 'r1');
      const character = { kind: 'character', id: 'mara' } as const;
      const draft = withUnsavedEdit(
        emptyDraft(),
        character,
        { voiceStyle: 'whisp', referenceAssetIds: ['a1'] },
        { voiceStyle: 'calm', referenceAssetIds: [] },
      );
      saveDraft(storage, key, draft);
      expect(loadDraft(storage, key)).toEqual(draft);
      // Saved into the draft (or discarded): the stored record goes.
      saveDraft(storage, key, withoutUnsavedEdit(draft, character));
      expect(storage.data.has(key)).toBe(false);
      // What cannot be read is dropped, the changes are kept.
      storage.setItem(
        key,
        JSON.stringify({
          changes: { scenes: [{ index: 1, title: 'x' }] },
          unsaved: { target: { kind: 'scene' }, values: { title: 'y' } },
        }),
      );
      expect(loadDraft(storage, key)).toEqual({ changes: { scenes: [{ index: 1, title: 'x' }] } });
    });

    it('names the editor', () => {
      expect(editTargetLabel(scene1, plan)).toBe('scene 2');
      expect(editTargetLabel({ kind: 'character', id: 'mara' }, plan)).toBe('Mara');
      expect(editTargetLabel({ kind: 'styleAnchor' }, plan)).toBe('the style anchor prompt');
    });
  });
});
