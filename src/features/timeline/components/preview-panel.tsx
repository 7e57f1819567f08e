/** The frame at the playhead (rendered by the service), and a field to move the playhead. */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { InlineError } from '@/components/error-state.tsx';
import { previewFrameQueryOptions } from '../api/timeline-queries.ts';
import { formatTimecode } from '../model/ruler.ts';
import { snapToFrame } from '../model/time-scale.ts';
import type { EditorStore } from '../state/editor-store.ts';
import { NumberField } from '@/components/number-field.tsx';

/** Waits for the playhead to rest before asking for a frame (scrubbing sends no request storm). */
function useSettled(value: number, ms: number): number {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function PreviewPanel({
  projectId,
  revision,
  fps,
  store,
}: {
  projectId: string;
  revision: number;
  fps: number;
  store: EditorStore;
}) {
  const playhead = useStore(store, (state) => state.playhead);
  const at = useSettled(playhead, 150);
  const frame = useQuery(previewFrameQueryOptions(projectId, at, revision));
  return (
    <section
      aria-labelledby="timeline-preview-heading"
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="timeline-preview-heading" className="text-base font-semibold">
        Preview
      </h2>
      <div className="relative mx-auto aspect-[9/16] w-full max-w-[200px] overflow-hidden rounded bg-slate-900">
        {frame.data ? (
          <img
            src={frame.data}
            alt={`Frame at ${formatTimecode(at, fps, true)}`}
            className="h-full w-full object-contain"
          />
        ) : null}
        {frame.isFetching ? (
          <span
            className="absolute bottom-1 right-1 rounded bg-slate-900/70 px-1 text-xs text-white"
            role="status"
          >
            Loading frame…
          </span>
        ) : null}
      </div>
      {frame.isError ? <InlineError error={frame.error} /> : null}
      <NumberField
        label="Playhead (s)"
        value={playhead}
        min={0}
        commit={(seconds) => {
          if (seconds < 0) return 'The playhead cannot be before 0 s.';
          store.getState().setPlayhead(snapToFrame(seconds, fps));
          return null;
        }}
      />
      <p className="text-xs text-slate-600" aria-hidden="true">
        {formatTimecode(playhead, fps, true)}
      </p>
    </section>
  );
}
