import { useCallback, useEffect, useRef } from 'react';
import type * as AnnounceOnce from './announce-once.ts';
import type { Subject } from './announce-once.ts';
import { browserLocks } from './web-locks.ts';

let announcer: Promise<typeof AnnounceOnce> | undefined;

/** The announcing code (turns, claims), loaded when there is first something to announce. */
export function loadAnnouncer(): Promise<typeof AnnounceOnce> {
  announcer ??= import('./announce-once.ts').catch((error: unknown) => {
    // A chunk that failed to load (a deploy since, a dropped connection): the next try loads again.
    announcer = undefined;
    throw error;
  });
  return announcer;
}

/**
 * `announceOnce` for a component that learns of finished work by reading it (the polling
 * fallback of the jobs tray, a post's page): the same turns as the live event's, so the tab that
 * started the work announces it whichever path learns of it first. Each outcome is taken up once
 * while the component is mounted; turns still waiting when it unmounts are given up.
 */
export function useAnnounceOnce(): (subject: Subject, show: () => void) => void {
  const state = useRef<{ controller: AbortController; taken: Set<string> } | null>(null);
  useEffect(
    () => () => {
      state.current?.controller.abort();
      state.current = null;
    },
    [],
  );
  return useCallback((subject, show) => {
    state.current ??= { controller: new AbortController(), taken: new Set() };
    const { controller, taken } = state.current;
    if (taken.has(subject.key)) return;
    taken.add(subject.key);
    void loadAnnouncer().then(({ announceOnce }) => {
      const scheduled = announceOnce(subject, show, {
        visible: document.visibilityState === 'visible',
        locks: browserLocks(),
        signal: controller.signal,
      });
      // Not this tab's to announce (yet): a later reading may make it so.
      if (!scheduled) taken.delete(subject.key);
    });
  }, []);
}
