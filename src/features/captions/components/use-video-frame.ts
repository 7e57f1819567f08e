import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { timelineQueryOptions } from '@/api/timeline.ts';
import { PlayheadFrame } from '@/playback/playhead-frame.ts';

/**
 * The video's frame at the playhead under the words, while `on`: the timeline's revision, fps and
 * length come from its query (the one the timeline editor reads); the drawing is the playback
 * layer's (`PlayheadFrame`).
 */
export function useVideoFrame(
  projectId: string,
  on: boolean,
  pixels: { width: number; height: number },
): [
  attach: (canvas: HTMLCanvasElement | null) => void,
  status: { shown: boolean; error: unknown },
] {
  const timeline = useQuery({ ...timelineQueryOptions(projectId), enabled: on });
  const [view, setView] = useState<PlayheadFrame | null>(null);
  const [state, setState] = useState<{ shown: boolean; error: unknown }>({
    shown: false,
    error: null,
  });
  // The drawing lives as long as its canvas (a ref callback with its cleanup).
  const attach = useCallback(
    (canvas: HTMLCanvasElement | null) => {
      if (!canvas) return;
      const frame = new PlayheadFrame(canvas, projectId, (shown, error) =>
        setState((old) => (old.shown === shown && old.error === error ? old : { shown, error })),
      );
      const stop = frame.start();
      setView(frame);
      return () => {
        stop();
        setView(null);
        setState({ shown: false, error: null });
      };
    },
    [projectId],
  );
  const data = timeline.data;
  useEffect(() => {
    view?.setSource(
      data ? { revision: data.revision, fps: data.fps, duration: data.duration_seconds } : null,
    );
  }, [view, data]);
  useEffect(() => {
    if (pixels.width > 0) view?.resize(pixels.width, pixels.height);
  }, [view, pixels.width, pixels.height]);
  return [attach, { shown: state.shown, error: timeline.isError ? timeline.error : state.error }];
}
