import { useCallback, useEffect, useRef } from 'react';
import { announceOnce, type Subject } from './announce-once.ts';
import { browserLocks } from './web-locks.ts';

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
    const scheduled = announceOnce(subject, show, {
      visible: document.visibilityState === 'visible',
      locks: browserLocks(),
      signal: controller.signal,
    });
    if (scheduled) taken.add(subject.key);
  }, []);
}
