/**
 * What falls under the chosen platform's interface: every text item, overlay and caption page
 * whose box reaches into its top bar, action column or caption band, with when. Caption pages are
 * laid out by the caption painter with the project's caption style and words, so the warning is
 * about the page the video shows. A row moves the playhead there and selects the item.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { InlineError } from '@/components/error-state.tsx';
import { layoutPage, type PainterContext } from '@/caption-painter/caption-painter.ts';
import type { ProjectFrame } from '@/lib/project-frame.ts';
import { paginate } from '@/caption-painter/caption-pages.ts';
import { projectCaptionWordsQueryOptions } from '../api/timeline-queries.ts';
import { boundsOf } from '../model/frame-layout.ts';
import { formatSeconds } from '../model/ruler.ts';
import {
  PLATFORMS,
  safeAreaWarnings,
  type PlacedOnFrame,
  type SafeAreaPlatform,
} from '../model/safe-areas.ts';
import type { TimelineEditor } from '../state/create-timeline-editor.ts';
import { textLayout } from './text-item-drawing.ts';
import type { CaptionSettings, CaptionWord, Timeline } from '@/api/schema.gen.ts';

/** Text and overlay items by their boxes; caption pages by the painter's layout of each page. */
export function placedOnFrame(
  timeline: Timeline,
  words: readonly CaptionWord[],
  settings: Partial<CaptionSettings>,
  measure: PainterContext,
  frame: ProjectFrame,
): PlacedOnFrame[] {
  const placed: PlacedOnFrame[] = [];
  const captions = new Map<string, { name: string; words: CaptionWord[] }>();
  for (const layer of timeline.layers) {
    for (const item of layer.items) {
      if ((item.type === 'text' || item.type === 'overlay') && item.layout) {
        const layout =
          item.type === 'text' ? textLayout(measure, item, item.layout, frame) : item.layout;
        placed.push({
          itemId: item.id,
          name: item.type === 'text' ? `“${item.text ?? item.name}”` : item.name,
          kind: item.type,
          box: boundsOf(layout),
          start: item.start_seconds,
          end: item.end_seconds,
        });
      } else if (item.type === 'caption') captions.set(item.id, { name: item.name, words: [] });
    }
  }
  for (const word of words) captions.get(word.timelineItemId ?? '')?.words.push(word);
  for (const [itemId, caption] of captions) {
    for (const page of paginate(caption.words, settings)) {
      const laid = layoutPage(measure, page, settings, frame, page.startSeconds);
      if (laid.lines.length === 0) continue;
      const text = page.lines
        .flat()
        .map((word) => word.word)
        .join(' ');
      placed.push({
        itemId,
        name: `${caption.name}: “${text}”`,
        kind: 'caption',
        box: {
          left: Math.min(...laid.lines.map((line) => line.x)),
          top: Math.min(...laid.lines.map((line) => line.y)),
          right: Math.max(...laid.lines.map((line) => line.x + line.width)),
          bottom: Math.max(...laid.lines.map((line) => line.y + line.height)),
        },
        start: page.startSeconds,
        end: page.endSeconds,
      });
    }
  }
  return placed;
}

export function SafeAreaWarnings({
  projectId,
  timeline,
  editor,
  platform,
  measure,
  captionSettings,
  frame,
}: {
  projectId: string;
  timeline: Timeline;
  editor: TimelineEditor;
  platform: SafeAreaPlatform;
  measure: PainterContext;
  captionSettings: Partial<CaptionSettings> | null;
  /** The project's frame: items and the guide's areas are in its pixels. */
  frame: ProjectFrame;
}) {
  const words = useQuery(projectCaptionWordsQueryOptions(projectId));
  const warnings = useMemo(
    () =>
      words.data
        ? safeAreaWarnings(
            placedOnFrame(timeline, words.data, captionSettings ?? {}, measure, frame),
            platform,
            frame,
          )
        : null,
    [timeline, words.data, captionSettings, measure, platform, frame],
  );
  const cover = PLATFORMS.find((entry) => entry.id === platform)?.cover ?? 'the guides';
  return (
    <section
      aria-label={`Under ${cover}`}
      className="max-h-40 overflow-y-auto rounded-md border border-amber-200 bg-amber-50 p-2 text-xs"
    >
      {words.isError ? (
        <InlineError error={words.error} />
      ) : !warnings ? (
        <p role="status">Checking the caption pages…</p>
      ) : warnings.length === 0 ? (
        <p role="status">Nothing falls under {cover}.</p>
      ) : (
        <>
          <h3 className="font-semibold text-amber-900" role="status">
            {warnings.length} {warnings.length === 1 ? 'item falls' : 'items fall'} under {cover}
          </h3>
          <ul className="mt-1 flex flex-col gap-1">
            {warnings.map((warning) => (
              <li key={`${warning.itemId}-${warning.zones.join()}`}>
                <button
                  type="button"
                  className="text-left text-amber-950 underline-offset-2 hover:underline"
                  onClick={() =>
                    editor.setState({
                      playhead: warning.spans[0]!.start,
                      playbackRate: 0,
                      selection: new Set([warning.itemId]),
                    })
                  }
                >
                  {warning.kind === 'caption'
                    ? 'Caption page'
                    : warning.kind === 'text'
                      ? 'Text'
                      : 'Overlay'}{' '}
                  {warning.name} — under the {warning.zones.join(' and the ')} at{' '}
                  {warning.spans
                    .slice(0, 4)
                    .map((span) => `${formatSeconds(span.start)}–${formatSeconds(span.end)}`)
                    .join(', ')}
                  {warning.spans.length > 4 ? ` and ${warning.spans.length - 4} more times` : ''}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
