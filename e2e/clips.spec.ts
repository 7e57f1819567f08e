import type { Page } from '@playwright/test';
import { clipFailureFor } from '../mocks/rules/clip-pipeline.ts';
import type { ClipFailure } from '../mocks/store/clip-factory.ts';
import { expect, expectAccessible, signInWithDemo, test } from './fixtures.ts';

/**
 * The clip library against `npm start` (BFF + simulator). Specs create the clips they change
 * (the simulator decides a clip's ending from its source, so a video id picks the ending) and
 * read only seeded clips nobody else changes; counts are never assumed.
 */

/**
 * A video id whose clips end the way `wanted` says (null: exported). Fresh per run. A `slow` one
 * walks 4× slower (playwright.config.ts sets SIM_CLIP_SLOW), so each state stays on screen for
 * seconds even on a loaded machine.
 */
function videoIdFor(wanted: ClipFailure | null, pace: 'normal' | 'slow' = 'normal'): string {
  const prefix = `e2e${pace === 'slow' ? 'slow' : ''}${Date.now().toString(36).slice(-5)}`;
  for (let i = 0; i < 100_000; i += 1) {
    const id = `${prefix}${i}`;
    if (clipFailureFor({ key: id }) === wanted) return id;
  }
  throw new Error(`no video id for ${String(wanted)}`);
}

const SHARE_ASSET = 'Podcast ep 41 - Growth loops.mp4';
/** A seeded project that is not the newest (other specs open the first project). */
const CLIP_PROJECT = 'Pricing explained in 45s';

const clipStatus = (page: Page) => page.getByRole('status', { name: 'Clip status' });

async function createClipFromUrl(page: Page, videoId: string): Promise<void> {
  await page.getByRole('button', { name: 'New clip' }).first().click();
  const panel = page.getByRole('region', { name: 'New clip' });
  await panel
    .getByRole('textbox', { name: 'Video address' })
    .fill(`https://www.youtube.com/watch?v=${videoId}`);
  await panel.getByRole('button', { name: 'Preview' }).click();
  const preview = panel.getByRole('region', { name: 'Source preview' });
  await expect(preview).toBeVisible();
  await panel
    .getByRole('combobox', { name: 'Add to project' })
    .selectOption({ label: CLIP_PROJECT });
  await panel.getByRole('button', { name: 'Create clip' }).click();
  await expect(page).toHaveURL(/\/clips\/[0-9a-f-]{36}$/);
}

/** Records every status the clip's badge shows, and marks the document to detect a reload. */
async function recordStatuses(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __seen: string[]; __sameDocument: boolean };
    w.__seen = [];
    w.__sameDocument = true;
    const note = () => {
      const status = document
        .querySelector('[aria-label="Clip status"]')
        ?.getAttribute('data-status');
      if (status && w.__seen.at(-1) !== status) w.__seen.push(status);
    };
    note();
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-status'],
    });
  });
}

const seenStatuses = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __seen?: string[]; __sameDocument?: boolean };
    return { seen: w.__seen ?? [], sameDocument: w.__sameDocument === true };
  });

test.describe('clip library', () => {
  // Sign-in, a few round trips through the BFF and an axe pass: slow on a loaded machine.
  test.describe.configure({ timeout: 60_000 });

  test('filters by two statuses, and the filtered view survives a reload', async ({ page }) => {
    await signInWithDemo(page, '/clips');
    const list = page.getByRole('list', { name: 'Clips' });
    // Often the run's first screen after sign-in: the route's chunk and data come cold.
    await expect(list).toBeVisible({ timeout: 20_000 });
    await page.getByRole('checkbox', { name: /^Failed \(\d+\+?\)$/ }).check();
    await page.getByRole('checkbox', { name: /^Needs repair \(\d+\+?\)$/ }).check();
    await expect(page).toHaveURL(/status=/);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /clips? needs? repair or failed, in pipeline order/ }),
    ).toBeVisible();
    const cards = list.getByRole('article');
    await expect(cards.first()).toBeVisible();
    const check = async () => {
      await expect(list).toHaveAttribute('data-fresh', 'true');
      for (const text of await cards.allTextContents()) {
        expect(text).toMatch(/Failed|Needs repair/);
      }
    };
    await check();
    const before = await cards.allTextContents();

    await page.reload();
    await expect(page.getByRole('checkbox', { name: /^Failed / })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /^Needs repair / })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /^Ready / })).not.toBeChecked();
    await check();
    expect(await cards.allTextContents()).toEqual(before);
    await expectAccessible(page);
  });

  test('pages through the list by its bounds', async ({ page }) => {
    await signInWithDemo(page, '/clips?limit=12');
    const list = page.getByRole('list', { name: 'Clips' });
    await expect(list.getByRole('article')).toHaveCount(12);
    await expect(page.getByText(/Showing 1–12 of \d+/)).toBeVisible();
    const firstPage = await list.getByRole('heading').allTextContents();

    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/offset=12/);
    await expect(page.getByText(/Showing 13–\d+ of \d+/)).toBeVisible();
    await expect(list).toHaveAttribute('data-offset', '12');
    const secondPage = await list.getByRole('heading').allTextContents();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage).not.toEqual(firstPage.slice(0, secondPage.length));

    await page.getByRole('link', { name: 'Previous page' }).click();
    await expect(page.getByText(/Showing 1–12 of/)).toBeVisible();
  });

  test('draws a source with its clips, sorted by position and by score', async ({ page }) => {
    await signInWithDemo(page, '/clips');
    await page.getByRole('combobox', { name: 'Source asset' }).selectOption({ label: SHARE_ASSET });
    await page.getByRole('button', { name: 'By source' }).click();
    await expect(page.getByRole('button', { name: 'By source' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const section = page.getByRole('region', { name: SHARE_ASSET });
    await expect(section.getByRole('img', { name: /Clips of .* on a bar/ })).toBeVisible();

    const byPosition = section.getByRole('list', { name: /in the order they occur/ });
    await expect(byPosition).toBeVisible();
    const starts = (await byPosition.getByRole('listitem').allTextContents())
      .map((row) => /(\d+):(\d\d)–/.exec(row))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => Number(match[1]) * 60 + Number(match[2]));
    expect(starts.length).toBeGreaterThan(2);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));

    await page.getByRole('combobox', { name: 'Order clips by' }).selectOption('score');
    await expect(page).toHaveURL(/sort=score/);
    const byScore = section.getByRole('list', { name: /by score, best first/ });
    await expect(byScore).toBeVisible();
    const scores = (await byScore.getByRole('listitem').allTextContents())
      .map((row) => /score (\d\.\d\d)/.exec(row)?.[1])
      .filter((score): score is string => score !== undefined)
      .map(Number);
    expect(scores.length).toBeGreaterThan(2);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    await expectAccessible(page);
  });

  test('creates a clip from a video address after previewing it', async ({ page }) => {
    await signInWithDemo(page, '/clips');
    await page.getByRole('button', { name: 'New clip' }).first().click();
    const panel = page.getByRole('region', { name: 'New clip' });
    const videoId = videoIdFor(null);
    await panel.getByRole('textbox', { name: 'Video address' }).fill(`youtu.be/${videoId}`);
    await panel.getByRole('button', { name: 'Preview' }).click();
    const preview = panel.getByRole('region', { name: 'Source preview' });
    for (const label of ['Channel', 'Duration', 'Size', 'Frame rate', 'Qualities']) {
      await expect(preview.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(preview.getByText('1920 × 1080')).toBeVisible();
    await expectAccessible(page);
    await panel
      .getByRole('combobox', { name: 'Add to project' })
      .selectOption({ label: CLIP_PROJECT });
    await panel.getByRole('button', { name: 'Create clip' }).click();
    await expect(page).toHaveURL(/\/clips\/[0-9a-f-]{36}$/);
    await expect(clipStatus(page)).toBeVisible();
    await expect(page.getByText(`https://www.youtube.com/watch?v=${videoId}`)).toBeVisible();
    await expect(page.getByRole('link', { name: CLIP_PROJECT })).toBeVisible();
  });

  test('refuses a malformed address before asking, and an unknown video after', async ({
    page,
  }) => {
    await signInWithDemo(page, '/clips');
    const previews: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/clips/source-preview')) previews.push(request.url());
    });
    await page.getByRole('button', { name: 'New clip' }).first().click();
    const panel = page.getByRole('region', { name: 'New clip' });
    const address = panel.getByRole('textbox', { name: 'Video address' });

    await address.fill('https://vimeo.com/76979871');
    await panel.getByRole('button', { name: 'Preview' }).click();
    await expect(
      panel.getByText(/Clips can be cut from youtube\.com and youtu\.be videos/),
    ).toBeVisible();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(address).toBeFocused();
    await address.fill('https://www.youtube.com/feed/trending');
    await panel.getByRole('button', { name: 'Preview' }).click();
    await expect(panel.getByText(/does not point at one video/)).toBeVisible();
    expect(previews).toEqual([]);

    await address.fill('https://www.youtube.com/watch?v=missing12345');
    await panel.getByRole('button', { name: 'Preview' }).click();
    const alert = panel.getByRole('alert');
    await expect(alert).toContainText('No public video at this address');
    await expect(alert).toContainText('missing12345');
    expect(previews).toHaveLength(1);
    await expect(panel.getByRole('button', { name: 'Create clip' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a clip moves from assembling to ready on screen, without a reload', async ({ page }) => {
    test.setTimeout(90_000);
    await signInWithDemo(page, '/clips');
    await expect(page.getByRole('list', { name: 'Clips' })).toBeVisible();
    // Recording starts before the clip exists (the app navigates to it without a reload), so
    // a slow first render of the clip cannot hide its early steps.
    await recordStatuses(page);
    // Slow: assembling lasts 4 s and ready 6 s, so a loaded machine cannot skip past either.
    await createClipFromUrl(page, videoIdFor(null, 'slow'));
    await expect
      .poll(async () => (await seenStatuses(page)).seen, { timeout: 60_000 })
      .toEqual(expect.arrayContaining(['assembling', 'ready']));
    const { seen, sameDocument } = await seenStatuses(page);
    expect(seen.indexOf('ready')).toBeGreaterThan(seen.indexOf('assembling'));
    expect(sameDocument).toBe(true);
    await expect(
      page.getByRole('list', { name: 'Pipeline' }).getByText('Ready: done'),
    ).toBeAttached({
      timeout: 20_000,
    });
  });

  test('with the event stream down, polling alone moves a clip on screen', async ({ page }) => {
    test.setTimeout(90_000);
    // No live events at all: the app must fall back to polling the clip lists once, with back-off.
    await page.route('**/bff/events', (route) => route.abort());
    await signInWithDemo(page, '/clips');
    await expect(page.getByRole('status').filter({ hasText: /Polling every \d+ s/ })).toBeVisible({
      timeout: 15_000,
    });
    await recordStatuses(page);
    await createClipFromUrl(page, videoIdFor(null));
    await expect(clipStatus(page)).toHaveAttribute('data-status', 'exported', { timeout: 60_000 });
    const { seen, sameDocument } = await seenStatuses(page);
    // It was shown working first, then the poll brought its finished state in, in one document.
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe('exported');
    expect(sameDocument).toBe(true);
  });

  test('asks for short suggestions of a media asset, follows the run, and cuts a clip from it', async ({
    page,
  }) => {
    // A run, an axe pass and a clip created: as many round trips as the retry spec.
    test.setTimeout(90_000);
    await signInWithDemo(page, '/clips');
    await page.getByRole('button', { name: 'New clip' }).first().click();
    const panel = page.getByRole('region', { name: 'New clip' });
    await panel.getByRole('radio', { name: 'From a media asset' }).check();
    const assetSelect = panel.getByRole('combobox', { name: 'Media asset' });

    // Nothing chosen: said on the field, nothing sent.
    await panel.getByRole('button', { name: 'Ask for short suggestions' }).click();
    await expect(panel.getByText('Choose the media asset to cut the clip from.')).toBeVisible();
    await expect(assetSelect).toBeFocused();

    const videos = (await assetSelect.getByRole('option').allTextContents()).filter((name) =>
      name.endsWith('.mp4'),
    );
    const asset = videos[0] ?? '';
    expect(asset).not.toBe('');
    await assetSelect.selectOption({ label: asset });
    await panel.getByRole('button', { name: 'Ask for short suggestions' }).click();
    const run = panel.getByRole('region', { name: 'Short suggestions' });
    const moments = run.getByRole('list', { name: 'Suggested moments, best first' });
    await expect(moments).toBeVisible({ timeout: 20_000 });
    const scores = (await moments.getByRole('listitem').allTextContents())
      .map((row) => /score (\d\.\d\d)/.exec(row)?.[1])
      .filter((score): score is string => score !== undefined)
      .map(Number);
    expect(scores.length).toBeGreaterThan(0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    await expectAccessible(page);

    await panel
      .getByRole('combobox', { name: 'Add to project' })
      .selectOption({ label: CLIP_PROJECT });
    await panel.getByRole('button', { name: 'Create clip' }).click();
    await expect(page).toHaveURL(/\/clips\/[0-9a-f-]{36}$/);
    await expect(clipStatus(page)).toBeVisible();
    const source = page.getByRole('region', { name: 'Source', exact: true });
    await expect(source.getByText(asset)).toBeVisible();
    await expect(source.getByRole('link', { name: '(share page)' })).toBeVisible();
  });

  test('a failed clip says how to fix it, and a retry re-runs the failed step', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInWithDemo(page, '/clips');
    await createClipFromUrl(page, videoIdFor('render_timeout'));
    await expect(clipStatus(page)).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
    const problems = page.getByRole('region', { name: 'What went wrong' });
    await expect(problems.getByRole('heading', { name: /Blocked at Assembly/ })).toBeVisible();
    await expect(problems.getByText(/Why: .*variable-frame-rate/)).toBeVisible();
    const fixes = problems.getByRole('list', { name: 'How to fix' }).getByRole('listitem');
    await expect(fixes).toHaveCount(2);
    await expect(problems.getByText('Retrying with the same input usually helps.')).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Pipeline' }).getByText('Assembly: stopped here'),
    ).toBeAttached();
    await expectAccessible(page);

    await recordStatuses(page);
    await problems.getByRole('button', { name: 'Retry assembly' }).click();
    await expect(page.getByRole('region', { name: 'What went wrong' })).toHaveCount(0);
    await expect(clipStatus(page)).toHaveAttribute('data-status', 'exported', { timeout: 40_000 });
    const { seen } = await seenStatuses(page);
    // The retry went back to assembly, not to the start of the pipeline.
    expect(seen).toContain('assembling');
    expect(seen).not.toContain('preparing_source');
    await expect(page.getByRole('link', { name: 'Download the clip' })).toBeVisible();
  });

  test('a busy service (429) is said while the clip loads, and the clip shows once it answers', async ({
    page,
  }) => {
    await signInWithDemo(page, '/clips');
    const link = page
      .getByRole('list', { name: 'Clips' })
      .getByRole('article')
      .first()
      .getByRole('link');
    const href = (await link.getAttribute('href')) ?? '';
    const clipId = href.split('/').pop() ?? '';
    expect(clipId).toMatch(/^[0-9a-f-]{36}$/);
    let refused = 0;
    await page.route(`**/api/v1/clips/${clipId}`, async (route) => {
      if (refused >= 2) return route.continue();
      refused += 1;
      return route.fulfill({
        status: 429,
        headers: { 'Retry-After': '2' },
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'rate_limited', message: 'Too many requests.' } }),
      });
    });
    await link.click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'The service is busy (too many requests); trying again in 2 s…' }),
    ).toBeVisible();
    await expect(clipStatus(page)).toBeVisible({ timeout: 20_000 });
    expect(refused).toBe(2);
  });

  test('opens a clip batch by id: a malformed id is refused, an unknown one is not found', async ({
    page,
  }) => {
    await signInWithDemo(page, '/clips');
    const batchId = page.getByRole('textbox', { name: 'Open a clip batch by id' });
    await batchId.fill('batch-42');
    await page.getByRole('button', { name: 'Open batch' }).click();
    await expect(page.getByText(/A batch id is a UUID/)).toBeVisible();
    await expect(batchId).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/clips(\?|$)/);

    const unknown = '123e4567-e89b-42d3-a456-426614174000';
    await batchId.fill(unknown);
    await page.getByRole('button', { name: 'Open batch' }).click();
    await expect(page).toHaveURL(new RegExp(`/clip-batches/${unknown}$`));
    await expect(page.getByText(`No clip batch ${unknown}.`)).toBeVisible();
    await expectAccessible(page);
  });

  test('toggles a clip’s visibility on the share page, rolled back on error', async ({ page }) => {
    await signInWithDemo(page, '/clips');
    await page.getByRole('combobox', { name: 'Source asset' }).selectOption({ label: SHARE_ASSET });
    await page.getByRole('button', { name: 'By source' }).click();
    await page
      .getByRole('region', { name: SHARE_ASSET })
      .getByRole('link', { name: 'Share page' })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Share page · ${SHARE_ASSET}` }),
    ).toBeVisible();
    const settings = page.getByRole('region', { name: 'Share page settings' });
    await expect(settings.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(settings.getByText('Downloads allowed')).toBeVisible();

    const toggle = page.getByRole('list', { name: 'Clip visibility' }).getByRole('switch').first();
    const initial = (await toggle.getAttribute('aria-checked')) === 'true';
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', String(!initial));
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-checked', String(!initial));

    // The service refuses the next change: the switch flips at once, then goes back.
    await page.route('**/api/v1/clip-share-pages/*/clips/*/visibility', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal_error', message: 'Storage is down.' } }),
      });
    });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', String(initial));
    await expect(page.getByRole('alert')).toContainText('Storage is down.');
    await expect(toggle).toHaveAttribute('aria-checked', String(!initial));
    await page.unroute('**/api/v1/clip-share-pages/*/clips/*/visibility');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', String(initial));
    await expectAccessible(page);
  });
});
