/**
 * The transcript's first paragraphs while the rest of a long talk's words load: read-only (a cut
 * needs every word, so selecting and cutting start once all are in), with how many have arrived.
 */
import { useId, useMemo } from 'react';
import { createStore } from 'zustand/vanilla';
import type { CutMarks } from './transcript-list.tsx';
import { ParagraphView } from './transcript-list.tsx';
import type { Transcript } from '../model/transcript.ts';

/** Paragraphs shown before the rest arrives: more than a tall window holds. */
const SHOWN = 12;
const NO_CUTS: CutMarks = { before: new Map(), after: new Map() };
const NONE_UNFOLDED: ReadonlySet<string> = new Set();
const ignore = () => undefined;

export function TranscriptPreview({
  transcript,
  total,
  pauseThreshold,
}: {
  transcript: Transcript;
  /** Every word of the project (the service's count). */
  total: number;
  pauseThreshold: number;
}) {
  const listId = useId().replace(/:/g, '');
  const noneSpoken = useMemo(() => createStore(() => ({ index: -1 })), []);
  const loaded = transcript.words.length;
  return (
    <div className="flex h-full min-h-0 flex-col gap-2">
      <p role="status" className="text-sm text-slate-600">
        Loading the rest of the transcript: {loaded.toLocaleString()} of {total.toLocaleString()}{' '}
        words so far. Selecting and cutting start once every word is in.
      </p>
      <div className="min-h-0 flex-1 overflow-y-auto rounded-lg border border-slate-200 bg-white">
        <div
          id={listId}
          role="listbox"
          aria-label={`Transcript (loading): the first ${loaded} of ${total} words`}
          aria-busy="true"
          aria-disabled="true"
          className="w-full select-none"
        >
          {transcript.paragraphs.slice(0, SHOWN).map((paragraph) => (
            <div key={paragraph.first} className="px-4 py-2">
              <ParagraphView
                listId={listId}
                transcript={transcript}
                paragraph={paragraph}
                selectedFrom={-1}
                selectedTo={-1}
                focus={-1}
                active={noneSpoken}
                pauseThreshold={pauseThreshold}
                cuts={NO_CUTS}
                unfolded={NONE_UNFOLDED}
                onToggleCut={ignore}
              />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
