/**
 * Stretches of a project's timeline marked for every view of it in a tab: what a pending cut or
 * clean-up would take out (the Words view plans it; the timeline draws a band over every layer,
 * the preview can play around it). Ephemeral; one store per project, like the transport.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';

export interface MarkedStretch {
  /** Timeline seconds, start < end. */
  start: number;
  end: number;
}

export interface ProjectMarks {
  /** What the pending edit would remove (a band over every layer), in timeline order. */
  pendingCut: readonly MarkedStretch[];
  /** Said beside the band (e.g. "Cut 3.2 s: 4 items split, 2 moved"), or null. */
  pendingLabel: string | null;
}

const stores = new Map<string, StoreApi<ProjectMarks>>();

export function marksFor(projectId: string): StoreApi<ProjectMarks> {
  let store = stores.get(projectId);
  if (!store) {
    store = createStore<ProjectMarks>()(() => ({ pendingCut: [], pendingLabel: null }));
    stores.set(projectId, store);
  }
  return store;
}
