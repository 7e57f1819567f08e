import { Link, useNavigate } from '@tanstack/react-router';
import {
  elementScroll,
  useVirtualizer,
  type Rect,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { memo, useRef, type CSSProperties, type MouseEvent } from 'react';
import { formatDuration } from '@/lib/format.ts';
import type { Clip } from '@/api/schema.gen.ts';
import type { SourceGroup, SourceSort } from '../model/source-layout.ts';
import { clipScore, groupBySource, sortClips } from '../model/source-layout.ts';
import { StatusBadge, clipTitle, linkClass, windowText } from './clip-parts.tsx';
import { SourceBar } from './source-bar.tsx';

/**
 * The source view: each source a bar of its duration with its clips drawn at their windows,
 * and its clips listed in the order they occur in the source, or by score.
 */
export function SourceView({
  clips,
  sort,
  assetNames,
}: {
  clips: readonly Clip[];
  sort: SourceSort;
  assetNames: ReadonlyMap<string, string>;
}) {
  const groups = groupsOf(clips);
  return (
    <div className="flex flex-col gap-6" data-testid="source-view">
      {groups.map((group) => (
        <SourceSection
          key={group.key}
          group={group}
          sort={sort}
          name={sourceName(group, assetNames)}
        />
      ))}
    </div>
  );
}

/**
 * Groups and orders, worked out once per list: the clips are React Query's data, which keeps its
 * identity until it changes, so coming back to this view or to an order reuses them.
 */
const groupsByList = new WeakMap<readonly Clip[], SourceGroup[]>();
const ordersByList = new WeakMap<readonly Clip[], Partial<Record<SourceSort, Clip[]>>>();

function groupsOf(clips: readonly Clip[]): SourceGroup[] {
  let groups = groupsByList.get(clips);
  if (!groups) {
    groups = groupBySource(clips);
    groupsByList.set(clips, groups);
  }
  return groups;
}

function sortedOf(clips: readonly Clip[], sort: SourceSort): Clip[] {
  let orders = ordersByList.get(clips);
  if (!orders) {
    orders = {};
    ordersByList.set(clips, orders);
  }
  return (orders[sort] ??= sortClips(clips, sort));
}

export function sourceName(group: SourceGroup, assetNames: ReadonlyMap<string, string>): string {
  if (group.kind === 'asset') return assetNames.get(group.assetId) ?? `Asset ${group.assetId}`;
  if (group.kind === 'video') return group.videoUrl;
  return 'Unknown source';
}

const SourceSection = memo(function SourceSection({
  group,
  sort,
  name,
}: {
  group: SourceGroup;
  sort: SourceSort;
  name: string;
}) {
  const sorted = sortedOf(group.clips, sort);
  const navigate = useNavigate();
  // Rows link with plain anchors (a source can hold hundreds of clips; a router Link each would
  // cost more than the rest of the row); one handler keeps their clicks inside the app.
  const openClip = (event: MouseEvent<HTMLOListElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    const anchor = (event.target as HTMLElement).closest<HTMLAnchorElement>('a[data-clip-id]');
    const clipId = anchor?.dataset.clipId;
    if (!clipId) return;
    event.preventDefault();
    void navigate({ to: '/clips/$clipId', params: { clipId } });
  };
  const headingId = `source-${group.key.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  const order = sort === 'position' ? 'in the order they occur' : 'by score, best first';
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold break-all">
          {name}
        </h3>
        <p className="text-sm text-slate-600">
          {formatDuration(group.duration)} · {group.clips.length}{' '}
          {group.clips.length === 1 ? 'clip' : 'clips'}
          {group.kind === 'asset' ? (
            <>
              {' · '}
              <Link
                to="/clips/share/$assetId"
                params={{ assetId: group.assetId }}
                className={linkClass}
              >
                Share page
              </Link>
            </>
          ) : null}
        </p>
      </div>
      <SourceBar
        clips={group.clips}
        duration={group.duration}
        label={`Clips of ${name} on a bar of its ${formatDuration(group.duration)}`}
      />
      {sorted.length >= VIRTUAL_FROM ? (
        <VirtualRows clips={sorted} label={`Clips of ${name}, ${order}`} onClick={openClip} />
      ) : (
        <ol
          aria-label={`Clips of ${name}, ${order}`}
          onClick={openClip}
          data-count={sorted.length}
          className="mt-3 text-sm"
        >
          {sorted.map((clip, index) => (
            <SourceRow key={clip.clip_id} clip={clip} rank={index + 1} />
          ))}
        </ol>
      )}
    </section>
  );
});

/** Row height of the clip lists (fixed, so a long list can be windowed exactly). */
const ROW_PX = 36;
/** From this many clips a source's list renders only the rows in view. */
const VIRTUAL_FROM = 60;
/** A long list scrolls in a box this many rows high, beside its bar. */
const ROWS_SHOWN = 14;
const BOX_PX = ROWS_SHOWN * ROW_PX;

/**
 * The box's size as a ResizeObserver reports it. The default reads `clientHeight` when the list
 * mounts, which forces a synchronous layout of the whole page in the middle of React's commit;
 * the box has a fixed height (`initialRect`), so the first render already windows the right
 * rows and the observer (after layout) only reports later changes.
 */
function observeBoxRect(
  instance: Virtualizer<HTMLDivElement, Element>,
  onRect: (rect: Rect) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver === 'undefined') return undefined;
  const observer = new ResizeObserver(([entry]) => {
    if (!entry) return;
    onRect({
      width: Math.round(entry.contentRect.width),
      height: Math.round(entry.contentRect.height),
    });
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * Scrolls the box only to a position other than the one it is at. When the list mounts, the
 * virtualizer "scrolls" to where it already is, and `scrollTo` forces a synchronous layout.
 */
const scrollBoxTo: typeof elementScroll = (offset, options, instance) => {
  if (!options.adjustments && !options.behavior && offset === instance.scrollOffset) return;
  elementScroll(offset, options, instance);
};

/**
 * A long list (a 3-hour source can hold hundreds of clips) in a box of its own that scrolls,
 * rendered as a window of rows around what the box shows; each row says its place in the whole
 * list (aria-setsize / aria-posinset). In a box, the bar above stays in view while the list is
 * read, a long source does not push the next one pages down, and the window does not depend on
 * where the list sits on the page (no layout to read when it mounts).
 */
function VirtualRows({
  clips,
  label,
  onClick,
}: {
  clips: readonly Clip[];
  label: string;
  onClick: (event: MouseEvent<HTMLOListElement>) => void;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const boxPx = Math.min(BOX_PX, clips.length * ROW_PX);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual's own API
  const virtualizer = useVirtualizer({
    count: clips.length,
    getScrollElement: () => boxRef.current,
    estimateSize: () => ROW_PX,
    overscan: 4,
    initialRect: { width: 0, height: boxPx },
    observeElementRect: observeBoxRect,
    scrollToFn: scrollBoxTo,
  });
  return (
    <div
      ref={boxRef}
      className="mt-3 overflow-y-auto rounded border border-slate-100"
      style={{ height: boxPx }}
    >
      <ol
        aria-label={label}
        onClick={onClick}
        data-count={clips.length}
        className="relative text-sm"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const clip = clips[item.index];
          if (!clip) return null;
          return (
            <SourceRow
              key={clip.clip_id}
              clip={clip}
              rank={item.index + 1}
              setSize={clips.length}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                transform: `translateY(${item.start}px)`,
              }}
            />
          );
        })}
      </ol>
    </div>
  );
}

const SourceRow = memo(function SourceRow({
  clip,
  rank,
  setSize,
  style,
}: {
  clip: Clip;
  rank: number;
  setSize?: number;
  style?: CSSProperties;
}) {
  const score = clipScore(clip);
  return (
    <li
      aria-setsize={setSize}
      aria-posinset={setSize ? rank : undefined}
      style={style}
      className="grid h-9 grid-cols-[2.5rem_9.5rem_1fr_auto_auto] items-center gap-3 overflow-hidden border-b border-slate-100 whitespace-nowrap"
    >
      <span className="text-right tabular-nums text-slate-500">{rank}.</span>
      <span className="tabular-nums text-slate-700">{windowText(clip) ?? 'no window yet'}</span>
      <a
        href={`/clips/${encodeURIComponent(clip.clip_id)}`}
        data-clip-id={clip.clip_id}
        className="truncate text-indigo-800 hover:underline"
      >
        {clipTitle(clip)}
      </a>
      <span className="tabular-nums text-slate-700">
        {score === null ? 'no score' : `score ${score.toFixed(2)}`}
      </span>
      <StatusBadge status={clip.status} clip={clip} />
    </li>
  );
});
