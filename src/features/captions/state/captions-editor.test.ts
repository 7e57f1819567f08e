/**
 * The caption styler's editor headless (no React, no DOM) over the simulator's real handlers (msw
 * in Node): one batched request per gesture (chunked by 500), expected revisions, undo and redo,
 * conflicts named, unsaved changes kept across a failure and a reload, then reconciled and saved.
 */
import { QueryClient } from '@tanstack/query-core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '@mocks/handlers/create-handlers.ts';
import { DEMO_ORGS } from '@mocks/lib/auth.ts';
import { createSimulator } from '@mocks/simulator.ts';
import { seedCaptionTalk } from '@mocks/store/seed-captions.ts';
import { captionStyleQueryOptions } from '@/api/caption-queries.ts';
import { API_BASE_URL } from '@/api/client.ts';
import { captionWordsQueryOptions } from '@/api/caption-queries.ts';
import type { CaptionLook, CaptionStyleResponse, CaptionWord } from '@/api/schema.gen.ts';
import {
  applyLook,
  resetStyle,
  retime,
  selectAll,
  selectIds,
  setStyle,
  setText,
} from '../model/commands.ts';
import { outboxKey } from '../model/outbox.ts';
import { memoryStorage } from '@/test/memory-storage.ts';
import { createCaptionsEditor, type CaptionsEditor } from './captions-editor.ts';

// A project of more words than one request takes (the service allows 500 updates a request).
const LONG_TALK = 'Long talk: 1,200 caption words';
const simulator = createSimulator({
  seed: 5,
  seedPlugins: [
    ({ store, context }) =>
      seedCaptionTalk(context('long-talk'), store.workspace(DEMO_ORGS.paid), {
        name: LONG_TALK,
        description: '1,200 caption words.',
        wordCount: 1200,
      }),
  ],
});
const server = setupServer(
  ...createHandlers(simulator, API_BASE_URL, { defaultApiKey: 'vcs_test_demo_paid' }),
);
const requests: Array<{ method: string; path: string; body: unknown }> = [];
/** Writes in flight now and at most, and the status of every answered write. */
const writes = { inFlight: 0, most: 0, statuses: [] as number[] };
server.events.on('request:start', async ({ request }) => {
  if (request.method === 'PATCH') {
    writes.inFlight += 1;
    writes.most = Math.max(writes.most, writes.inFlight);
  }
  const body = request.method === 'PATCH' ? await request.clone().json() : undefined;
  requests.push({
    method: request.method,
    path: new URL(request.url).pathname.replace(/^.*\/projects\/[^/]+/, ''),
    body,
  });
});
server.events.on('response:mocked', ({ request, response }) => {
  if (request.method !== 'PATCH') return;
  writes.inFlight -= 1;
  writes.statuses.push(response.status);
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function projectIdOf(name: string): Promise<string> {
  const response = await fetch(`${API_BASE_URL}/projects?limit=50`);
  const { projects } = (await response.json()) as { projects: Array<{ id: string; name: string }> };
  return projects.find((project) => project.name === name)!.id;
}

async function open(name: string, storage: Storage = memoryStorage()) {
  const projectId = await projectIdOf(name);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const editor = createCaptionsEditor({
    projectId,
    queryClient,
    storage,
    wait: async () => undefined,
  });
  await Promise.all([
    queryClient.fetchQuery(captionWordsQueryOptions(projectId)),
    queryClient.fetchQuery(captionStyleQueryOptions(projectId)),
  ]);
  editor.outbox.keepOnDevice();
  editor.outbox.reconcileReturned();
  requests.length = 0;
  Object.assign(writes, { inFlight: 0, most: 0, statuses: [] });
  return { projectId, queryClient, editor, storage };
}

async function serverWords(projectId: string): Promise<CaptionWord[]> {
  const words: CaptionWord[] = [];
  for (let offset = 0; ; offset += 500) {
    const response = await fetch(
      `${API_BASE_URL}/projects/${projectId}/captions/words?limit=500&offset=${offset}`,
    );
    const page = (await response.json()) as {
      words: CaptionWord[];
      pagination: { hasMore: boolean };
    };
    words.push(...page.words);
    if (!page.pagination.hasMore) return words;
  }
}

const shown = (editor: CaptionsEditor, id: string) =>
  editor.document()!.words.words.find((word) => word.id === id)!;

async function settled(editor: CaptionsEditor, tries = 200): Promise<void> {
  for (let i = 0; i < tries; i += 1) {
    if (editor.getState().outbox.every((entry) => entry.status === 'unsaved') && !editor.isBusy())
      return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('The editor did not settle.');
}

describe('styling words', () => {
  it('styles all matches in one request with expected revisions; undo and redo', async () => {
    const { editor, projectId } = await open('Product launch teaser');
    const ids = editor
      .document()!
      .words.words.filter((word) => word.word.toLowerCase().includes('the'))
      .map((word) => word.id);
    expect(ids.length).toBeGreaterThan(1);
    editor.run(selectIds, { ids, what: 'matches of “the”' });
    editor.run(setStyle, { values: { style: { color: '#ff00aa' } }, what: 'colour' });
    // Shown at once, before the service answers.
    expect(shown(editor, ids[0]!).style?.color).toBe('#ff00aa');
    await settled(editor);
    const patches = requests.filter((request) => request.method === 'PATCH');
    expect(patches).toHaveLength(1);
    const body = patches[0]!.body as { updates: Array<{ expected_revision: number }> };
    expect(body.updates).toHaveLength(ids.length);
    expect(body.updates.every((update) => update.expected_revision >= 1)).toBe(true);
    const after = await serverWords(projectId);
    expect(
      ids.every((id) => after.find((word) => word.id === id)?.style?.color === '#ff00aa'),
    ).toBe(true);
    expect(editor.getState().history.past.map((entry) => entry.label)).toEqual([
      `Set colour on ${ids.length} words`,
    ]);
    await editor.undo();
    const undone = await serverWords(projectId);
    expect(undone.find((word) => word.id === ids[0])?.style?.color).not.toBe('#ff00aa');
    await editor.redo();
    expect((await serverWords(projectId)).find((word) => word.id === ids[0])?.style?.color).toBe(
      '#ff00aa',
    );
  });

  it('chunks a gesture over more than 500 words, as the service allows', async () => {
    const { editor, projectId } = await open(LONG_TALK);
    editor.run(selectAll, undefined);
    expect(editor.getState().selection.size).toBe(1200);
    editor.run(setStyle, {
      values: { style: { glowColor: '#00ffcc', glowBlurPx: 12 } },
      what: 'glow',
    });
    await settled(editor);
    const patches = requests.filter((request) => request.method === 'PATCH');
    expect(
      patches.map((request) => (request.body as { updates: unknown[] }).updates.length),
    ).toEqual([500, 500, 200]);
    expect(
      (await serverWords(projectId)).every((word) => word.style?.glowColor === '#00ffcc'),
    ).toBe(true);
    expect(editor.getState().history.past).toHaveLength(1);
  });

  it('fixes a text keeping its timing, retimes with the neighbour pushed, resets a style', async () => {
    const { editor, projectId } = await open('Founder story - episode 3');
    const words = editor.document()!.words.words;
    const at = words.findIndex(
      (word, i) => words[i + 1] && (words[i + 1]!.captionId ?? '') === (word.captionId ?? ''),
    );
    const [word, next] = [words[at]!, words[at + 1]!];
    editor.run(setText, { id: word.id, text: 'fixed' });
    await settled(editor);
    let after = (await serverWords(projectId)).find((candidate) => candidate.id === word.id)!;
    expect(after).toMatchObject({
      word: 'fixed',
      startSeconds: word.startSeconds,
      endSeconds: word.endSeconds,
    });
    editor.run(retime, { id: word.id, edge: 'end', seconds: next.startSeconds! + 0.1 });
    await settled(editor);
    const list = await serverWords(projectId);
    after = list.find((candidate) => candidate.id === word.id)!;
    expect(after.endSeconds).toBeCloseTo(next.startSeconds! + 0.1, 1);
    expect(list.find((candidate) => candidate.id === next.id)!.startSeconds).toBe(after.endSeconds);
    editor.run(selectIds, { ids: [word.id], what: 'one' });
    editor.run(resetStyle, undefined);
    await settled(editor);
    expect((await serverWords(projectId)).find((c) => c.id === word.id)!.style).toEqual({});
  });

  it('applies a Look (undoable)', async () => {
    const { editor, projectId, queryClient } = await open('Podcast highlights #41');
    const looks = (await (await fetch(`${API_BASE_URL}/caption-looks`)).json()) as {
      looks: Array<{ id: string; name: string; settings: Record<string, unknown> }>;
    };
    const look = looks.looks.find((candidate) => candidate.id === 'neon-glow')!;
    const before = queryClient.getQueryData<CaptionStyleResponse>(
      captionStyleQueryOptions(projectId).queryKey,
    )!;
    editor.run(applyLook, { look: look as never });
    await settled(editor);
    const style = async () =>
      (await (
        await fetch(`${API_BASE_URL}/projects/${projectId}/captions/style`)
      ).json()) as CaptionStyleResponse;
    expect((await style()).look_id).toBe('neon-glow');
    await editor.undo();
    expect(await style()).toMatchObject({ look_id: before.look_id, settings: before.settings });
  });
});

describe('the cascade: own fields, reset, and Looks over them', () => {
  const styleOf = async (projectId: string) =>
    (await (
      await fetch(`${API_BASE_URL}/projects/${projectId}/captions/style`)
    ).json()) as CaptionStyleResponse;

  it('the service keeps only a word’s own fields; reset clears exactly those, one undo step', async () => {
    const { editor, projectId } = await open('Webinar recap - March');
    const word = editor.document()!.words.words.find((candidate) => !candidate.style?.isKeyword)!;
    editor.run(selectIds, { ids: [word.id], what: 'one' });
    editor.run(setStyle, { values: { style: { color: '#00ff00' } }, what: 'colour' });
    editor.run(setStyle, { values: { style: { fontWeight: '900' } }, what: 'weight' });
    await settled(editor);
    const own = (await serverWords(projectId)).find((candidate) => candidate.id === word.id)!;
    expect(own.style).toEqual({ ...word.style, color: '#00ff00', fontWeight: '900' });
    editor.run(resetStyle, undefined);
    await settled(editor);
    const reset = (await serverWords(projectId)).find((candidate) => candidate.id === word.id)!;
    expect(reset.style).toEqual({});
    await editor.undo();
    const back = (await serverWords(projectId)).find((candidate) => candidate.id === word.id)!;
    expect(back.style).toEqual(own.style);
  });

  it('applies a Look clearing the fields words set themselves; undo puts both back', async () => {
    const { editor, projectId } = await open('Pricing explained in 45s');
    const looks = (await (await fetch(`${API_BASE_URL}/caption-looks`)).json()) as {
      looks: CaptionLook[];
    };
    const look = looks.looks.find((candidate) => candidate.id === 'neon-glow')!;
    const word = editor.document()!.words.words[0]!;
    editor.run(selectIds, { ids: [word.id], what: 'one' });
    editor.run(setStyle, { values: { style: { color: '#00ff00', rotationDeg: 5 } }, what: 'x' });
    await settled(editor);
    const before = await serverWords(projectId);
    const styleBefore = await styleOf(projectId);
    const overriding = before.filter((candidate) =>
      ['color', 'textGradientFrom'].some((key) => key in (candidate.style ?? {})),
    );
    expect(overriding.length).toBeGreaterThan(0);

    editor.run(applyLook, { look, clearOverrides: true });
    await settled(editor);
    expect((await styleOf(projectId)).look_id).toBe('neon-glow');
    const after = await serverWords(projectId);
    for (const candidate of after) {
      expect(candidate.style?.color).toBeUndefined();
      expect(candidate.style?.textGradientFrom).toBeUndefined();
    }
    // Fields the Look does not set stay the word's own.
    expect(after.find((candidate) => candidate.id === word.id)?.style).toEqual({
      rotationDeg: 5,
    });
    expect(editor.getState().history.past).toHaveLength(2);

    await editor.undo();
    expect(await styleOf(projectId)).toMatchObject({
      look_id: styleBefore.look_id,
      settings: styleBefore.settings,
    });
    const undone = await serverWords(projectId);
    expect(undone.map((candidate) => candidate.style)).toEqual(
      before.map((candidate) => candidate.style),
    );
  });
});

describe('conflicts and unsaved changes', () => {
  it('a word someone else changed is left as they set it, and named; the others are saved', async () => {
    const { editor, projectId } = await open('Customer testimonial - Lena');
    const [a, b, c] = editor.document()!.words.words;
    // Someone else colours b.
    await fetch(`${API_BASE_URL}/projects/${projectId}/captions/words`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ updates: [{ id: b!.id, style: { color: '#00ff00' } }] }),
    });
    editor.run(selectIds, { ids: [a!.id, b!.id, c!.id], what: 'three' });
    editor.run(setStyle, { values: { style: { color: '#0000ff' } }, what: 'colour' });
    await settled(editor);
    const after = await serverWords(projectId);
    const colour = (id: string) => after.find((word) => word.id === id)?.style?.color;
    expect([colour(a!.id), colour(b!.id), colour(c!.id)]).toEqual([
      '#0000ff',
      '#00ff00',
      '#0000ff',
    ]);
    expect(editor.getState().conflict?.changes).toContain(`“${b!.word}”`);
    expect(editor.getState().notice?.detail).toBe(`Left as someone else set it: “${b!.word}”.`);
    expect(shown(editor, b!.id).style?.color).toBe('#00ff00');
  });

  it('keeps a change whose save failed, across a reload, then reconciles and saves it', async () => {
    const storage = memoryStorage();
    const first = await open('Hiring slow, firing fast (ep 42)', storage);
    const word = first.editor.document()!.words.words[2]!;
    server.use(
      http.patch(`${API_BASE_URL}/projects/:projectId/captions/words`, () => HttpResponse.error()),
    );
    first.editor.run(selectIds, { ids: [word.id], what: 'one' });
    first.editor.run(setStyle, { values: { style: { color: '#abcdef' } }, what: 'colour' });
    await settled(first.editor);
    expect(first.editor.getState().saveHeld).toBe('failed');
    expect(first.editor.getState().outbox.map((entry) => entry.status)).toEqual(['unsaved']);
    expect(shown(first.editor, word.id).style?.color).toBe('#abcdef');
    expect(first.editor.getState().notice?.title).toBe('Not saved yet');
    expect(storage.getItem(outboxKey(first.projectId))).toContain('#abcdef');
    // A second change waits behind it (in order), unsaved too.
    first.editor.run(setStyle, { values: { style: { fontWeight: '900' } }, what: 'weight' });
    await settled(first.editor);
    expect(first.editor.getState().outbox).toHaveLength(2);

    server.resetHandlers();
    // The page is opened again: the changes are back, unsaved, until saved.
    const second = await open('Hiring slow, firing fast (ep 42)', storage);
    expect(second.editor.getState().saveHeld).toBe('returned');
    expect(second.editor.getState().returned).toEqual({ alreadySaved: 0, changedElsewhere: [] });
    expect(shown(second.editor, word.id).style).toMatchObject({
      color: '#abcdef',
      fontWeight: '900',
    });
    await second.editor.outbox.saveUnsaved();
    expect(second.editor.getState().outbox).toEqual([]);
    expect(storage.getItem(outboxKey(second.projectId))).toBeNull();
    const saved = (await serverWords(second.projectId)).find(
      (candidate) => candidate.id === word.id,
    );
    expect(saved?.style).toMatchObject({ color: '#abcdef', fontWeight: '900' });
  });

  it('undo takes back an unsaved change without the service', async () => {
    const { editor } = await open('Pricing explained in 45s');
    const word = editor.document()!.words.words[0]!;
    server.use(
      http.patch(`${API_BASE_URL}/projects/:projectId/captions/words`, () =>
        HttpResponse.json(
          { error: { code: 'internal_error', message: 'down', param: null, doc_url: '' } },
          { status: 500 },
        ),
      ),
    );
    editor.run(selectIds, { ids: [word.id], what: 'one' });
    editor.run(setStyle, { values: { style: { color: '#123123' } }, what: 'colour' });
    await settled(editor);
    requests.length = 0;
    await editor.undo();
    expect(editor.getState().outbox).toEqual([]);
    expect(shown(editor, word.id).style?.color).toBe(word.style?.color);
    expect(requests).toEqual([]);
  });
});

describe('saves on a slow link (400 ms a request)', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  afterEach(() => simulator.setFaults({}));

  it('20 quick edits of one word: no 409, one request in flight, the last value kept, 20 undo steps', async () => {
    const { editor, projectId } = await open('Webinar recap - March');
    const word = editor.document()!.words.words[1]!;
    simulator.setFaults({ latencyMs: 400, paths: '/captions/' });
    editor.run(selectIds, { ids: [word.id], what: 'one' });
    const colours = Array.from(
      { length: 20 },
      (_, i) => `#${(0x102030 + i * 0x050607).toString(16)}`,
    );
    for (const color of colours) {
      editor.run(setStyle, { values: { style: { color } }, what: 'colour' });
      await sleep(25);
    }
    // Shown at once, whatever is in flight.
    expect(shown(editor, word.id).style?.color).toBe(colours[19]);
    await settled(editor, 2000);
    expect(writes.statuses.filter((status) => status === 409)).toEqual([]);
    expect(writes.statuses.every((status) => status === 200)).toBe(true);
    expect(writes.most).toBe(1);
    // Coalesced: the edits made while a save was in flight went out together.
    expect(writes.statuses.length).toBeLessThan(5);
    expect(editor.getState().conflict).toBeNull();
    const saved = (await serverWords(projectId)).find((candidate) => candidate.id === word.id);
    expect(saved?.style?.color).toBe(colours[19]);
    // Each edit is its own undo step; undoing goes back one edit at a time, without a conflict.
    expect(editor.getState().history.past).toHaveLength(20);
    await editor.undo();
    await editor.undo();
    expect(editor.getState().conflict).toBeNull();
    expect(writes.statuses.filter((status) => status === 409)).toEqual([]);
    const undone = (await serverWords(projectId)).find((candidate) => candidate.id === word.id);
    expect(undone?.style?.color).toBe(colours[17]);
  });

  it('an edit made while the previous save of the word is in flight is sent at the revision that save produced', async () => {
    const { editor, projectId } = await open('Dashboard tour short');
    const word = editor.document()!.words.words[0]!;
    simulator.setFaults({ latencyMs: 400, paths: '/captions/' });
    editor.run(selectIds, { ids: [word.id], what: 'one' });
    editor.run(setStyle, { values: { style: { color: '#111111' } }, what: 'colour' });
    await sleep(100);
    editor.run(setStyle, { values: { style: { fontWeight: '900' } }, what: 'weight' });
    await settled(editor, 2000);
    const patches = requests.filter((request) => request.method === 'PATCH');
    const sent = patches.map(
      (request) =>
        (request.body as { updates: Array<{ expected_revision: number }> }).updates[0]!
          .expected_revision,
    );
    expect(sent).toEqual([word.revision, word.revision! + 1]);
    expect(writes.statuses).toEqual([200, 200]);
    const saved = (await serverWords(projectId)).find((candidate) => candidate.id === word.id);
    expect(saved?.style).toMatchObject({ color: '#111111', fontWeight: '900' });
  });

  it('a change someone else made meanwhile is still a conflict, reported', async () => {
    const { editor, projectId } = await open('Behind the scenes - studio day');
    const word = editor.document()!.words.words[2]!;
    simulator.setFaults({ latencyMs: 400, paths: '/captions/' });
    editor.run(selectIds, { ids: [word.id], what: 'one' });
    editor.run(setStyle, { values: { style: { color: '#222222' } }, what: 'colour' });
    // Another client emphasises the word while this browser's save is in flight.
    await sleep(50);
    const other = fetch(`${API_BASE_URL}/projects/${projectId}/captions/words`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ updates: [{ id: word.id, isEmphasis: !word.isEmphasis }] }),
    });
    await sleep(50);
    editor.run(setStyle, { values: { style: { fontWeight: '900' } }, what: 'weight' });
    expect((await other).status).toBe(200);
    await settled(editor, 2000);
    expect(writes.statuses).toContain(409);
    expect(editor.getState().conflict?.changes).toContain(`“${word.word}”`);
    const saved = (await serverWords(projectId)).find((candidate) => candidate.id === word.id);
    expect(saved).toMatchObject({
      isEmphasis: !word.isEmphasis,
      style: { color: '#222222', fontWeight: '900' },
    });
  });
});
