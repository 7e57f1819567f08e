/**
 * The clean-up finder: filler words (an editable list, whole words only, case-insensitive; a
 * phrase such as "you know" is its words in a row) and long pauses (a gap between two words over
 * the threshold; the silence before the first word and after the last only when asked), every
 * occurrence with its context and time, before anything changes. What the person ticks becomes
 * the cut's targets (cut-targets.ts); occurrences kept on purpose earlier are left out.
 */
import type { CutTargets, PauseRef } from './cut-targets.ts';
import { pauseRef } from './cut-targets.ts';
import { framesNear } from './frames.ts';
import type { Transcript } from './transcript.ts';

export interface FillerEntry {
  text: string;
  on: boolean;
}

/** The default English set; "like" is off (it is also a verb). */
export const DEFAULT_FILLERS: readonly FillerEntry[] = [
  { text: 'um', on: true },
  { text: 'uh', on: true },
  { text: 'erm', on: true },
  { text: 'ah', on: true },
  { text: 'hmm', on: true },
  { text: 'you know', on: true },
  { text: 'I mean', on: true },
  { text: 'like', on: false },
];

export interface CleanUpSettings {
  fillers: readonly FillerEntry[];
  /** A pause longer than this is long (seconds). */
  thresholdSeconds: number;
  /** What a shortened pause keeps (seconds). */
  targetSeconds: number;
  /** Also the silence before the first word and after the last. */
  includeEdges: boolean;
}

export const DEFAULT_CLEAN_UP: CleanUpSettings = {
  fillers: DEFAULT_FILLERS,
  thresholdSeconds: 0.5,
  targetSeconds: 0.3,
  includeEdges: false,
};

interface Context {
  before: string;
  after: string;
}

export type Occurrence =
  | {
      kind: 'filler';
      /** Stable across runs: the filler's first word. */
      key: string;
      /** The list entry it matched. */
      filler: string;
      /** As spoken. */
      text: string;
      first: number;
      last: number;
      start: number;
      end: number;
      context: Context;
    }
  | {
      kind: 'pause';
      /** Stable across runs: the words around it. */
      key: string;
      /** The position of the word after it (words.length: after the last). */
      gap: number;
      pause: PauseRef;
      start: number;
      end: number;
      seconds: number;
      context: Context;
    };

const EDGES = /^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu;

/** A word as the finder compares it: lower case, without the punctuation around it. */
export const normalizeWord = (text: string): string => text.toLowerCase().replace(EDGES, '');

const CONTEXT_WORDS = 4;

function contextOf(transcript: Transcript, first: number, last: number): Context {
  const { words } = transcript;
  const text = (from: number, to: number) =>
    words
      .slice(Math.max(0, from), Math.max(0, to))
      .map((word) => word.word)
      .join(' ');
  return {
    before: text(first - CONTEXT_WORDS, first),
    after: text(last + 1, last + 1 + CONTEXT_WORDS),
  };
}

export interface Findings {
  occurrences: Occurrence[];
  fillers: number;
  pauses: number;
  /** Occurrences left out because they were kept on purpose earlier. */
  ignored: number;
}

export function findOccurrences(
  transcript: Transcript,
  settings: CleanUpSettings,
  ignored: ReadonlySet<string> = new Set(),
): Findings {
  const { words, start, end, fps } = transcript;
  const phrases = settings.fillers
    .filter((filler) => filler.on)
    .map((filler) => ({
      filler: filler.text,
      tokens: filler.text.split(/\s+/).map(normalizeWord).filter(Boolean),
    }))
    .filter((phrase) => phrase.tokens.length > 0)
    .sort((a, b) => b.tokens.length - a.tokens.length);
  const normal = words.map((word) => normalizeWord(word.word));
  const found: Occurrence[] = [];
  let left = 0;
  let fillers = 0;
  for (let i = 0; i < words.length;) {
    const match = phrases.find((phrase) =>
      phrase.tokens.every((token, k) => normal[i + k] === token),
    );
    if (!match) {
      i += 1;
      continue;
    }
    const last = i + match.tokens.length - 1;
    const key = `filler:${words[i]!.id}`;
    if (ignored.has(key)) left += 1;
    else {
      fillers += 1;
      found.push({
        kind: 'filler',
        key,
        filler: match.filler,
        text: words
          .slice(i, last + 1)
          .map((word) => word.word)
          .join(' '),
        first: i,
        last,
        start: start[i]! / fps,
        end: end[last]! / fps,
        context: contextOf(transcript, i, last),
      });
    }
    i = last + 1;
  }

  const threshold = framesNear(settings.thresholdSeconds, fps);
  let pauses = 0;
  const from = settings.includeEdges ? 0 : 1;
  const to = settings.includeEdges ? words.length : words.length - 1;
  for (let g = from; g <= to; g += 1) {
    if (words.length === 0) break;
    const gapStart = g > 0 ? end[g - 1]! : 0;
    const gapEnd = g < words.length ? start[g]! : Math.max(transcript.durationFrames, gapStart);
    if (gapEnd - gapStart <= threshold) continue;
    const pause = pauseRef(transcript, g);
    const key = `pause:${pause.before}:${pause.after}`;
    if (ignored.has(key)) {
      left += 1;
      continue;
    }
    pauses += 1;
    found.push({
      kind: 'pause',
      key,
      gap: g,
      pause,
      start: gapStart / fps,
      end: gapEnd / fps,
      seconds: (gapEnd - gapStart) / fps,
      context: contextOf(transcript, g, g - 1),
    });
  }
  found.sort((a, b) => a.start - b.start || (a.kind === 'pause' ? 1 : -1));
  return { occurrences: found, fillers, pauses, ignored: left };
}

/** The cut that removes the ticked occurrences. */
export function cleanUpTargets(
  transcript: Transcript,
  occurrences: readonly Occurrence[],
  ticked: ReadonlySet<string>,
  settings: CleanUpSettings,
  padSeconds: number,
): CutTargets {
  const removed: string[] = [];
  const shorten: PauseRef[] = [];
  for (const occurrence of occurrences) {
    if (!ticked.has(occurrence.key)) continue;
    if (occurrence.kind === 'pause') shorten.push(occurrence.pause);
    else
      for (let i = occurrence.first; i <= occurrence.last; i += 1)
        removed.push(transcript.words[i]!.id);
  }
  return {
    layerIndex: transcript.layerIndex,
    removed,
    shorten,
    padSeconds,
    cleanUp: { thresholdSeconds: settings.thresholdSeconds, targetSeconds: settings.targetSeconds },
  };
}

/** "Removed 37 fillers and shortened 12 pauses" (done), "Remove 37 fillers and shorten 12 pauses". */
export function describeCleanUp(fillers: number, pauses: number, done = true): string {
  const parts: string[] = [];
  if (fillers > 0)
    parts.push(`${done ? 'removed' : 'remove'} ${fillers} ${fillers === 1 ? 'filler' : 'fillers'}`);
  if (pauses > 0)
    parts.push(`${done ? 'shortened' : 'shorten'} ${pauses} ${pauses === 1 ? 'pause' : 'pauses'}`);
  const text = parts.join(' and ') || (done ? 'changed nothing' : 'nothing to change');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
