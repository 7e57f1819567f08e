/**
 * React's view of the preview's sound: a view that shows the preview plays the project's sound
 * while mounted (`useSound`), and re-renders only for the status it selects.
 */
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { soundFor, type SoundEngine, type SoundStatus } from './sound-engine.ts';
import { layersKey } from './sound-plan.ts';
import { soundSettings, type SoundSettings } from './sound-settings.ts';

/**
 * The project's sound engine, playing while the calling view is mounted, mixing the timeline at
 * `revision` (null: the newest) from `layers` (null: all).
 */
export function useSound(
  projectId: string,
  revision: number | null,
  layers: readonly number[] | null,
): SoundEngine {
  const engine = soundFor(projectId);
  useEffect(() => engine.attach(), [engine]);
  const key = layersKey(layers);
  useEffect(
    () => engine.setMix(revision, layers),
    // The layers by value (a new array of the same layers is the same mix).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [engine, revision, key],
  );
  // Under automation only (browser tests, benchmarks): the sound's test hooks, from a chunk of
  // their own that a user's browser never loads.
  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.webdriver) return;
    let remove: (() => void) | null = null;
    let gone = false;
    void import('./sound-test-hooks.ts').then(({ installSoundTestHooks }) => {
      if (!gone) remove = installSoundTestHooks(engine);
    });
    return () => {
      gone = true;
      remove?.();
    };
  }, [engine]);
  return engine;
}

export function useSoundStatus<T>(engine: SoundEngine, select: (status: SoundStatus) => T): T {
  return useStore(engine.status, select);
}

export function useSoundSettings(): [SoundSettings, (patch: Partial<SoundSettings>) => void] {
  const store = soundSettings();
  const settings = useStore(store);
  return [settings, (patch) => store.setState(patch)];
}
