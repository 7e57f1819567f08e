/**
 * What a pending cut or clean-up would take out (the project's marks, written by the Words view):
 * a band over every layer for each stretch, with what it says, in the scroll content (a scroll
 * moves it natively). Nothing is subscribed to the view while there is no band, so zooming and
 * scrolling a timeline without one render nothing here.
 */
import { memo } from 'react';
import { useMarks } from '@/playback/use-transport.ts';
import { useEditorState } from '@/editor-kit/react.tsx';
import type { MarkedStretch } from '@/playback/marks.ts';
import type { TimelineEditor } from '../state/create-timeline-editor.ts';

export const PendingCutBand = memo(function PendingCutBand({
  editor,
  projectId,
}: {
  editor: TimelineEditor;
  projectId: string;
}) {
  const stretches = useMarks(projectId, (marks) => marks.pendingCut);
  const label = useMarks(projectId, (marks) => marks.pendingLabel);
  if (stretches.length === 0) return null;
  return <Bands editor={editor} stretches={stretches} label={label} />;
});

function Bands({
  editor,
  stretches,
  label,
}: {
  editor: TimelineEditor;
  stretches: readonly MarkedStretch[];
  label: string | null;
}) {
  const pxPerSecond = useEditorState(editor, (state) => state.pxPerSecond);
  return (
    <div
      aria-hidden="true"
      data-testid="pending-cut"
      className="pointer-events-none absolute inset-0 z-[5]"
    >
      {stretches.map((stretch, i) => (
        <div
          key={`${stretch.start}-${stretch.end}`}
          className="absolute inset-y-0 border-x border-rose-500 bg-rose-500/25"
          style={{
            left: stretch.start * pxPerSecond,
            width: Math.max(2, (stretch.end - stretch.start) * pxPerSecond),
          }}
        >
          {i === 0 && label ? (
            <span className="absolute left-0 top-0 whitespace-nowrap rounded-br bg-rose-600 px-1 text-[10px] leading-4 text-white">
              {label}
            </span>
          ) : null}
        </div>
      ))}
    </div>
  );
}
