/**
 * The Caption Looks: each one previewed by the caption painter on the project's own first caption
 * page, with a button that applies it (one change, undoable).
 */
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import type { CaptionPage } from '@/caption-painter/caption-pages.ts';
import { paintPage, TextMeasureCache } from '@/caption-painter/caption-painter.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import type { CaptionLook } from '@/api/schema.gen.ts';
import { applyLook } from '../model/commands.ts';
import type { CaptionsEditor } from '../state/captions-editor.ts';
import { paintBackdrop } from './caption-preview.tsx';

const THUMB = { width: 216, height: 384 };

export const LookGallery = memo(function LookGallery({
  editor,
  looks,
  appliedId,
  page,
}: {
  editor: CaptionsEditor;
  looks: readonly CaptionLook[] | null;
  appliedId: string | null;
  page: CaptionPage | null;
}) {
  const cache = useMemo(() => new TextMeasureCache(), []);
  if (!looks) return <LoadingState label="Loading Looks…" />;
  if (looks.length === 0)
    return <p className="text-sm text-slate-600">The service offers no Caption Looks.</p>;
  return (
    <ul aria-label="Caption Looks" className="grid grid-cols-2 gap-3">
      {looks.map((look) => {
        const applied = look.id === appliedId;
        return (
          <li
            key={look.id}
            className={`flex flex-col items-center gap-2 rounded-lg border p-2 ${applied ? 'border-indigo-500 bg-indigo-50' : 'border-slate-200'}`}
          >
            <LookThumbnail look={look} page={page} cache={cache} />
            <span className="text-sm font-medium text-slate-800">{look.name}</span>
            <Button
              variant={applied ? 'secondary' : 'primary'}
              aria-pressed={applied}
              aria-label={applied ? `${look.name} is applied` : `Apply ${look.name}`}
              onClick={() => editor.run(applyLook, { look })}
              disabled={applied}
            >
              {applied ? 'Applied' : 'Apply'}
            </Button>
          </li>
        );
      })}
    </ul>
  );
});

function LookThumbnail({
  look,
  page,
  cache,
}: {
  look: CaptionLook;
  page: CaptionPage | null;
  cache: TextMeasureCache;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    paintBackdrop(ctx, canvas.width, canvas.height);
    // At rest (outside the page's time): every word shown, none active.
    if (page) paintPage(ctx, page, { settings: look.settings, frame: THUMB, seconds: -1, cache });
  }, [look, page, cache]);
  return (
    <canvas
      ref={ref}
      width={THUMB.width}
      height={THUMB.height}
      role="img"
      aria-label={`Preview of the Look “${look.name}” on your first caption`}
      className="h-48 w-[108px] rounded"
    />
  );
}
