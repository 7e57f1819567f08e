/**
 * The parts of the preview's playback row that follow the playhead: the time, the scrubber and
 * the word spoken. Each reads the playback store itself, so a moving playhead re-renders only them.
 */
import { useStore } from 'zustand';
import type { CaptionWord } from '@/api/schema.gen.ts';
import { wordById } from '../model/caption-doc.ts';
import { formatTime, snapToFrame } from '../model/timing.ts';
import type { PlaybackStore } from '../state/playback-store.ts';

export function PlayheadTime({
  playback,
  duration,
}: {
  playback: PlaybackStore;
  duration: number;
}) {
  const playhead = useStore(playback, (state) => state.playhead);
  return (
    <span className="whitespace-nowrap text-sm tabular-nums text-slate-700">
      {formatTime(playhead)} / {formatTime(duration)}
    </span>
  );
}

export function Scrubber({
  playback,
  duration,
  fps,
  onScrub,
}: {
  playback: PlaybackStore;
  duration: number;
  fps: number;
  /** The scrubber moved the playhead to `seconds` (paused). */
  onScrub(seconds: number): void;
}) {
  const playhead = useStore(playback, (state) => state.playhead);
  return (
    <label className="flex min-w-32 flex-1 items-center gap-2 text-xs font-medium text-slate-700">
      Playhead
      <input
        type="range"
        min={0}
        max={Math.max(duration, 1 / fps)}
        step={1 / fps}
        value={playhead}
        aria-valuetext={formatTime(playhead)}
        onChange={(event) => {
          const seconds = snapToFrame(Number(event.target.value), fps);
          playback.setState({ playhead: seconds, playing: false });
          onScrub(seconds);
        }}
        className="min-w-0 flex-1 accent-indigo-600"
      />
    </label>
  );
}

export function SpokenWord({
  playback,
  words,
}: {
  playback: PlaybackStore;
  words: readonly CaptionWord[];
}) {
  const spokenId = useStore(playback, (state) => state.spokenId);
  const text = spokenId ? (wordById(words, spokenId)?.word ?? null) : null;
  return (
    <p
      className="min-w-0 max-w-56 shrink truncate text-sm text-slate-700"
      data-testid="spoken-word"
    >
      {text ? (
        <>
          Spoken word: <span className="font-semibold">“{text}”</span>
        </>
      ) : (
        'No word is spoken at the playhead.'
      )}
    </p>
  );
}
