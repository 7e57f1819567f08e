/**
 * The word list on a real captions editor (its saves recorded, not sent): rows by caption, click,
 * Shift- and Ctrl-click selection, the keyboard paths (a word's button, the timing sliders, the
 * text fix), and following playback without fighting the person.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captionStyleQueryOptions } from '@/api/caption-queries.ts';
import { captionWordsQueryOptions } from '@/api/caption-queries.ts';
import { buildRows, wordIdsOf } from '../model/word-rows.ts';
import { createCaptionsEditor } from '../state/captions-editor.ts';
import { createPlaybackStore } from '../state/playback-store.ts';
import { fixtureDoc } from '../testing/caption-fixtures.ts';
import { layOutWordList } from '../testing/list-layout.ts';
import { rowsAhead, rowsToMount, ScrollSpeed } from './word-list-view.ts';
import { WordList } from './word-list.tsx';

const scrollTo = vi.fn();
/** The list's own scrolls to follow playback (the virtualiser's carry a `behavior`). */
const followScrolls = () =>
  scrollTo.mock.calls.filter(([options]) => !('behavior' in (options as object)));
beforeEach(() => {
  scrollTo.mockReset();
  layOutWordList();
  Element.prototype.scrollTo = scrollTo as unknown as typeof Element.prototype.scrollTo;
});
afterEach(() => vi.restoreAllMocks());

function setup() {
  const doc = fixtureDoc();
  const queryClient = new QueryClient();
  queryClient.setQueryData(captionWordsQueryOptions('p1').queryKey, doc.words);
  queryClient.setQueryData(captionStyleQueryOptions('p1').queryKey, doc.style);
  const editor = createCaptionsEditor({ projectId: 'p1', queryClient });
  const submit = vi
    .spyOn(editor, 'submit')
    .mockImplementation(async (label, change) => ({ status: 'busy', label, mode: 'do', change }));
  const playback = createPlaybackStore();
  const rows = buildRows(doc.words.words);
  function View() {
    const words = editor.document()!.words.words;
    const selection = editor.getState().selection;
    return (
      <WordList
        editor={editor}
        words={words}
        rows={rows}
        order={wordIdsOf(rows)}
        spans={doc.words.spans}
        fps={30}
        query=""
        selection={selection}
        unsaved={new Set()}
        playback={playback}
      />
    );
  }
  render(
    <QueryClientProvider client={queryClient}>
      <View />
    </QueryClientProvider>,
  );
  const list = screen.getByRole('list', { name: 'Caption words' });
  return { editor, submit, playback, list };
}

const wordButton = (list: HTMLElement, text: string) =>
  within(list).getAllByRole('button', { name: text })[0]!;

describe('WordList', () => {
  it('shows each caption’s heading, then its words with their times and style', () => {
    const { list } = setup();
    expect(within(list).getByText('Caption 1')).toBeInTheDocument();
    expect(within(list).getByText('Caption 2')).toBeInTheDocument();
    expect(within(list).getAllByText('3 words')).toHaveLength(2);
    expect(wordButton(list, 'hook')).toBeInTheDocument();
    expect(within(list).getAllByRole('img', { name: /emphasised/ }).length).toBeGreaterThan(0);
  });

  it('selects by click, Shift-click (a range) and Ctrl-click (one more)', async () => {
    const { editor, list } = setup();
    const user = userEvent.setup();
    await user.click(wordButton(list, 'hook'));
    expect([...editor.getState().selection]).toEqual(['w1']);
    await user.keyboard('{Shift>}');
    await user.click(wordButton(list, 'show'));
    await user.keyboard('{/Shift}');
    expect([...editor.getState().selection].sort()).toEqual(['w1', 'w2', 'w3']);
    await user.keyboard('{Control>}');
    await user.click(wordButton(list, 'result'));
    await user.keyboard('{/Control}');
    expect([...editor.getState().selection].sort()).toEqual(['w1', 'w2', 'w3', 'w5']);
  });

  it('selects a word by keyboard (Tab to its button, Enter)', async () => {
    const { editor, list } = setup();
    wordButton(list, 'matters').focus();
    await userEvent.keyboard('{Enter}');
    expect([...editor.getState().selection]).toEqual(['w2']);
  });

  it('moves a word’s end by a frame with the arrow keys (ten with Shift)', async () => {
    const { submit } = setup();
    const end = screen.getByRole('slider', { name: 'End of “hook”' });
    expect(end).toHaveAttribute('aria-valuenow', '1');
    end.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(submit).toHaveBeenCalledTimes(1);
    const [, change] = submit.mock.calls[0]!;
    expect(JSON.stringify(change)).toContain('0.967');
    await userEvent.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(JSON.stringify(submit.mock.calls[1]![1])).toContain('0.667');
  });

  it('fixes a word’s text with Enter; Escape leaves it as it was', async () => {
    const { submit, list } = setup();
    await userEvent.click(within(list).getByRole('button', { name: 'Edit text of “hook”' }));
    const field = screen.getByRole('textbox', { name: 'Text of “hook”' });
    expect(field).toHaveFocus();
    await userEvent.type(field, 's{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Text of “hook”' })).toBeNull();
    expect(submit).not.toHaveBeenCalled();
    await userEvent.click(within(list).getByRole('button', { name: 'Edit text of “hook”' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Text of “hook”' }), 's{Enter}');
    expect(submit).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(submit.mock.calls[0]![1])).toContain('hooks');
  });

  it('refuses an empty word on the field, and sends nothing', async () => {
    const { submit, list } = setup();
    await userEvent.click(within(list).getByRole('button', { name: 'Edit text of “hook”' }));
    const field = screen.getByRole('textbox', { name: 'Text of “hook”' });
    await userEvent.clear(field);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(submit).not.toHaveBeenCalled();
  });
});

describe('WordList following playback', () => {
  /** The scroller as a 100 px window on a 1,000 px list (jsdom lays nothing out). */
  function sized(list: HTMLElement) {
    const scroller = list.parentElement!;
    Object.defineProperty(scroller, 'clientHeight', { value: 100, configurable: true });
    Object.defineProperty(scroller, 'scrollHeight', { value: 1000, configurable: true });
    return scroller;
  }

  it('scrolls the spoken word into view, only when it is out of view, announcing nothing', () => {
    const { playback, list } = setup();
    sized(list);
    const follow = screen.getByRole('button', { name: 'Follow playback' });
    expect(follow).toHaveAttribute('aria-pressed', 'true');
    // w0 (row 2: 34–86 px) is in view: the list stays still.
    act(() => playback.setState({ playing: true, spokenId: 'w0' }));
    expect(followScrolls()).toEqual([]);
    // w5 (the last row: 328–380 px) is not: a third of the view above it.
    act(() => playback.setState({ spokenId: 'w5' }));
    expect(followScrolls().at(-1)).toEqual([{ top: 295 }]);
    expect(
      within(list)
        .getAllByRole('listitem')
        .find((row) => row.getAttribute('aria-current')),
    ).toHaveTextContent('result');
    expect(document.querySelector('[aria-live]')).toBeNull();
  });

  it('stops while the person scrolls the list, resumes with the button or Play', async () => {
    const { playback, list } = setup();
    const scroller = sized(list);
    act(() => playback.setState({ playing: true, spokenId: 'w0' }));
    fireEvent.wheel(scroller, { deltaY: 200 });
    const follow = screen.getByRole('button', { name: 'Follow playback' });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Not following while you use the list.')).toBeVisible();
    act(() => playback.setState({ spokenId: 'w5' }));
    expect(followScrolls()).toEqual([]);

    // The button (by keyboard) resumes at once.
    follow.focus();
    await userEvent.keyboard('{Enter}');
    expect(follow).toHaveAttribute('aria-pressed', 'true');
    expect(followScrolls().at(-1)).toEqual([{ top: 295 }]);

    // Pausing, working in the list, then Play: following again.
    act(() => playback.setState({ playing: false }));
    fireEvent.pointerDown(scroller);
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    act(() => playback.setState({ playing: true }));
    expect(follow).toHaveAttribute('aria-pressed', 'true');
  });

  it('switched off with the button, it stays off when Play is pressed', async () => {
    const { playback } = setup();
    const follow = screen.getByRole('button', { name: 'Follow playback' });
    await userEvent.click(follow);
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    act(() => playback.setState({ playing: true, spokenId: 'w5' }));
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    expect(followScrolls()).toEqual([]);
  });
});

describe('rowsToMount', () => {
  const view = { startIndex: 100, endIndex: 111, count: 12_000 };

  it('keeps rows on each side at rest, below as many as a scroll keeps ahead', () => {
    const rows = rowsToMount(view, null);
    expect(rows[0]).toBe(96);
    expect(rows.at(-1)).toBe(131);
  });

  it('mounts most spare rows ahead of the scroll, in either direction', () => {
    const down = rowsToMount(view, 'forward');
    expect([down[0], down.at(-1)]).toEqual([96, 135]);
    const up = rowsToMount(view, 'backward');
    expect([up[0], up.at(-1)]).toEqual([76, 115]);
  });

  it('stays within the list', () => {
    expect(rowsToMount({ startIndex: 0, endIndex: 5, count: 8 }, 'forward')).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7,
    ]);
  });
});

describe('rows mounted ahead of a scroll', () => {
  it('grow with the scroll’s speed, within bounds', () => {
    expect(rowsAhead(0)).toBe(24);
    // 1,000 px a frame (60 px/ms): where the view will be two frames and a half later.
    expect(rowsAhead(30)).toBe(27);
    expect(rowsAhead(-30)).toBe(27);
    expect(rowsAhead(60)).toBe(40);
    expect(rowsAhead(500)).toBe(40);
    expect(
      rowsToMount({ startIndex: 100, endIndex: 111, count: 12_000 }, 'forward', 40).at(-1),
    ).toBe(151);
  });

  it('measures the speed between renders and keeps the most rows until the scroll stops', () => {
    const speed = new ScrollSpeed();
    expect(speed.rowsAhead(0, 1000, true)).toBe(24);
    expect(speed.rowsAhead(1000, 1016, true)).toBe(24);
    expect(speed.rowsAhead(2000, 1032, true)).toBe(40);
    // A slower frame does not take the rows away again…
    expect(speed.rowsAhead(2100, 1048, true)).toBe(40);
    // …stopping does; a scroll that starts after a pause starts slow.
    expect(speed.rowsAhead(2100, 1300, false)).toBe(24);
    expect(speed.rowsAhead(3000, 2000, true)).toBe(24);
  });
});
