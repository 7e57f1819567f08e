/**
 * The Words editor headless (no React, no DOM) over the simulator's real handlers (msw in Node):
 * a cut checked by the batch's dry run and held for review, then one request at the revision;
 * the server's timeline and words as the plan said; one undo bringing them back exactly; a stale
 * revision planned again; a locked layer refused before any request; a clean-up in one request; a
 * cut restored later from its cut list entry.
 */
import { QueryClient } from '@tanstack/query-core';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '@mocks/handlers/create-handlers.ts';
import { createSimulator } from '@mocks/simulator.ts';
import { fetchAllWords } from '@/api/caption-queries.ts';
import { API_BASE_URL } from '@/api/client.ts';
import { timelineQueryOptions, postTimelineBatch } from '@/api/timeline.ts';
import { captionWordsQueryOptions } from '@/api/caption-queries.ts';
import type { Timeline } from '@/api/schema.gen.ts';
import { cleanUpTargets, DEFAULT_CLEAN_UP, findOccurrences } from '../model/clean-up.ts';
import type { CutRecord } from '../model/cut-record.ts';
import { transcriptOf, type WordsDocument } from '../model/transcript.ts';
import { planChange, type WordsChange } from '../model/words-change.ts';
import { createWordsEditor, type WordsEditor, type WordsReview } from './create-words-editor.ts';

const simulator = createSimulator({ seed: 11 });
const server = setupServer(
  ...createHandlers(simulator, API_BASE_URL, { defaultApiKey: 'vcs_test_demo_paid' }),
);
const requests: string[] = [];
server.events.on('request:start', ({ request }) => {
  void request
    .clone()
    .text()
    .then(() => undefined);
  requests.push(
    `${request.method} ${new URL(request.url).pathname.replace(/^.*\/projects\/[^/]+/, '')}`,
  );
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  requests.length = 0;
});

let queryClient: QueryClient;
let editor: WordsEditor;
let projectId: string;
let applied: Array<{ change: WordsChange; adds: CutRecord[]; removes: string[] }>;

async function open(name: string): Promise<WordsDocument> {
  const response = await fetch(`${API_BASE_URL}/projects?limit=50`);
  const { projects } = (await response.json()) as { projects: Array<{ id: string; name: string }> };
  projectId = projects.find((project) => project.name === name)!.id;
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  applied = [];
  editor = createWordsEditor({
    projectId,
    queryClient,
    onApplied: (change, planned) =>
      applied.push({ change, adds: planned.adds, removes: planned.removes }),
    wait: () => Promise.resolve(),
  });
  const [timeline, words] = await Promise.all([
    queryClient.fetchQuery(timelineQueryOptions(projectId)),
    queryClient.fetchQuery(captionWordsQueryOptions(projectId)),
  ]);
  requests.length = 0;
  return { timeline, words };
}

/** The server's timeline and words now, read without the editor. */
async function onServer(): Promise<WordsDocument> {
  const response = await fetch(`${API_BASE_URL}/projects/${projectId}/timeline`);
  const timeline = (await response.json()) as Timeline;
  return { timeline, words: await fetchAllWords(projectId) };
}

/** What must be equal: every item by layer, every word in list order (revisions apart). */
const shape = (doc: WordsDocument) => ({
  layers: doc.timeline.layers.map((layer) => [layer.name, layer.items]),
  words: doc.words.words.map(({ revision: _revision, ...word }) => word),
});
const cached = () => editor.document()!;

function selectWords(first: number, last: number): void {
  const { words } = transcriptOf(cached());
  editor.setState({ anchor: words[first]!.id, focus: words[last]!.id });
}

async function cutHeld(): Promise<WordsReview> {
  const outcome = editor.run(editor.command('cut'), undefined);
  expect(outcome.type).toBe('change');
  await waitUntil(() => editor.pendingReview() !== null);
  return editor.pendingReview()!.answer as WordsReview;
}

async function waitUntil(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

describe('a cut made by words', () => {
  it('is checked by a dry run, applied as one batch at the revision, and undone exactly', async () => {
    const before = await open('Interview: Building in Public');
    const transcript = transcriptOf(before);
    // The second sentence: "Today I'm talking with Marco Diaz, who builds his company in public."
    const first = transcript.words.findIndex((word) => word.word === 'Today');
    const last = transcript.words.findIndex((word) => word.word === 'public.');
    selectWords(first, last);

    const review = await cutHeld();
    expect(requests).toEqual(['POST /timeline/operations/batch']);
    expect(review.preview).toMatchObject({ success: true, applied: false, dry_run: true });
    expect(review.planned.counts.wordsRemoved).toBe(last - first + 1);
    expect(review.planned.counts.split).toBeGreaterThan(0);
    expect(review.preview!.results.reduce((sum, r) => sum + r.removed_caption_word_count, 0)).toBe(
      last - first + 1,
    );

    requests.length = 0;
    const outcome = await editor.resolveReview(true)!;
    expect(outcome.status).toBe('applied');
    expect(requests).toEqual(['POST /timeline/operations/batch']);
    const cut = await onServer();
    expect(cut.timeline.revision).toBe(before.timeline.revision + 1);
    expect(shape(cached())).toEqual(shape(cut));
    // Exactly the stretch is gone: the word after starts where the padding after the word before
    // ends, everything after moved left by the stretch, styles kept.
    const stretch = review.planned.stretches[0]!;
    const length = stretch.end - stretch.start;
    const next = transcript.words[last + 1]!;
    const moved = cut.words.words.find((word) => word.id === next.id)!;
    expect(moved.startSeconds).toBeCloseTo(next.startSeconds! - length, 2);
    expect(moved.style).toEqual(next.style);
    expect(cut.words.words.some((word) => word.id === transcript.words[first]!.id)).toBe(false);
    expect(applied.at(-1)!.adds).toHaveLength(1);
    expect(applied.at(-1)!.adds[0]!.text).toContain('Marco Diaz');

    requests.length = 0;
    const undo = await editor.undo();
    expect(undo?.status).toBe('applied');
    expect(requests).toEqual(['POST /timeline/operations/batch']);
    const back = await onServer();
    expect(shape(back)).toEqual(shape(before));
    expect(shape(cached())).toEqual(shape(back));
    expect(applied.at(-1)!.removes).toEqual([applied.at(-2)!.adds[0]!.id]);

    // Redo cuts the same words again (the parts it splits off get new ids).
    const redo = await editor.redo();
    expect(redo?.status).toBe('applied');
    const withoutIds = (doc: WordsDocument) => ({
      layers: doc.timeline.layers.map((layer) => layer.items.map(({ id: _id, ...item }) => item)),
      words: shape(doc).words,
    });
    expect(withoutIds(await onServer())).toEqual(withoutIds(cut));
  });

  it('plans a stale cut again on the new revision instead of sending it blind', async () => {
    const before = await open('Interview: Building in Public');
    const transcript = transcriptOf(before);
    const at = transcript.words.findIndex((word) => word.word === 'Um,');
    const um = transcript.words[at]!.id;
    selectWords(at, at);
    const outcome = editor.run(editor.command('cut'), undefined);
    expect(outcome.type).toBe('change');
    await waitUntil(() => editor.pendingReview() !== null);
    // Someone else moves the closing music meanwhile.
    const music = before.timeline.layers.find((layer) => layer.name === 'Music')!.items.at(-1)!;
    await postTimelineBatch(
      projectId,
      [
        {
          operation_id: 'timeline.item.move',
          timeline_item_id: music.id,
          new_start_seconds: music.start_seconds + 1,
        },
      ],
      before.timeline.revision,
    );
    requests.length = 0;
    const result = await editor.resolveReview(true)!;
    expect(result.status).toBe('applied');
    expect(requests).toEqual([
      'POST /timeline/operations/batch',
      'GET /timeline',
      'GET /captions/words',
      'POST /timeline/operations/batch',
    ]);
    expect(editor.getState().conflict).toMatchObject({ reapplied: true });
    const now = await onServer();
    expect(now.timeline.revision).toBe(before.timeline.revision + 2);
    expect(now.words.words.some((word) => word.id === um)).toBe(false);
    expect(shape(cached())).toEqual(shape(now));
  });
});

describe('a cut over a locked layer', () => {
  it('is refused before any request, naming the layer and the item, and goes on without it when asked', async () => {
    await open('Product launch teaser');
    selectWords(3, 5);
    const outcome = editor.run(editor.command('cut'), undefined);
    expect(outcome.type).toBe('state');
    expect(requests).toEqual([]);
    const prompt = editor.getState().lockedPrompt!;
    expect(prompt.locked[0]).toMatchObject({
      layerName: 'Brand watermark (locked)',
      itemName: 'Logo watermark',
    });
    expect(editor.getState().announcement).toMatch(
      /“Logo watermark” on the locked layer “Brand watermark \(locked\)”/,
    );

    const change = prompt.change as Extract<WordsChange, { kind: 'cut' }>;
    void editor.submit(prompt.label, { ...change, skipLayers: [prompt.locked[0]!.layerIndex] });
    await waitUntil(() => editor.pendingReview() !== null);
    const review = editor.pendingReview()!.answer as WordsReview;
    expect(review.preview?.success).toBe(true);
    expect(review.planned.leaves[0]).toMatch(
      /“Logo watermark” on “Brand watermark \(locked\)” stays as it is/,
    );
  });
});

describe('a clean-up', () => {
  it('removes the ticked fillers and shortens the pauses in one request and one undo step', async () => {
    const before = await open('Interview: Building in Public');
    const transcript = transcriptOf(before);
    const found = findOccurrences(transcript, DEFAULT_CLEAN_UP);
    expect(found.fillers).toBeGreaterThan(10);
    expect(found.pauses).toBeGreaterThan(3);
    const kept = found.occurrences.find((o) => o.kind === 'filler')!;
    const ticked = new Set(found.occurrences.map((o) => o.key).filter((key) => key !== kept.key));
    const change: WordsChange = {
      kind: 'cut',
      label: 'Clean up',
      targets: cleanUpTargets(transcript, found.occurrences, ticked, DEFAULT_CLEAN_UP, 0.05),
      skipLayers: [],
    };
    expect(planChange(before, change).problem).toBeNull();
    requests.length = 0;
    const outcome = await editor.commit('Clean up', change);
    expect(outcome.status).toBe('applied');
    expect(requests).toEqual(['POST /timeline/operations/batch']);
    const after = await onServer();
    expect(shape(cached())).toEqual(shape(after));
    const again = findOccurrences(transcriptOf(after), DEFAULT_CLEAN_UP);
    expect(again.occurrences.map((o) => o.key)).toEqual([kept.key]);
    expect(editor.getState().history.past).toHaveLength(1);

    await editor.undo();
    expect(shape(await onServer())).toEqual(shape(before));
  });
});

describe('a cut restored from the cut list', () => {
  it('puts the source time back at its place and moves what follows right, after another cut', async () => {
    const before = await open('Interview: Building in Public');
    const transcript = transcriptOf(before);
    const welcome = transcript.words.findIndex((word) => word.word === 'Thanks');
    selectWords(welcome, welcome + 3);
    await cutHeld();
    await editor.resolveReview(true);
    const record = applied.at(-1)!.adds[0]!;
    const later = transcript.words.findIndex((word) => word.word === 'Hmm,');
    selectWords(later, later);
    await cutHeld();
    await editor.resolveReview(true);
    const bothCut = await onServer();

    void editor.submit('Restore “Thanks for having me.”', {
      kind: 'restore',
      label: 'Restore “Thanks for having me.”',
      records: [record],
      skipLayers: [],
    });
    await waitUntil(() => editor.pendingReview() !== null);
    const review = editor.pendingReview()!.answer as WordsReview;
    expect(review.preview?.success).toBe(true);
    expect((await editor.resolveReview(true))!.status).toBe('applied');
    const restored = await onServer();
    expect(shape(cached())).toEqual(shape(restored));
    // The words are back, at their place, and what follows moved right by the cut's length.
    const back = transcriptOf(restored);
    for (const word of transcript.words.slice(welcome, welcome + 4))
      expect(back.positionOf.has(word.id)).toBe(true);
    const after = transcript.words[welcome + 4]!;
    const wasAt = bothCut.words.words.find((word) => word.id === after.id)!.startSeconds!;
    const nowAt = restored.words.words.find((word) => word.id === after.id)!.startSeconds!;
    expect(nowAt - wasAt).toBeCloseTo(record.seconds, 2);
    expect(applied.at(-1)!.removes).toEqual([record.id]);
  });
});
