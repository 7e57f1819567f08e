import { describe, expect, it } from 'vitest';
import {
  changeCount,
  draftStorageKey,
  emptyDraft,
  isEmptyDraft,
  loadDraft,
  saveDraft,
  sendIntent,
  withCharacterChange,
  withModels,
  withSceneChange,
  withStyleAnchorPrompt,
  withoutScene,
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
});
