import { useMemo } from 'react';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * Revisions a reviewer marked "reviewed, for later" (x in the queue), per workspace, kept in this
 * browser (localStorage) so a reload keeps them; they stay in the queue, after the others.
 */
interface LaterState {
  /** organization id → revision id → epoch ms marked. */
  marked: Record<string, Record<string, number>>;
  toggle(organizationId: string, revisionId: string): void;
}

const MAX_PER_WORKSPACE = 500;

export const useLaterStore = create<LaterState>()(
  persist(
    (set) => ({
      marked: {},
      toggle: (organizationId, revisionId) =>
        set((state) => {
          const mine = { ...state.marked[organizationId] };
          if (revisionId in mine) delete mine[revisionId];
          else mine[revisionId] = Date.now();
          const kept = Object.fromEntries(
            Object.entries(mine)
              .sort((a, b) => b[1] - a[1])
              .slice(0, MAX_PER_WORKSPACE),
          );
          return { marked: { ...state.marked, [organizationId]: kept } };
        }),
    }),
    { name: 'cutroom.review-later', version: 1 },
  ),
);

const NONE: Record<string, number> = {};

/** The revisions marked for later in this workspace. */
export function useMarkedForLater(organizationId: string): ReadonlySet<string> {
  const marked = useLaterStore((state) => state.marked[organizationId] ?? NONE);
  return useMemo(() => new Set(Object.keys(marked)), [marked]);
}
