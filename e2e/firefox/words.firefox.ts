/**
 * Firefox ESR smoke of editing by words: on the demo's interview, three words selected with a
 * click and Shift + →, cut with Delete and the review's Enter, then undone from the Words tools;
 * each step read back from the server's timeline and words. The Chromium spec (e2e/words.spec.ts)
 * covers the feature in depth; this finds what only Firefox does (selection, keys, the list box).
 */
import type { Browser, ElementHandle } from 'puppeteer-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { CaptionWord, Project, Timeline } from '../../src/api/schema.gen.ts';
import { eventually, FirefoxSession, launchFirefox, type Tab } from './harness.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let session: FirefoxSession | undefined;

beforeAll(async () => {
  browser = await launchFirefox();
});
afterAll(async () => {
  await session?.close();
  await browser?.close();
});

interface ServerState {
  timeline: Timeline;
  words: CaptionWord[];
}

async function onServer(tab: Tab, projectId: string): Promise<ServerState> {
  const timeline = await tab.api<Timeline>(`/projects/${projectId}/timeline`);
  const words: CaptionWord[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await tab.api<{ words: CaptionWord[]; pagination: { hasMore: boolean } }>(
      `/projects/${projectId}/captions/words?limit=500&offset=${offset}`,
    );
    words.push(...page.words);
    if (!page.pagination.hasMore) break;
  }
  return { timeline, words };
}

/** What an undo brings back: every item by layer, every word (revisions apart). */
const shape = (state: ServerState) => ({
  layers: state.timeline.layers.map((layer) => layer.items),
  words: state.words.map(({ revision: _revision, ...word }) => word),
});

/** The button of the Words tools with this text (the timeline's toolbar has its own Undo). */
async function wordsTool(tab: Tab, text: string): Promise<ElementHandle<HTMLButtonElement>> {
  const toolbar = await tab.page.waitForSelector('[role="toolbar"][aria-label="Words tools"]');
  for (const button of await toolbar!.$$('button'))
    if ((await button.evaluate((element) => element.textContent?.trim())) === text) return button;
  throw new Error(`no “${text}” in the Words tools`);
}

it('words: three words cut with the keyboard, and one undo brings timeline and words back', async () => {
  session = await FirefoxSession.open(browser, baseURL);
  const tab = await session.signIn();
  const { projects } = await tab.api<{ projects: Project[] }>('/projects?limit=50');
  const interview = projects.find((project) => project.name === 'Interview: Building in Public');
  expect(interview, 'the seeded interview').toBeDefined();
  const projectId = interview!.id;
  const before = await onServer(tab, projectId);
  const captions = new Set(
    before.timeline.layers
      .filter((layer) => layer.kind === 'caption')
      .flatMap((layer) => layer.items.map((item) => item.id)),
  );
  const spoken = before.words
    .filter((word) => captions.has(word.timelineItemId ?? ''))
    .sort((a, b) => a.startSeconds! - b.startSeconds!);
  const today = spoken.findIndex((word) => word.word === 'Today');
  expect(today, '“Today” in the interview').toBeGreaterThan(0);
  const cut = spoken.slice(today, today + 3).map((word) => word.id);

  await tab.goto(`/projects/${projectId}/words`);
  await tab.page.waitForSelector('[role="listbox"][aria-label^="Transcript"]', { visible: true });
  await tab.click('option', 'Today');
  await tab.page.keyboard.down('Shift');
  await tab.page.keyboard.press('ArrowRight');
  await tab.page.keyboard.press('ArrowRight');
  await tab.page.keyboard.up('Shift');
  await eventually(
    () => tab.page.evaluate(() => document.body.textContent ?? ''),
    (text) => expect(text).toContain('3 words selected'),
  );
  await tab.page.keyboard.press('Delete');
  await tab.find('region', 'Review the change');
  await tab.page.keyboard.press('Enter');

  const after = await eventually(
    () => onServer(tab, projectId),
    (state) => expect(state.timeline.revision).toBe(before.timeline.revision + 1),
  );
  const left = new Set(after.words.map((word) => word.id));
  for (const id of cut) expect(left.has(id), `word ${id} cut`).toBe(false);
  const next = after.words.find((word) => word.id === spoken[today + 3]!.id)!;
  expect(next.startSeconds!).toBeLessThan(spoken[today + 3]!.startSeconds! - 0.3);

  await (await wordsTool(tab, 'Undo')).click();
  const undone = await eventually(
    () => onServer(tab, projectId),
    (state) => expect(state.timeline.revision).toBe(before.timeline.revision + 2),
  );
  expect(shape(undone)).toEqual(shape(before));
  tab.expectNoErrors('a cut by words and its undo');
});
