import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { timelineQueryOptions } from '@/api/timeline.ts';
import { PlayheadFrame } from '@/playback/playhead-frame.ts';

/**
 * The video's frame at the playhead, while `on`, drawn into a canvas of its own that is not in
 * the page: the view draws it under its words (`onDrawn` hears each new picture). One shown
 * canvas instead of two stacked: in Chromium's software compositing every shown 2D canvas is
 * copied to the compositor on each commit, drawn or not. The timeline's revision, fps and length
 * come from its query (the one the timeline editor reads); the drawing is the playback layer's
 * (`PlayheadFrame`).
 */
export function useVideoFrame(
  projectId: string,
  on: boolean,
  pixels: { width: number; height: number },
  onDrawn: () => void,
): [frame: HTMLCanvasElement | null, status: { shown: boolean; error: unknown }] {
  const timeline = useQuery({ ...timelineQueryOptions(projectId), enabled: on });
  const [view, setView] = useState<{ frame: PlayheadFrame; canvas: HTMLCanvasElement } | null>(
    null,
  );
  const [state, setState] = useState<{ shown: boolean; error: unknown }>({
    shown: false,
    error: null,
  });
  const drawnRef = useRef(onDrawn);
  useLayoutEffect(() => {
    drawnRef.current = onDrawn;
  });
  useEffect(() => {
    if (!on) return;
    const canvas = document.createElement('canvas');
    const frame = new PlayheadFrame(canvas, projectId, (shown, error, drawn) => {
      setState((old) => (old.shown === shown && old.error === error ? old : { shown, error }));
      if (drawn) drawnRef.current();
    });
    const stop = frame.start();
    setView({ frame, canvas });
    return () => {
      stop();
      setView(null);
      setState({ shown: false, error: null });
    };
  }, [projectId, on]);
  const data = timeline.data;
  useEffect(() => {
    view?.frame.setSource(
      data ? { revision: data.revision, fps: data.fps, duration: data.duration_seconds } : null,
    );
  }, [view, data]);
  useEffect(() => {
    if (pixels.width > 0) view?.frame.resize(pixels.width, pixels.height);
  }, [view, pixels.width, pixels.height]);
  return [
    view?.canvas ?? null,
    { shown: state.shown, error: timeline.isError ? timeline.error : state.error },
  ];
}
