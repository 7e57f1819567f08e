import { startTransition, useEffect, useState } from 'react';

/**
 * Progressive mounting for a heavy screen: stage 0 renders at once, and each further stage one
 * task after the previous one has painted (a frame, then a macrotask). The first paint then shows
 * the screen's text and controls instead of waiting for its canvases, and the heavy parts mount
 * in separate tasks, so input can be handled between them.
 */
export function useStagedMount(stages: number): number {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (stage >= stages) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      // As a transition: React renders the stage in slices that yield to the browser (an update
      // from a timer is otherwise rendered in one task, however large the stage).
      timer = setTimeout(() => startTransition(() => setStage((current) => current + 1)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [stage, stages]);
  return stage;
}
