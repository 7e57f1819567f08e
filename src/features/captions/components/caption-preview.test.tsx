/**
 * The preview paints a change from the editor itself, in the task that made it (before React
 * renders the screen again), and does not paint the same frame twice when the render follows.
 */
import { VERTICAL_FRAME } from '@/lib/project-frame.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captionStyleQueryOptions } from '@/api/caption-queries.ts';
import { paginate, type CaptionPage } from '@/caption-painter/caption-pages.ts';
import * as painter from '@/caption-painter/caption-painter.ts';
import { captionWordsQueryOptions } from '@/api/caption-queries.ts';
import { selectCommand, setStyle } from '../model/commands.ts';
import { createCaptionsEditor } from '../state/captions-editor.ts';
import { createPlaybackStore } from '../state/playback-store.ts';
import { fixtureDoc } from '../testing/caption-fixtures.ts';
import { CaptionPreview } from './caption-preview.tsx';

/** Enough of a 2D context for the backdrop (the painter itself is replaced by a spy). */
const context = {
  createLinearGradient: () => ({ addColorStop: () => undefined }),
  fillRect: () => undefined,
  clearRect: () => undefined,
  drawImage: () => undefined,
  save: () => undefined,
  restore: () => undefined,
  strokeRect: () => undefined,
  setLineDash: () => undefined,
} as unknown as CanvasRenderingContext2D;

let paintPage: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
  paintPage = vi
    .spyOn(painter, 'paintPage')
    .mockImplementation(() => ({ words: [] }) as unknown as painter.PageLayout);
});
afterEach(() => vi.restoreAllMocks());

function setup() {
  const doc = fixtureDoc();
  const queryClient = new QueryClient();
  queryClient.setQueryData(captionWordsQueryOptions('p1').queryKey, doc.words);
  queryClient.setQueryData(captionStyleQueryOptions('p1').queryKey, doc.style);
  const editor = createCaptionsEditor({ projectId: 'p1', queryClient });
  // The change is shown at once and queued; its save never answers here.
  vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise<Response>(() => undefined));
  const playback = createPlaybackStore();
  const pages = paginate(doc.words.words, { wordsPerLineLimit: 4, maxLinesPerCaption: 2 });
  const order = doc.words.words.map((word) => word.id);
  const renders = { count: 0 };
  function View() {
    renders.count += 1;
    return (
      <CaptionPreview
        editor={editor}
        playback={playback}
        projectId="p1"
        frame={VERTICAL_FRAME}
        pages={pages}
        order={order}
        duration={4}
        fps={30}
        words={doc.words.words}
        settings={doc.style.settings}
      />
    );
  }
  render(
    <QueryClientProvider client={queryClient}>
      <View />
    </QueryClientProvider>,
  );
  return { editor, renders, playback };
}

const colourOf = (page: CaptionPage, id: string) =>
  page.lines.flat().find((word) => word.id === id)?.style?.color;

describe('CaptionPreview', () => {
  it('paints a style change in the task that made it, once', () => {
    const { editor, renders } = setup();
    act(() => void editor.run(selectCommand, { id: 'w1', mode: 'replace', order: [] }));
    const paintsBefore = paintPage.mock.calls.length;
    const rendersBefore = renders.count;

    // Outside act: React has not rendered anything when the command returns.
    editor.run(setStyle, { values: { style: { color: '#ff3366' } }, what: 'Colour' });
    expect(renders.count).toBe(rendersBefore);
    expect(paintPage.mock.calls.length).toBe(paintsBefore + 1);
    const page = paintPage.mock.calls.at(-1)![1] as CaptionPage;
    expect(colourOf(page, 'w1')).toBe('#ff3366');

    // Whatever renders next finds the frame painted already.
    act(() => editor.setState({ announcement: 'rendered' }));
    expect(paintPage.mock.calls.length).toBe(paintsBefore + 1);
  });

  it('between captions, paints the nearest page faded; on a word, the page as spoken', () => {
    const { playback } = setup();
    // Captions run 0–1.5 s and 2–3.5 s: at 1.8 s the second is nearer.
    act(() => playback.setState({ playhead: 1.8 }));
    const [, between, input] = paintPage.mock.calls.at(-1)! as [
      unknown,
      CaptionPage,
      { dimmed?: boolean },
    ];
    expect(between.lines[0]![0]!.id).toBe('w3');
    expect(input.dimmed).toBe(true);
    act(() => playback.setState({ playhead: 2.2 }));
    const [, spoken, spokenInput] = paintPage.mock.calls.at(-1)! as [
      unknown,
      CaptionPage,
      { dimmed?: boolean; seconds: number },
    ];
    expect(spoken.lines[0]![0]!.id).toBe('w3');
    expect(spokenInput).toMatchObject({ dimmed: false, seconds: 2.2 });
  });
});
