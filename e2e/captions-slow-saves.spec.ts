/**
 * Caption saves on a slow link: a stack of its own (`npm start` on a free port) whose simulator
 * answers every caption request 400 ms late (SIM_LATENCY_MS=400, SIM_FAULT_PATHS=/captions/).
 * Twenty quick edits of one word raise no conflict and no 409, with one save in flight at a time;
 * a change made meanwhile in a second browser still raises the conflict banner.
 */
import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import type { CaptionWord } from '../src/api/schema.gen.ts';
import { freePort, startApp, stopApp } from './app-server.ts';
import { expect, signInWithDemo, test } from './fixtures.ts';

const PROJECT = 'AMA cutdown (ep 44)';
let app: ChildProcess | undefined;
let origin = '';

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const port = await freePort();
  origin = `http://localhost:${port}`;
  app = await startApp(port, {
    // Slower than a person's edits even when the browser is slow (each edit takes up to a
    // second on a loaded machine): edits made while a save is out must wait for it.
    SIM_LATENCY_MS: '1500',
    SIM_FAULT_PATHS: '/captions/',
    SESSION_SECRET: 'e2e-slow-saves-secret-0123456789abcdef',
  });
});

test.afterAll(() => stopApp(app));

/** Signs in (demo workspace) and opens the project's captions; returns its id. */
async function openCaptions(page: Page): Promise<string> {
  await signInWithDemo(page, `${origin}/projects`);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  const { projects } = (await (
    await page.request.get(`${origin}/api/v1/projects?limit=50`)
  ).json()) as { projects: Array<{ id: string; name: string }> };
  const projectId = projects.find((project) => project.name === PROJECT)!.id;
  await page.goto(`${origin}/projects/${projectId}/captions`);
  // The captions' reads are slow too (the latency is on every captions path).
  await expect(page.getByRole('list', { name: 'Caption words' })).toBeVisible({ timeout: 30_000 });
  return projectId;
}

async function wordsOf(page: Page, projectId: string): Promise<CaptionWord[]> {
  const body = (await (
    await page.request.get(`${origin}/api/v1/projects/${projectId}/captions/words?limit=500`)
  ).json()) as { words: CaptionWord[] };
  return body.words;
}

/** Selects the word (found by a search, as the list is virtualised). */
async function selectWord(page: Page, word: CaptionWord): Promise<void> {
  await page.getByLabel('Search words').fill(word.word);
  const row = page.locator(`[data-word-id="${word.id}"]`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.getByRole('button', { name: word.word, exact: true }).click();
  await expect(page.getByText(`Styling “${word.word}”`)).toBeVisible();
}

/** Caption word writes of the page: their statuses and how many were in flight at once. */
function watchWrites(page: Page) {
  const writes = { inFlight: 0, most: 0, statuses: [] as number[] };
  const isWrite = (method: string, url: string) =>
    method === 'PATCH' && /\/captions\/words(\?|$)/.test(url);
  page.on('request', (request) => {
    if (!isWrite(request.method(), request.url())) return;
    writes.inFlight += 1;
    writes.most = Math.max(writes.most, writes.inFlight);
  });
  const done = (request: { method(): string; url(): string }) => {
    if (isWrite(request.method(), request.url())) writes.inFlight -= 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (response) => {
    if (isWrite(response.request().method(), response.url()))
      writes.statuses.push(response.status());
  });
  return writes;
}

const saved = (page: Page) =>
  expect(page.getByRole('status', { name: 'Save status' })).toHaveText('All changes saved', {
    timeout: 30_000,
  });

const conflictBanner = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'Someone else changed these captions' });

async function setColour(page: Page, colour: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Colour (hex)', exact: true });
  await field.fill(colour);
  await field.press('Enter');
}

test('20 quick edits of a word on a slow link: no conflict, no 409; a second browser’s change still conflicts', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const projectId = await openCaptions(page);
  const words = await wordsOf(page, projectId);
  const word = words.find((candidate) => /^[A-Za-z]{4,}$/.test(candidate.word))!;
  await selectWord(page, word);
  const writes = watchWrites(page);

  const colours = Array.from(
    { length: 20 },
    (_, i) => `#${(0x203040 + i * 0x060504).toString(16)}`,
  );
  for (const colour of colours) await setColour(page, colour);
  await saved(page);
  expect(writes.statuses.filter((status) => status === 409)).toEqual([]);
  expect(writes.statuses.length).toBeGreaterThan(0);
  // Edits made while a save is out go together in the next one (coalesced), one at a time.
  expect(writes.statuses.length).toBeLessThan(colours.length);
  expect(writes.most).toBe(1);
  await expect(conflictBanner(page)).toHaveCount(0);
  const [stored] = (await wordsOf(page, projectId)).filter((w) => w.id === word.id);
  expect(stored?.style?.color).toBe(colours[19]);

  // A second browser changes the same word; this browser's next edit meets a real conflict.
  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await openCaptions(second);
    await selectWord(second, word);
    await second
      .getByRole('button', { name: 'Emphasise', exact: true })
      .or(second.getByRole('button', { name: 'Emphasised', exact: true }))
      .click();
    await saved(second);
  } finally {
    await other.close();
  }
  await setColour(page, '#3355ff');
  await expect(conflictBanner(page)).toContainText(`1 word changed (“${word.word}”)`, {
    timeout: 15_000,
  });
  await expect(conflictBanner(page)).toContainText('still applied');
  await saved(page);
  expect(writes.statuses.filter((status) => status === 409)).toHaveLength(1);
  const [after] = (await wordsOf(page, projectId)).filter((w) => w.id === word.id);
  expect(after).toMatchObject({ isEmphasis: !word.isEmphasis, style: { color: '#3355ff' } });
});
