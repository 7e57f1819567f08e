/**
 * The demo's talking-head project, "Interview: Building in Public" (issue 40): about four minutes
 * of a host and a guest taking turns (interview-script.ts), made so that editing by words has
 * something real to work on in the first minute.
 * - Two camera assets record the whole conversation; each speaks its own speaker's words at the
 *   times the caption words carry (Workspace.speech, heard through mocks/audio/speech.ts), so what
 *   is heard matches the words exactly, and each is silent while the other speaks.
 * - Layers, bottom up: "Interview" (one video layer, items alternating host and guest camera, cut
 *   in the gaps between turns), "B-roll" over some of the guest's answers (their sound muted),
 *   "Titles", "Captions" (an item per phrase, the words timed to the speech; a paragraph per turn)
 *   and "Music": a bed under the opening (fading in) and the closing, so the middle's pauses are
 *   silent. No layer is locked.
 * - Words follow each other with short gaps, phrases and sentences with longer ones (all under
 *   0.5 s); a pause mark in the script is a long pause (0.7-1.4 s), and turns meet within 0.5 s.
 * Its random choices (pause lengths, emphasis) come from its own stream of the seed, so the rest
 * of the seed is as it was.
 */
import { spokenSeconds } from '../audio/speech.ts';
import {
  INTERVIEW_SCRIPT,
  INTERVIEW_SPEAKERS,
  type InterviewSpeaker,
  PAUSE_MARK,
} from './interview-script.ts';
import type { SeedContext } from './seed-context.ts';
import { isoAt, thumbnailDataUri, toFrame } from './seed-context.ts';
import { FPS } from './seed-timeline.ts';
import type { AssetRecord, LayerState, ProjectRecord, SpokenWord, Workspace } from './workspace.ts';
import type { CaptionSettings, CaptionWord, TimelineItem } from '@/api/schema.gen.ts';

export const INTERVIEW_PROJECT_NAME = 'Interview: Building in Public';

/** Seconds between words, after a comma, after a sentence, and between turns (all < 0.5 s). */
const WORD_GAP: readonly [number, number] = [0.06, 0.1];
const COMMA_GAP: readonly [number, number] = [0.18, 0.26];
const SENTENCE_GAP: readonly [number, number] = [0.32, 0.42];
const TURN_GAP: readonly [number, number] = [0.36, 0.46];
/** A pause mark's length. */
const LONG_PAUSE: readonly [number, number] = [0.7, 1.4];
/** A caption item holds a phrase of at most this many words. */
const CAPTION_WORDS = 7;

interface TimedWord {
  text: string;
  speaker: InterviewSpeaker;
  turn: number;
  start: number;
  end: number;
  /** The caption item the word is shown in (a new phrase starts a new one). */
  phrase: number;
}

interface Timing {
  words: TimedWord[];
  /** Each turn's first word start and last word end. */
  turns: Array<{ speaker: InterviewSpeaker; start: number; end: number }>;
  end: number;
}

/** Times every word of the script by its length in the word bank. */
function timeScript(ctx: SeedContext): Timing {
  const between = ([low, high]: readonly [number, number]): number => ctx.rng.float(low, high);
  const words: TimedWord[] = [];
  const turns: Timing['turns'] = [];
  let at = 1;
  let phrase = -1;
  INTERVIEW_SCRIPT.forEach((turn, index) => {
    // The next speaker answers after a turn's gap, not after its last sentence's.
    const previous = words.at(-1);
    if (previous) at = previous.end + between(TURN_GAP);
    let phraseLength = CAPTION_WORDS;
    let first: number | undefined;
    for (const text of turn.text.split(/\s+/)) {
      if (text === PAUSE_MARK) {
        at += between(LONG_PAUSE);
        phraseLength = CAPTION_WORDS;
        continue;
      }
      const seconds = spokenSeconds(turn.speaker, text);
      if (seconds === undefined)
        throw new Error(`The word bank has no "${text}" (${turn.speaker}).`);
      if (phraseLength >= CAPTION_WORDS) {
        phrase += 1;
        phraseLength = 0;
      }
      const start = toFrame(at);
      const end = toFrame(start + seconds);
      first ??= start;
      words.push({ text, speaker: turn.speaker, turn: index, start, end, phrase });
      phraseLength += 1;
      at = end;
      if (/[.?!]$/.test(text)) {
        at += between(SENTENCE_GAP);
        phraseLength = CAPTION_WORDS;
      } else if (/,$/.test(text)) {
        at += between(COMMA_GAP);
      } else {
        at += between(WORD_GAP);
      }
    }
    turns.push({ speaker: turn.speaker, start: first ?? at, end: words.at(-1)?.end ?? at });
  });
  return { words, turns, end: toFrame((words.at(-1)?.end ?? at) + 1.5) };
}

function cameraAsset(
  ctx: SeedContext,
  speaker: InterviewSpeaker,
  seconds: number,
  folderId: string | null,
  projectId: string,
): AssetRecord {
  const name = `Building in Public - ${speaker} camera (${INTERVIEW_SPEAKERS[speaker].name}).mp4`;
  const created = isoAt(ctx, -0.6);
  return {
    id: ctx.rng.uuid(),
    name,
    kind: 'video',
    folder_id: folderId,
    size_bytes: Math.round(seconds * 1_200_000),
    duration_seconds: Math.ceil(seconds),
    thumbnail_url: thumbnailDataUri(name),
    linked_project_ids: [projectId],
    created_at: created,
    updated_at: created,
  };
}

const EMPHASIS = new Set(['public', 'numbers.', 'twelve', 'trust', 'honest', 'diary']);

/**
 * Adds the interview to the paid workspace: its two camera assets (in the Interviews folder), the
 * project (the newest, so it leads the list) and the words each camera speaks.
 */
export function seedInterview(
  ctx: SeedContext,
  workspace: Workspace,
  captionSettings: CaptionSettings,
): ProjectRecord {
  const timing = timeScript(ctx);
  const projectId = ctx.rng.uuid();
  const folderId = workspace.folders.find((folder) => folder.name === 'Interviews')?.id ?? null;
  const cameras = {
    host: cameraAsset(ctx, 'host', timing.end, folderId, projectId),
    guest: cameraAsset(ctx, 'guest', timing.end, folderId, projectId),
  };
  workspace.assets.push(cameras.host, cameras.guest);
  for (const speaker of ['host', 'guest'] as const) {
    const spoken: SpokenWord[] = timing.words
      .filter((word) => word.speaker === speaker)
      .map((word) => ({
        text: word.text,
        voice: speaker,
        startSeconds: word.start,
        endSeconds: word.end,
      }));
    workspace.speech.set(cameras[speaker].id, spoken);
  }
  const byName = (pattern: RegExp) => workspace.assets.find((asset) => pattern.test(asset.name));
  const broll = [/hands typing/, /office hallway/, /coffee pour/]
    .map(byName)
    .filter((asset): asset is AssetRecord => asset !== undefined);
  const music = byName(/calm bed/);
  for (const asset of [...broll, ...(music ? [music] : [])])
    asset.linked_project_ids.push(projectId);
  const newId = (): string => `ti_${ctx.rng.hex(12)}`;
  const base = (layer: number, start: number, end: number) => ({
    id: newId(),
    layer_index: layer,
    start_seconds: start,
    end_seconds: end,
    effects: [],
  });

  // The cameras, cut halfway through the gap between one turn and the next.
  const cuts = timing.turns.map((turn, index) => {
    const next = timing.turns[index + 1];
    return next ? toFrame((turn.end + next.start) / 2) : timing.end;
  });
  const interview: TimelineItem[] = timing.turns.map((turn, index) => {
    const start = index === 0 ? 0 : cuts[index - 1]!;
    const end = cuts[index]!;
    const camera = cameras[turn.speaker];
    return {
      ...base(0, start, end),
      type: 'video',
      name: `${INTERVIEW_SPEAKERS[turn.speaker].name} (${turn.speaker})`,
      source_start_seconds: start,
      source_end_seconds: end,
      asset_id: camera.id,
      thumbnail_url: camera.thumbnail_url,
      text: null,
    };
  });

  // B-roll over the middle of three of the guest's longer answers, its own sound muted.
  const longAnswers = timing.turns
    .map((turn, index) => ({ turn, index }))
    .filter(({ turn }) => turn.speaker === 'guest' && turn.end - turn.start > 8);
  const brollItems: TimelineItem[] = [1, 3, 5]
    .map((n) => longAnswers[n])
    .filter((answer) => answer !== undefined)
    .map(({ turn }, n) => {
      const asset = broll[n % Math.max(1, broll.length)];
      const start = toFrame(turn.start + 2);
      const end = toFrame(Math.min(turn.end - 1, start + 4));
      return {
        ...base(1, start, end),
        type: 'video',
        name: asset ? asset.name.replace(/\.[a-z0-9]+$/i, '') : 'B-roll',
        source_start_seconds: 3,
        source_end_seconds: toFrame(3 + end - start),
        asset_id: asset?.id ?? null,
        thumbnail_url: asset?.thumbnail_url ?? null,
        text: null,
        audio: { volume_percent: 100, muted: true, fade_in_seconds: 0, fade_out_seconds: 0 },
      };
    });

  const titles: TimelineItem[] = [
    {
      ...base(2, 0.5, 5),
      type: 'text',
      name: 'Title: Building in Public',
      source_start_seconds: null,
      source_end_seconds: null,
      asset_id: null,
      thumbnail_url: null,
      text: 'Building in Public',
      text_style: { color: '#FFFFFF', font_family: 'Montserrat' },
    },
    {
      ...base(2, toFrame(timing.turns[1]!.start), toFrame(timing.turns[1]!.start + 4)),
      type: 'text',
      name: `Title: ${INTERVIEW_SPEAKERS.guest.name}, founder`,
      source_start_seconds: null,
      source_end_seconds: null,
      asset_id: null,
      thumbnail_url: null,
      text: `${INTERVIEW_SPEAKERS.guest.name}, founder`,
      text_style: { color: '#FACC15' },
    },
  ];

  // A caption item per phrase; a paragraph per turn.
  const captions: TimelineItem[] = [];
  const captionWords: CaptionWord[] = [];
  const phrases = new Map<number, TimedWord[]>();
  for (const word of timing.words)
    phrases.set(word.phrase, [...(phrases.get(word.phrase) ?? []), word]);
  for (const phrase of phrases.values()) {
    const first = phrase[0]!;
    const last = phrase.at(-1)!;
    const item: TimelineItem = {
      ...base(3, first.start, last.end),
      type: 'caption',
      name: `Caption ${captions.length + 1}`,
      source_start_seconds: null,
      source_end_seconds: null,
      asset_id: null,
      thumbnail_url: null,
      text: phrase.map((word) => word.text).join(' '),
    };
    captions.push(item);
    phrase.forEach((word, orderIndex) => {
      const emphasis = EMPHASIS.has(word.text.toLowerCase());
      captionWords.push({
        id: `cw_${ctx.rng.hex(16)}`,
        captionId: `cap_${item.id.slice(3)}`,
        timelineItemId: item.id,
        word: word.text,
        orderIndex,
        sequenceIndex: captionWords.length,
        paragraphIndex: word.turn,
        isEmphasis: emphasis,
        startUnits: Math.round(word.start * FPS),
        endUnits: Math.round(word.end * FPS),
        startSeconds: word.start,
        endSeconds: word.end,
        style: emphasis ? { isKeyword: true } : {},
      });
    });
  }

  // The music bed: under the opening, fading in, and under the closing, fading out.
  const lastTurns = timing.turns.slice(-3);
  const outroStart = toFrame(lastTurns[0]!.start - 1);
  const musicItems: TimelineItem[] = music
    ? [
        {
          ...base(4, 0, toFrame(timing.turns[2]!.start + 6)),
          type: 'audio',
          name: 'Music: calm bed (opening)',
          source_start_seconds: 0,
          source_end_seconds: toFrame(timing.turns[2]!.start + 6),
          asset_id: music.id,
          thumbnail_url: null,
          text: null,
          audio: { volume_percent: 45, muted: false, fade_in_seconds: 4, fade_out_seconds: 3 },
        },
        {
          ...base(4, outroStart, timing.end),
          type: 'audio',
          name: 'Music: calm bed (closing)',
          source_start_seconds: 30,
          source_end_seconds: toFrame(30 + timing.end - outroStart),
          asset_id: music.id,
          thumbnail_url: null,
          text: null,
          audio: { volume_percent: 45, muted: false, fade_in_seconds: 3, fade_out_seconds: 4 },
        },
      ]
    : [];

  const layers: LayerState[] = [
    { index: 0, name: 'Interview', kind: 'video', locked: false, items: interview },
    { index: 1, name: 'B-roll', kind: 'video', locked: false, items: brollItems },
    { index: 2, name: 'Titles', kind: 'text', locked: false, items: titles },
    { index: 3, name: 'Captions', kind: 'caption', locked: false, items: captions },
    { index: 4, name: 'Music', kind: 'audio', locked: false, items: musicItems },
  ];
  const created = isoAt(ctx, -0.5);
  return {
    project: {
      id: projectId,
      name: INTERVIEW_PROJECT_NAME,
      description: `${INTERVIEW_SPEAKERS.host.name} talks with ${INTERVIEW_SPEAKERS.guest.name} about sharing the real numbers: a talking-head cut to edit by its words.`,
      aspect_ratio: '9:16',
      status: 'editing',
      thumbnail_url: thumbnailDataUri(INTERVIEW_PROJECT_NAME),
      created_at: created,
      updated_at: created,
    },
    kind: 'edit',
    timeline: { revision: 1, fps: FPS, layers },
    captionWords,
    captionStyle: { settings: { ...captionSettings }, look_id: null, preset_id: null },
    exports: [],
    facelessRevisions: [],
  };
}
