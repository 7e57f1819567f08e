import { useNavigate } from '@tanstack/react-router';
import { memo, type CSSProperties, type MouseEvent } from 'react';
import { formatDuration } from '@/lib/format.ts';
import { STATUS_META } from '../model/clip-status.ts';
import type { Clip } from '@/api/schema.gen.ts';
import { clipScore, hasWindow, packLanes, percentOf } from '../model/source-layout.ts';
import { clipTitle } from './clip-parts.tsx';

const LANE_PX = 14;

/** Colours per status tone; translucent by alpha, not `opacity` (no compositing layer each). */
const MARK_CLASSES: Record<string, string> = {
  working: 'bg-sky-500/80 hover:bg-sky-500',
  attention: 'bg-amber-500/80 hover:bg-amber-500',
  done: 'bg-emerald-600/80 hover:bg-emerald-600',
  failed: 'bg-red-600/80 hover:bg-red-600',
};
const CHOSEN_CLASSES: Record<string, string> = {
  working: 'bg-sky-500',
  attention: 'bg-amber-500',
  done: 'bg-emerald-600',
  failed: 'bg-red-600',
};

/** Three to five labels along the bar (0, quarters, end). */
function ticks(duration: number): number[] {
  if (!(duration > 0)) return [0];
  const parts = duration >= 600 ? 4 : 2;
  return Array.from({ length: parts + 1 }, (_, i) => (duration * i) / parts);
}

export function markLabel(clip: Clip): string {
  const window = clip.clip_window;
  const score = clipScore(clip);
  return [
    clipTitle(clip),
    `${formatDuration(window?.start_seconds)} to ${formatDuration(window?.end_seconds)}`,
    score === null ? null : `score ${score.toFixed(2)}`,
    STATUS_META[clip.status]?.label,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * A source as a bar of its duration with each clip drawn at its window (overlaps stacked in
 * lanes); `highlight` rings one clip (the detail page). The bar is a picture for the eye and the
 * mouse (a click opens the clip); the clip lists beside it are the keyboard and screen reader
 * path, so the marks stay out of the tab order.
 */
interface DrawnMark {
  clipId: string;
  tone: string;
  title: string;
  style: CSSProperties;
}

interface DrawnBar {
  duration: number;
  height: number;
  marks: DrawnMark[];
}

/**
 * Marks of a list of clips, worked out once per list: the lists are React Query's data, which
 * keeps its identity until it changes, so switching views or the order reuses them.
 */
const drawnBars = new WeakMap<readonly Clip[], DrawnBar>();

function drawBar(clips: readonly Clip[], duration: number): DrawnBar {
  const cached = drawnBars.get(clips);
  if (cached && cached.duration === duration) return cached;
  const { lanes, count } = packLanes(clips);
  const marks: DrawnMark[] = [];
  for (const clip of clips) {
    if (!hasWindow(clip)) continue;
    const left = percentOf(clip.clip_window?.start_seconds ?? 0, duration);
    const width = Math.max(0.25, percentOf(clip.clip_window?.end_seconds ?? 0, duration) - left);
    marks.push({
      clipId: clip.clip_id,
      tone: STATUS_META[clip.status]?.tone ?? 'working',
      title: markLabel(clip),
      style: {
        left: `${left}%`,
        width: `${width}%`,
        top: 2 + (lanes.get(clip.clip_id) ?? 0) * LANE_PX,
      },
    });
  }
  const bar = { duration, height: count * LANE_PX + 4, marks };
  drawnBars.set(clips, bar);
  return bar;
}

/**
 * A source as a bar of its duration with each clip drawn at its window (overlaps stacked in
 * lanes); `highlight` rings one clip (the detail page). The bar is a picture for the eye and the
 * mouse (a click opens the clip); the clip lists beside it are the keyboard and screen reader
 * path, so the marks stay out of the tab order.
 */
export const SourceBar = memo(function SourceBar({
  clips,
  duration,
  label,
  highlight,
  linkMarks = true,
}: {
  clips: readonly Clip[];
  duration: number;
  label: string;
  highlight?: string;
  linkMarks?: boolean;
}) {
  const navigate = useNavigate();
  const { height, marks } = drawBar(clips, duration);
  const open = (event: MouseEvent<HTMLDivElement>) => {
    const clipId = (event.target as HTMLElement).dataset.clipId;
    if (clipId && linkMarks) void navigate({ to: '/clips/$clipId', params: { clipId } });
  };
  const markClass = `absolute h-[11px] min-w-[3px] rounded-sm ${linkMarks ? 'cursor-pointer' : ''}`;
  return (
    <figure className="w-full">
      <div
        role="img"
        aria-label={label}
        onClick={open}
        className="relative w-full rounded bg-slate-100 ring-1 ring-slate-300"
        style={{ height }}
      >
        {marks.map((mark) => (
          <span
            key={mark.clipId}
            data-clip-id={mark.clipId}
            title={mark.title}
            className={`${markClass} ${
              highlight === mark.clipId
                ? `${CHOSEN_CLASSES[mark.tone]} ring-2 ring-indigo-700 ring-offset-1`
                : MARK_CLASSES[mark.tone]
            }`}
            style={mark.style}
          />
        ))}
      </div>
      <figcaption className="relative mt-1 h-4 text-[11px] text-slate-600" aria-hidden="true">
        {ticks(duration).map((t, index, all) => (
          <span
            key={t}
            className="absolute"
            style={{
              left: `${percentOf(t, duration)}%`,
              transform:
                index === 0
                  ? 'none'
                  : index === all.length - 1
                    ? 'translateX(-100%)'
                    : 'translateX(-50%)',
            }}
          >
            {formatDuration(t)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
});
