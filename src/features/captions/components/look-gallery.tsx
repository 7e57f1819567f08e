/**
 * The Caption Looks: each one painted by the caption painter on the project's own first caption
 * page, large enough to read, with one word spoken (so a Look's active-word treatment shows).
 * Hovering or focusing a Look tries it in the main preview; Apply applies it as one change (one
 * undo step). When words set fields of their own that the Look sets too, a dialog says how many
 * and offers to keep those fields or clear them (so those words take the Look).
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { activeWordAt, paginate, type PaintableWord } from '@/caption-painter/caption-pages.ts';
import {
  blockCentre,
  paintPage,
  resolveSettings,
  TextMeasureCache,
} from '@/caption-painter/caption-painter.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import type { CaptionLook, CaptionSettings, CaptionWord } from '@/api/schema.gen.ts';
import { applyLook } from '../model/commands.ts';
import {
  describeOverrides,
  lookOverrides,
  thumbnailMoment,
  type LookOverrides,
} from '../model/looks.ts';
import type { CaptionsEditor } from '../state/captions-editor.ts';
import { paintBackdrop } from './caption-preview.tsx';

/** CSS size of a thumbnail (a band of the 9:16 frame around the caption); backing pixels ×2. */
const THUMB_CSS = { width: 264, height: 176 };
const THUMB = { width: THUMB_CSS.width * 2, height: THUMB_CSS.height * 2 };
/** The whole frame the band is cut from. */
const THUMB_FRAME = { width: THUMB.width, height: Math.round((THUMB.width * 16) / 9) };

export const LookGallery = memo(function LookGallery({
  editor,
  looks,
  appliedId,
  settings,
  firstCaption,
  words,
}: {
  editor: CaptionsEditor;
  looks: readonly CaptionLook[] | null;
  appliedId: string | null;
  /** The project's caption settings (a Look is tried on top of them). */
  settings: CaptionSettings;
  /** The words of the project's first caption, as they are now (with their own styles). */
  firstCaption: readonly PaintableWord[];
  /** Every word (which of them set fields a Look sets too). */
  words: readonly CaptionWord[];
}) {
  const cache = useMemo(() => new TextMeasureCache(), []);
  const [asking, setAsking] = useState<{ look: CaptionLook; overrides: LookOverrides } | null>(
    null,
  );
  // Read when a Look's card loses the focus to the dialog (before the dialog's own effects).
  const askingRef = useRef(asking);
  useLayoutEffect(() => {
    askingRef.current = asking;
  });

  // A Look tried when the gallery goes away (another tab) is not left on the preview.
  useEffect(
    () => () => {
      if (editor.getState().lookPreview) editor.setState({ lookPreview: null });
    },
    [editor],
  );

  const tryLook = (look: CaptionLook) => {
    if (editor.getState().lookPreview !== look) editor.setState({ lookPreview: look });
  };
  const stopTrying = (look: CaptionLook) => {
    // The dialog keeps the Look it asks about tried.
    if (askingRef.current?.look === look) return;
    if (editor.getState().lookPreview === look) editor.setState({ lookPreview: null });
  };
  const apply = (look: CaptionLook, clearOverrides: boolean) => {
    setAsking(null);
    editor.setState({ lookPreview: null });
    editor.run(applyLook, { look, clearOverrides });
  };
  const start = (look: CaptionLook) => {
    const overrides = lookOverrides(words, look);
    if (overrides.words.length === 0) apply(look, false);
    else setAsking({ look, overrides });
  };

  if (!looks) return <LoadingState label="Loading Looks…" />;
  if (looks.length === 0)
    return <p className="text-sm text-slate-600">The service offers no Caption Looks.</p>;
  return (
    <>
      <p className="mb-2 text-xs text-slate-600">
        Point at a Look (or tab to it) to try it in the preview; Apply keeps it.
      </p>
      <ul aria-label="Caption Looks" className="flex flex-col gap-3">
        {looks.map((look) => {
          const applied = look.id === appliedId;
          return (
            <li
              key={look.id}
              onMouseEnter={() => tryLook(look)}
              onMouseLeave={() => stopTrying(look)}
              onFocus={() => tryLook(look)}
              onBlur={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null))
                  stopTrying(look);
              }}
              className={`flex flex-col gap-2 rounded-lg border p-2 ${applied ? 'border-indigo-500 bg-indigo-50' : 'border-slate-200'}`}
            >
              <LookThumbnail look={look} settings={settings} words={firstCaption} cache={cache} />
              <div className="flex items-center justify-between gap-2">
                <span className="text-sm font-medium text-slate-800">{look.name}</span>
                <Button
                  variant={applied ? 'secondary' : 'primary'}
                  aria-pressed={applied}
                  aria-label={applied ? `${look.name} is applied` : `Apply ${look.name}`}
                  onClick={() => start(look)}
                  disabled={applied}
                >
                  {applied ? 'Applied' : 'Apply'}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {asking ? (
        <Dialog
          title={`Apply ${asking.look.name}?`}
          onClose={() => {
            setAsking(null);
            editor.setState({ lookPreview: null });
          }}
        >
          <p className="text-sm text-slate-700">
            {describeOverrides(asking.look.name, asking.overrides)}
          </p>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setAsking(null)}>
              Cancel
            </Button>
            <Button variant="secondary" onClick={() => apply(asking.look, false)}>
              Keep their own styles
            </Button>
            <Button onClick={() => apply(asking.look, true)}>Clear them and apply</Button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
});

function LookThumbnail({
  look,
  settings,
  words,
  cache,
}: {
  look: CaptionLook;
  settings: CaptionSettings;
  words: readonly PaintableWord[];
  cache: TextMeasureCache;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  // Paginated as the Look breaks lines; one word spoken, its active treatment shown.
  const shown = useMemo(() => {
    const tried = resolveSettings(settings, look.settings);
    const page = paginate(words, tried)[0] ?? null;
    const seconds = page ? thumbnailMoment(page) : 0;
    return {
      tried,
      page,
      seconds,
      spoken: tried.showActiveWord ? activeWordAt(page, seconds) : null,
    };
  }, [look, settings, words]);
  useLayoutEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    paintBackdrop(ctx, canvas.width, canvas.height);
    const { tried, page, seconds } = shown;
    if (!page) return;
    ctx.save();
    // The band of the frame around the caption block.
    ctx.translate(0, canvas.height / 2 - THUMB_FRAME.height * blockCentre(tried));
    paintPage(ctx, page, { settings: tried, frame: THUMB_FRAME, seconds, cache });
    ctx.restore();
  }, [shown, cache]);
  return (
    <canvas
      ref={ref}
      width={THUMB.width}
      height={THUMB.height}
      role="img"
      aria-label={`Preview of the Look “${look.name}” on your first caption${shown.spoken ? `, “${shown.spoken.word}” spoken` : ''}`}
      data-look-id={look.id}
      className="rounded"
      style={{ width: THUMB_CSS.width, height: THUMB_CSS.height }}
    />
  );
}
