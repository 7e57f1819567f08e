/**
 * The transcript as a list box of words, paragraph by paragraph, virtualised (only the paragraphs
 * on screen exist; a paragraph's words are inline text). The list holds the focus and points at
 * the active word (`aria-activedescendant`); the editor's commands take its keys. A press on a word
 * makes it active (Shift: extends the selection), a drag selects the words it passes, and a click
 * without a drag moves the playhead to the word. Pauses over the threshold read "⏸ 1.4 s"; a cut
 * shows where it was as "✂ 1.8 s", unfolded to its struck-through words on a click.
 *
 * During playback the spoken word is marked and kept in view; once the person scrolls, following
 * stops until playback starts again (it never fights the person).
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { transportFor } from '@/playback/transport.ts';
import type { CaptionWord } from '@/api/schema.gen.ts';
import { formatDuration } from '@/lib/format.ts';
import type { CutRecord } from '../model/cut-record.ts';
import { formatSeconds } from '../model/frames.ts';
import {
  DEFAULT_LIST_WIDTH,
  estimatedParagraphHeight,
  paragraphWidths,
} from '../model/paragraph-height.ts';
import { wordAt, type Paragraph, type Transcript } from '../model/transcript.ts';
import type { WordsEditor } from '../state/create-words-editor.ts';
import { PauseGlyph } from './pause-glyph.tsx';

const OVERSCAN = 3;

export const wordElementId = (listId: string, wordId: string) => `${listId}-w-${wordId}`;

interface ActiveWord {
  /** The word spoken at the playhead (position), or -1. */
  index: number;
}

/** Where each cut goes: before the word after it (or after the word before it). */
export interface CutMarks {
  before: ReadonlyMap<number, CutRecord[]>;
  after: ReadonlyMap<number, CutRecord[]>;
}

export const TranscriptList = memo(function TranscriptList({
  editor,
  projectId,
  transcript,
  focus,
  range,
  pauseThreshold,
  cuts,
  unfolded,
  listId,
  label,
}: {
  editor: WordsEditor;
  projectId: string;
  transcript: Transcript;
  /** The active word's position (-1: none). */
  focus: number;
  /** The selected words' positions, or null. */
  range: readonly [number, number] | null;
  /** Pauses at least this long are shown (seconds). */
  pauseThreshold: number;
  cuts: CutMarks;
  unfolded: ReadonlySet<string>;
  listId: string;
  label: string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const { paragraphs } = transcript;
  const active = useMemo(() => createStore<ActiveWord>()(() => ({ index: -1 })), []);
  const focusParagraph = focus >= 0 ? (transcript.paragraphOf[focus] ?? -1) : -1;
  const widths = useMemo(
    () => paragraphWidths(transcript, pauseThreshold),
    [transcript, pauseThreshold],
  );
  // The list's width for the estimates, kept as the panel is resized (before the virtualiser's own
  // layout effect reads the estimates on mount).
  const listWidth = useRef(DEFAULT_LIST_WIDTH);
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    listWidth.current = scroller.clientWidth || DEFAULT_LIST_WIDTH;
    const observer = new ResizeObserver(() => {
      listWidth.current = scroller.clientWidth || DEFAULT_LIST_WIDTH;
    });
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual's own API
  const virtualizer = useVirtualizer({
    count: paragraphs.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => estimatedParagraphHeight(widths[index] ?? 0, listWidth.current),
    overscan: OVERSCAN,
    getItemKey: (index) =>
      `${paragraphs[index]!.first}-${transcript.words[paragraphs[index]!.first]!.id}`,
    // The active word's paragraph always exists: the list box points at it.
    rangeExtractor: (range) => {
      const indexes: number[] = [];
      const from = Math.max(0, range.startIndex - range.overscan);
      const to = Math.min(range.count - 1, range.endIndex + range.overscan);
      for (let i = from; i <= to; i += 1) indexes.push(i);
      if (focusParagraph >= 0 && (focusParagraph < from || focusParagraph > to)) {
        indexes.push(focusParagraph);
        indexes.sort((a, b) => a - b);
      }
      return indexes;
    },
  });

  // The spoken word follows the transport; while playing it is kept in view until the person
  // scrolls (then playing again follows again).
  const following = useRef(true);
  useEffect(() => {
    const transport = transportFor(projectId);
    let lastIndex = -1;
    let lastRate = transport.get().rate;
    const show = () => {
      const state = transport.get();
      if (state.rate !== 0 && lastRate === 0) following.current = true;
      lastRate = state.rate;
      const index = wordAt(transcript, state.playhead);
      if (index !== lastIndex) {
        lastIndex = index;
        active.setState({ index });
        if (state.rate !== 0 && following.current && index >= 0) keepInView(index);
      }
    };
    const keepInView = (index: number) => {
      const scroller = scrollRef.current;
      if (!scroller) return;
      const element = document.getElementById(wordElementId(listId, transcript.words[index]!.id));
      if (!element) {
        virtualizer.scrollToIndex(transcript.paragraphOf[index] ?? 0, { align: 'center' });
        return;
      }
      const box = element.getBoundingClientRect();
      const view = scroller.getBoundingClientRect();
      if (box.top < view.top + 24 || box.bottom > view.bottom - 24)
        scroller.scrollTop += box.top - view.top - view.height / 3;
    };
    show();
    return transport.store.subscribe(show);
  }, [projectId, transcript, active, listId, virtualizer]);
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const stop = () => {
      following.current = false;
    };
    scroller.addEventListener('wheel', stop, { passive: true });
    scroller.addEventListener('touchstart', stop, { passive: true });
    return () => {
      scroller.removeEventListener('wheel', stop);
      scroller.removeEventListener('touchstart', stop);
    };
  }, []);

  // The active word (keys, a press) is scrolled into view.
  useLayoutEffect(() => {
    if (focus < 0) return;
    const element = document.getElementById(wordElementId(listId, transcript.words[focus]!.id));
    if (element) element.scrollIntoView({ block: 'nearest' });
    else virtualizer.scrollToIndex(transcript.paragraphOf[focus] ?? 0, { align: 'auto' });
  }, [focus, listId, transcript, virtualizer]);

  const pointer = usePointerSelection(editor, projectId, transcript, listRef);
  // One function for the list's life: the paragraphs are memoised, and the virtualiser renders
  // the list on every scrolled frame (a new function re-rendered every paragraph shown).
  const toggleCut = useCallback(
    (id: string) => {
      const next = new Set(editor.getState().unfolded);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      editor.setState({ unfolded: next });
    },
    [editor],
  );

  const activeId = focus >= 0 ? wordElementId(listId, transcript.words[focus]!.id) : undefined;
  return (
    <div
      ref={scrollRef}
      className="min-h-0 flex-1 overflow-y-auto rounded-lg border border-slate-200 bg-white"
    >
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={label}
        aria-multiselectable="true"
        aria-activedescendant={activeId}
        tabIndex={0}
        data-studio-focus
        onKeyDown={(event) => {
          // The list box is this editor's own widget: its keys are the editor's commands (the
          // shortcut guard keeps other list boxes' keys from editors, not this one's).
          const { key, shiftKey, ctrlKey, metaKey, altKey } = event;
          if (editor.handleKey({ key, shiftKey, ctrlKey, metaKey, altKey, target: null })) {
            event.preventDefault();
            event.stopPropagation();
          }
        }}
        onPointerDown={pointer.onPointerDown}
        className="relative w-full select-none outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const paragraph = paragraphs[row.index]!;
          const selected =
            range && range[1] >= paragraph.first && range[0] <= paragraph.last
              ? ([Math.max(range[0], paragraph.first), Math.min(range[1], paragraph.last)] as const)
              : null;
          return (
            <div
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              className="absolute left-0 top-0 w-full px-4 py-2"
              style={{ transform: `translateY(${row.start}px)` }}
            >
              <ParagraphView
                listId={listId}
                transcript={transcript}
                paragraph={paragraph}
                selectedFrom={selected?.[0] ?? -1}
                selectedTo={selected?.[1] ?? -1}
                focus={focus >= paragraph.first && focus <= paragraph.last ? focus : -1}
                active={active}
                pauseThreshold={pauseThreshold}
                cuts={cuts}
                unfolded={unfolded}
                onToggleCut={toggleCut}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
});

/** A press makes a word active (Shift extends); a drag selects; a click moves the playhead. */
function usePointerSelection(
  editor: WordsEditor,
  projectId: string,
  transcript: Transcript,
  listRef: React.RefObject<HTMLDivElement | null>,
) {
  const latest = useRef(transcript);
  useLayoutEffect(() => {
    latest.current = transcript;
  }, [transcript]);
  return useMemo(() => {
    const positionOf = (target: EventTarget | null): number | null => {
      const option =
        target instanceof Element ? target.closest<HTMLElement>('[role="option"]') : null;
      const pos = option?.dataset.pos;
      return pos === undefined ? null : Number(pos);
    };
    const onPointerDown = (event: React.PointerEvent) => {
      if (event.button !== 0) return;
      const pressed = positionOf(event.target);
      listRef.current?.focus({ preventScroll: true });
      if (pressed === null) return;
      event.preventDefault();
      const { words } = latest.current;
      const state = editor.getState();
      const id = words[pressed]!.id;
      if (event.shiftKey) {
        editor.setState({ anchor: state.anchor ?? state.focus ?? id, focus: id });
        return;
      }
      editor.beginGesture('Select words', { focus: id, anchor: null });
      let dragged = false;
      const onMove = (move: PointerEvent) => {
        const over = positionOf(document.elementFromPoint(move.clientX, move.clientY));
        if (over === null || over === pressed) return;
        dragged = true;
        editor.setState({ anchor: id, focus: latest.current.words[over]!.id });
      };
      const onUp = () => {
        window.removeEventListener('pointermove', onMove);
        window.removeEventListener('pointerup', onUp);
        window.removeEventListener('pointercancel', onUp);
        editor.endGesture();
        if (!dragged) {
          const word = latest.current.words[pressed];
          if (word) transportFor(projectId).seek(word.startSeconds ?? 0, 'words');
        }
      };
      window.addEventListener('pointermove', onMove);
      window.addEventListener('pointerup', onUp);
      window.addEventListener('pointercancel', onUp);
    };
    return { onPointerDown };
  }, [editor, projectId, listRef]);
}

/** One paragraph: its speaker and time, then its words, pauses and cut marks. */
export const ParagraphView = memo(function ParagraphView({
  listId,
  transcript,
  paragraph,
  selectedFrom,
  selectedTo,
  focus,
  active,
  pauseThreshold,
  cuts,
  unfolded,
  onToggleCut,
}: {
  listId: string;
  transcript: Transcript;
  paragraph: Paragraph;
  selectedFrom: number;
  selectedTo: number;
  focus: number;
  active: StoreApi<ActiveWord>;
  pauseThreshold: number;
  cuts: CutMarks;
  unfolded: ReadonlySet<string>;
  onToggleCut(id: string): void;
}) {
  const spoken = useStore(active, (state) =>
    state.index >= paragraph.first && state.index <= paragraph.last ? state.index : -1,
  );
  const { words, start, end, fps } = transcript;
  const first = words[paragraph.first]!;
  const heading = `${paragraph.speaker ?? 'Speaker'}, ${formatDuration(first.startSeconds ?? 0)}`;
  const parts: React.ReactNode[] = [];
  for (let i = paragraph.first; i <= paragraph.last; i += 1) {
    const word = words[i]!;
    for (const cut of cuts.before.get(i) ?? [])
      parts.push(
        <CutMark
          key={`cut-${cut.id}`}
          cut={cut}
          open={unfolded.has(cut.id)}
          onToggle={onToggleCut}
        />,
      );
    const pause = i > paragraph.first ? (start[i]! - end[i - 1]!) / fps : 0;
    if (pause >= pauseThreshold)
      parts.push(
        <span
          key={`pause-${word.id}`}
          aria-hidden="true"
          className="mx-1 rounded bg-slate-100 px-1 text-xs text-slate-600"
        >
          <PauseGlyph /> {formatSeconds(pause)}
        </span>,
      );
    parts.push(
      <WordView
        key={word.id}
        id={wordElementId(listId, word.id)}
        word={word}
        pos={i}
        selected={i >= selectedFrom && i <= selectedTo}
        focused={i === focus}
        spoken={i === spoken}
        pause={pause >= pauseThreshold ? pause : 0}
      />,
    );
    for (const cut of cuts.after.get(i) ?? [])
      parts.push(
        <CutMark
          key={`cut-${cut.id}`}
          cut={cut}
          open={unfolded.has(cut.id)}
          onToggle={onToggleCut}
        />,
      );
  }
  return (
    <div role="group" aria-label={heading}>
      <p aria-hidden="true" className="text-xs font-medium text-slate-500">
        {heading}
      </p>
      <p className="mt-1 leading-8 text-slate-900">{parts}</p>
    </div>
  );
});

const WordView = memo(function WordView({
  id,
  word,
  pos,
  selected,
  focused,
  spoken,
  pause,
}: {
  id: string;
  word: CaptionWord;
  pos: number;
  selected: boolean;
  focused: boolean;
  spoken: boolean;
  pause: number;
}) {
  return (
    <>
      <span
        id={id}
        role="option"
        aria-selected={selected}
        aria-current={spoken ? 'time' : undefined}
        aria-description={pause > 0 ? `after a ${formatSeconds(pause)} pause` : undefined}
        data-pos={pos}
        data-spoken={spoken || undefined}
        className={`cursor-pointer rounded px-0.5 py-0.5 ${selected ? 'bg-indigo-200 text-indigo-950' : ''} ${spoken ? 'underline decoration-amber-500 decoration-4 underline-offset-4' : ''} ${focused ? 'outline outline-2 outline-indigo-600' : ''}`}
      >
        {word.word}
      </span>{' '}
    </>
  );
});

function CutMark({
  cut,
  open,
  onToggle,
}: {
  cut: CutRecord;
  open: boolean;
  onToggle(id: string): void;
}) {
  return (
    <span
      aria-hidden="true"
      title={open ? 'Fold this cut' : `Show what was cut: ${cut.text || 'a pause'}`}
      onPointerDown={(event) => {
        event.stopPropagation();
        event.preventDefault();
        onToggle(cut.id);
      }}
      className="mx-1 cursor-pointer rounded border border-dashed border-rose-300 bg-rose-50 px-1 text-xs text-rose-800"
    >
      ✂ {formatSeconds(cut.seconds)}
      {open && cut.text ? <s className="ml-1 text-slate-500">{cut.text}</s> : null}
    </span>
  );
}
