import { useCallback, useSyncExternalStore } from 'react';
import { loadDraft, saveDraft, draftStorageKey, emptyDraft, type PlanDraft } from './plan-draft.ts';

/**
 * The revise draft of one revision, kept in localStorage so it survives a reload, and shared by
 * every component (and tab) showing that revision.
 */
const cache = new Map<string, PlanDraft>();
const listeners = new Map<string, Set<() => void>>();

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

function read(key: string): PlanDraft {
  let draft = cache.get(key);
  if (!draft) {
    const store = storage();
    draft = store ? loadDraft(store, key) : emptyDraft();
    cache.set(key, draft);
  }
  return draft;
}

function notify(key: string): void {
  for (const listener of listeners.get(key) ?? []) listener();
}

function write(key: string, draft: PlanDraft): void {
  cache.set(key, draft);
  const store = storage();
  if (store) saveDraft(store, key, draft);
  notify(key);
}

if (typeof window !== 'undefined') {
  // Another tab edited a draft: re-read it.
  window.addEventListener('storage', (event) => {
    if (!event.key || !cache.has(event.key)) return;
    cache.delete(event.key);
    notify(event.key);
  });
}

export function usePlanDraft(projectId: string, revisionId: string) {
  const key = draftStorageKey(projectId, revisionId);
  const subscribe = useCallback(
    (listener: () => void) => {
      const set = listeners.get(key) ?? new Set();
      set.add(listener);
      listeners.set(key, set);
      return () => set.delete(listener);
    },
    [key],
  );
  const draft = useSyncExternalStore(subscribe, () => read(key), emptyDraft);
  const update = useCallback(
    (change: (draft: PlanDraft) => PlanDraft) => write(key, change(read(key))),
    [key],
  );
  const clear = useCallback(() => write(key, emptyDraft()), [key]);
  return { draft, update, clear };
}
