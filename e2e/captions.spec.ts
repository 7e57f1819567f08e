import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Locator } from '@playwright/test';
import type { CaptionWord, components } from '../src/api/schema.gen.ts';
import { paginate } from '../src/caption-painter/caption-pages.ts';
import { expect, expectAccessible, signInWithDemo, test } from './fixtures.ts';

/**
 * The caption styler. Its specs use the free demo workspace's projects, which no other spec
 * touches; each test checks what it changed through the API, relative to what it found.
 */

type CaptionStyle = components['schemas']['CaptionStyleResponse'];

const FREE_KEY = 'vcs_test_demo_free';

async function openCaptions(page: Page, projectName: string, demo = false): Promise<string> {
  if (demo) {
    // The paid demo workspace (the talking-head interview lives there).
    await signInWithDemo(page);
  } else {
    await page.goto('/login');
    await page.getByLabel('API key').fill(FREE_KEY);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  const list = (await (await page.request.get('/api/v1/projects?limit=50')).json()) as {
    projects: Array<{ id: string; name: string }>;
  };
  const projectId = list.projects.find((project) => project.name === projectName)?.id;
  expect(projectId, projectName).toBeTruthy();
  await page.goto(`/projects/${projectId}/captions`);
  await expect(page.getByRole('heading', { level: 1, name: 'Captions' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Caption words' })).toBeVisible();
  return projectId!;
}

async function fetchWords(page: Page, projectId: string, matchText?: string) {
  const words: CaptionWord[] = [];
  for (let offset = 0; ; offset += 500) {
    const query = `limit=500&offset=${offset}${matchText ? `&match_text=${encodeURIComponent(matchText)}` : ''}`;
    const body = (await (
      await page.request.get(`/api/v1/projects/${projectId}/captions/words?${query}`)
    ).json()) as { words: CaptionWord[]; pagination: { hasMore: boolean } };
    words.push(...body.words);
    if (!body.pagination.hasMore) return words;
  }
}

async function fetchStyle(page: Page, projectId: string): Promise<CaptionStyle> {
  return (await (
    await page.request.get(`/api/v1/projects/${projectId}/captions/style`)
  ).json()) as CaptionStyle;
}

const saved = (page: Page) =>
  expect(page.getByRole('status', { name: 'Save status' })).toHaveText('All changes saved');

/** The most frequent word text (at least two occurrences), for a search with several matches. */
function commonWord(words: readonly CaptionWord[]): string {
  const counts = new Map<string, number>();
  for (const word of words) {
    const text = word.word.toLowerCase().replace(/[^a-z]/g, '');
    if (text.length >= 3) counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  expect(best?.[1] ?? 0, 'a word that occurs twice').toBeGreaterThanOrEqual(2);
  return best![0];
}

/** A word drawn as the caption style says: not emphasised, no style of its own. */
const plain = (word: CaptionWord) => !word.isEmphasis && Object.keys(word.style ?? {}).length === 0;

/** The project's caption pages (as the painter breaks them), each a list of its words. */
const pagesOf = (words: readonly CaptionWord[], style: CaptionStyle) =>
  paginate(words, style.settings).map((page) => page.lines.flat() as CaptionWord[]);

/** The row of a word in the list. */
const rowOf = (page: Page, word: CaptionWord) => page.locator(`[data-word-id="${word.id}"]`);

/** Searches for the word so that its row is on screen (the list is virtualised). */
async function showWord(page: Page, word: CaptionWord) {
  await page.getByLabel('Search words').fill(word.word);
  // The list is filtered once the results are in (the row may have been on screen before).
  await expect(page.getByRole('status', { name: 'Search results' })).toHaveText(
    new RegExp(`match “${word.word}”\\.$`),
  );
  await expect(rowOf(page, word)).toBeVisible();
}

/** A word whose text occurs once (the `nth` longest such), so names find only it. */
function longestUnique(words: readonly CaptionWord[], nth = 0): CaptionWord {
  const counts = new Map<string, number>();
  for (const word of words) counts.set(word.word, (counts.get(word.word) ?? 0) + 1);
  const unique = words
    .filter((word) => counts.get(word.word) === 1 && /^[A-Za-z]+$/.test(word.word))
    .sort((a, b) => b.word.length - a.word.length || a.id.localeCompare(b.id));
  expect(unique.length, 'words that occur once').toBeGreaterThan(nth);
  return unique[nth]!;
}

/** Pixels of the preview canvas near pure red, blue and green (read from the canvas). */
async function previewColours(page: Page): Promise<{ red: number; blue: number; green: number }> {
  return page.getByRole('img', { name: 'Caption preview' }).evaluate((element) => {
    const canvas = element as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let red = 0;
    let blue = 0;
    let green = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (r > 170 && g < 90 && b < 110) red += 1;
      if (b > 170 && r < 110 && g < 90) blue += 1;
      if (g > 120 && g > r + 50 && g > b + 40) green += 1;
    }
    return { red, blue, green };
  });
}

/** Named colours the canvas checks count (RGB). */
const COLOURS = {
  red: [255, 0, 0],
  green: [0, 255, 0],
  blue: [0, 0, 255],
  cyan: [0, 255, 255],
  yellow: [250, 204, 21],
} as const;
type ColourName = keyof typeof COLOURS;

interface CanvasStats {
  /** A hash of every pixel (equal hashes: the same picture). */
  hash: number;
  /** Pixels within a small distance of each named colour. */
  counts: Record<ColourName, number>;
  /** Pixels brighter than any part of the backdrop (something is drawn). */
  drawn: number;
  width: number;
  pixels: number[];
}

/** Reads a canvas's pixels: its hash, colour counts, drawn pixels (and a sample, to compare). */
async function canvasStats(canvas: Locator): Promise<CanvasStats> {
  return canvas.evaluate(
    (element, colours) => {
      const node = element as HTMLCanvasElement;
      const { data } = node.getContext('2d')!.getImageData(0, 0, node.width, node.height);
      const counts = Object.fromEntries(Object.keys(colours).map((name) => [name, 0]));
      let hash = 2166136261;
      let drawn = 0;
      const pixels: number[] = [];
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        hash = Math.imul(hash ^ (r | (g << 8) | (b << 16)), 16777619) >>> 0;
        if (Math.max(r, g, b) > 120) drawn += 1;
        for (const [name, [cr = 0, cg = 0, cb = 0]] of Object.entries(colours))
          if (Math.abs(r - cr) + Math.abs(g - cg) + Math.abs(b - cb) < 90) counts[name]! += 1;
        // Every 16th pixel's colour, for comparing two pictures.
        if ((i / 4) % 16 === 0) pixels.push(r | (g << 8) | (b << 16));
      }
      return { hash, counts, drawn, width: node.getBoundingClientRect().width, pixels } as never;
    },
    COLOURS as unknown as Record<string, readonly number[]>,
  );
}

const preview = (page: Page) => page.getByRole('img', { name: 'Caption preview' });

/** How many sampled pixels differ between two pictures of the same size. */
const differing = (a: CanvasStats, b: CanvasStats) =>
  a.pixels.filter((pixel, i) => pixel !== b.pixels[i]).length;

/** Commits a value typed into a text field of the open panel (Enter). */
async function typeInto(page: Page, name: string, value: string) {
  const field = page.getByRole('tabpanel').getByRole('textbox', { name, exact: true });
  await field.fill(value);
  await field.press('Enter');
}

/** A concurrent editor's write, straight to the API with the session's CSRF token. */
async function patchWords(page: Page, projectId: string, updates: unknown[]): Promise<number> {
  return page.evaluate(
    async ({ id, body }) => {
      const session = (await (await fetch('/bff/session')).json()) as { csrf_token: string };
      const response = await fetch(`/api/v1/projects/${id}/captions/words`, {
        method: 'PATCH',
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': session.csrf_token,
          'idempotency-key': `e2e-${crypto.randomUUID()}`,
        },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { id: projectId, body: { updates } },
  );
}

/** Saves a brand for the workspace, as the onboarding flow does (its endpoint, with CSRF). */
async function completeOnboarding(page: Page, body: unknown): Promise<number> {
  return page.evaluate(async (request) => {
    const session = (await (await fetch('/bff/session')).json()) as { csrf_token: string };
    const response = await fetch('/api/v1/onboarding/complete', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
      body: JSON.stringify(request),
    });
    return response.status;
  }, body);
}

/** The text of every live region on the page (status, alert, log, aria-live). */
async function liveRegionTexts(page: Page): Promise<string[]> {
  return page
    .locator('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]')
    .allTextContents();
}

test.describe('caption styler', () => {
  // Each test signs in through the login screen and saves several edits; on the shared two-core
  // machine under load that alone has taken 15–35 s (seen in traces), so 30 s is not enough.
  test.describe.configure({ timeout: 60_000 });

  test('search, then style all matches at once', async ({ page }) => {
    const projectId = await openCaptions(page, 'Lisbon in 30 seconds');
    const text = commonWord(await fetchWords(page, projectId));
    const expected = await fetchWords(page, projectId, text);

    await page.getByLabel('Search words').fill(text);
    await expect(page.getByRole('status', { name: 'Search results' })).toHaveText(
      `${expected.length} words match “${text}”.`,
    );
    await expect(page).toHaveURL(new RegExp(`q=${text}`));
    await page.getByRole('button', { name: 'Style all matches' }).click();
    await expect(
      page.getByRole('tab', { name: `Selected words (${expected.length})` }),
    ).toBeVisible();
    await expect(page.getByText(`Styling ${expected.length} words`)).toBeVisible();

    const colour = page.getByRole('textbox', { name: 'Colour (hex)', exact: true });
    await colour.fill('#ff00aa');
    await colour.press('Enter');
    await saved(page);

    const after = await fetchWords(page, projectId, text);
    expect(after.map((word) => word.style?.color)).toEqual(after.map(() => '#ff00aa'));
  });

  test('axe finds no serious violations on the editor, with words selected', async ({ page }) => {
    // Axe walks every control of the editor (list, preview, full inspector): on a loaded
    // two-core machine that alone takes 15–20 s.
    test.setTimeout(180_000);
    await openCaptions(page, 'Lisbon in 30 seconds');
    await page.getByRole('list', { name: 'Caption words' }).getByRole('button').first().click();
    await expect(page.getByText(/^Styling “/)).toBeVisible();
    await expectAccessible(page);
    // The other tabs: their panel only (the rest of the screen was checked above).
    for (const tab of ['Caption style', 'Looks']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
      const results = await new AxeBuilder({ page }).include('[role="tabpanel"]').analyze();
      expect(
        results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.help}`),
      ).toEqual([]);
    }
  });
  test('a per-word gradient and glow are painted in the preview', async ({ page }) => {
    const projectId = await openCaptions(page, 'Pasta hack');
    const words = await fetchWords(page, projectId);
    const word = longestUnique(words);
    await showWord(page, word);
    await rowOf(page, word).getByRole('button', { name: word.word, exact: true }).click();
    await expect(page.getByText(`Styling “${word.word}”`)).toBeVisible();
    const before = await previewColours(page);

    for (const [name, value] of [
      ['Gradient from (hex)', '#ff0000'],
      ['Gradient to (hex)', '#0000ff'],
      ['Glow colour (hex)', '#00ff00'],
    ] as const) {
      const field = page.getByRole('textbox', { name, exact: true });
      await field.fill(value);
      await field.press('Enter');
    }
    const glow = page.getByRole('spinbutton', { name: 'Glow size (px)' });
    await glow.fill('24');
    await glow.press('Enter');
    await saved(page);

    const after = await previewColours(page);
    expect(after.red - before.red, 'red end of the gradient').toBeGreaterThan(30);
    expect(after.blue - before.blue, 'blue end of the gradient').toBeGreaterThan(30);
    expect(after.green - before.green, 'green glow').toBeGreaterThan(30);
    const [stored] = (await fetchWords(page, projectId)).filter((w) => w.id === word.id);
    expect(stored?.style).toMatchObject({
      textGradientFrom: '#ff0000',
      textGradientTo: '#0000ff',
      glowColor: '#00ff00',
      glowBlurPx: 24,
    });
  });

  test('playback moves the active word', async ({ page }) => {
    await openCaptions(page, 'Pasta hack');
    const spoken = page.getByTestId('spoken-word');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(spoken).toHaveText(/^Spoken word: “.+”$/);
    const first = await spoken.textContent();
    // The next word is spoken a moment later; the list marks the word spoken.
    await expect(spoken).not.toHaveText(first!);
    await expect(spoken).toHaveText(/^Spoken word: “.+”$/);
    await expect(page.locator('[data-spoken="true"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    const playhead = await page.getByRole('slider', { name: 'Playhead' }).inputValue();
    expect(Number(playhead)).toBeGreaterThan(0);
  });

  test('the word list follows playback, stops while you scroll it, and resumes', async ({
    page,
  }) => {
    // The interview talks for minutes: playback is still among its words however slowly the
    // steps below run (a short clip's last word passed while a loaded machine ran them).
    await openCaptions(page, 'Interview: Building in Public', true);
    const list = page.getByRole('list', { name: 'Caption words' });
    const follow = page.getByRole('button', { name: 'Follow playback' });
    const spokenText = page.getByTestId('spoken-word');
    /** The spoken word's button in the list (the row marked current). */
    const spokenButton = async () => {
      const text = /“(.+)”/.exec((await spokenText.textContent()) ?? '')?.[1];
      expect(text, 'a word is spoken').toBeTruthy();
      return list
        .locator('[aria-current="true"]')
        .getByRole('button', { name: text!, exact: true });
    };
    await expect(follow).toHaveAttribute('aria-pressed', 'true');

    // Scrubbing a third of the way: the spoken word (far down the list) is scrolled into view.
    const playhead = page.getByRole('slider', { name: 'Playhead' });
    const end = Number(await playhead.getAttribute('max'));
    for (const share of [0.3, 0.32, 0.35, 0.4]) {
      await playhead.fill(String(end * share));
      if (/^Spoken word:/.test((await spokenText.textContent()) ?? '')) break;
    }
    await expect(spokenText).toHaveText(/^Spoken word: “.+”$/);
    await expect(await spokenButton()).toBeInViewport();
    await expect(list.getByText('Caption 1', { exact: true })).toHaveCount(0);

    // Playing, the person scrolls the list back to the top: it stops following, and stays.
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    const liveBefore = await liveRegionTexts(page);
    await list.hover();
    await page.mouse.wheel(0, -100_000);
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText('Not following while you use the list.')).toBeVisible();
    await expect(list.getByText('Caption 1', { exact: true })).toBeInViewport();
    const spokenAfterScroll = await spokenText.textContent();
    await expect(spokenText).not.toHaveText(spokenAfterScroll!);
    await expect(spokenText).toHaveText(/^Spoken word: “.+”$/);
    await expect(list.getByText('Caption 1', { exact: true })).toBeInViewport();
    // Nothing is announced per word: the live regions say what they said before.
    expect(await liveRegionTexts(page)).toEqual(liveBefore);

    // "Follow playback" brings the spoken word back into view, and keeps following it.
    // (While playing the spoken word moves on: the row marked current is checked, whichever it is.)
    const spokenRow = list.locator('[aria-current="true"]');
    await follow.click();
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    await expect(spokenRow).toBeInViewport();
    await expect(list.getByText('Caption 1', { exact: true })).toHaveCount(0);
    const spokenNow = await spokenText.textContent();
    await expect(spokenText).not.toHaveText(spokenNow!);
    await expect(spokenRow).toBeInViewport();
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
  });

  test('the styler offers the brand onboarding saved: its colours first, and its font', async ({
    page,
  }) => {
    const projectId = await openCaptions(page, 'Vlog intro');
    const status = await completeOnboarding(page, {
      brand_name: 'Caption Test Brand',
      colors: [
        { name: 'Primary', hex: '#12AB34' },
        { name: 'Accent', hex: '#C0FFEE' },
      ],
      fonts: ['Poppins', 'Space Grotesk'],
      caption_defaults: {
        look_id: 'clean-minimal',
        font_family: 'Poppins',
        color: '#FFFFFF',
        active_word_color: '#12AB34',
        position: 'bottom',
      },
    });
    expect(status).toBe(200);
    await page.reload();
    await expect(
      page.getByText(/Caption Test Brand\s+brand colours and fonts are offered first/),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Caption style' }).click();
    const colour = page.getByRole('group', { name: 'Colour', exact: true });
    const brand = colour.getByRole('group', { name: 'Colour: Caption Test Brand brand colours' });
    await expect(brand.getByRole('button')).toHaveCount(2);
    // The brand's colours come before the project's own.
    await expect(colour.getByRole('group').first()).toHaveAccessibleName(
      'Colour: Caption Test Brand brand colours',
    );
    const font = page.getByRole('tabpanel').getByRole('combobox', { name: 'Font', exact: true });
    await expect(font.locator('optgroup').first()).toHaveAttribute(
      'label',
      'Brand fonts (Caption Test Brand)',
    );
    await expect(
      font.getByRole('option', { name: 'Space Grotesk (not available for captions)' }),
    ).toBeDisabled();

    await brand.getByRole('button', { name: 'Use Accent (#c0ffee) for colour' }).click();
    await saved(page);
    expect((await fetchStyle(page, projectId)).settings.color).toBe('#c0ffee');
    await page.getByRole('button', { name: 'Undo' }).click();
    await saved(page);
  });

  test('fixing a word’s text keeps its timing; undo takes it back', async ({ page }) => {
    const projectId = await openCaptions(page, 'Pasta hack');
    const word = longestUnique(await fetchWords(page, projectId), 1);
    const fixed = `${word.word}ed`;
    await showWord(page, word);
    await rowOf(page, word)
      .getByRole('button', { name: `Edit text of “${word.word}”` })
      .click();
    const field = page.getByRole('textbox', { name: `Text of “${word.word}”` });
    await field.fill(fixed);
    await field.press('Enter');
    await expect(page.getByRole('button', { name: fixed, exact: true })).toBeVisible();
    await saved(page);
    const [after] = (await fetchWords(page, projectId)).filter((w) => w.id === word.id);
    expect(after).toMatchObject({
      word: fixed,
      startSeconds: word.startSeconds,
      endSeconds: word.endSeconds,
    });

    await page.keyboard.press('ControlOrMeta+z');
    await saved(page);
    await expect(page.getByRole('button', { name: word.word, exact: true })).toBeVisible();
    const [undone] = (await fetchWords(page, projectId)).filter((w) => w.id === word.id);
    expect(undone).toMatchObject({ word: word.word, startSeconds: word.startSeconds });
  });

  test('dragging a word’s end retimes it, snapped to frames; arrows move it a frame', async ({
    page,
  }) => {
    const projectId = await openCaptions(page, 'Pasta hack');
    const words = await fetchWords(page, projectId);
    const word = longestUnique(words, 2);
    const fps = 30;
    await showWord(page, word);
    const handle = page.getByRole('slider', { name: `End of “${word.word}”` });
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // Shorter (a longer end may run into the caption's end).
    await page.mouse.move(box.x + box.width / 2 - 10, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await saved(page);
    const [dragged] = (await fetchWords(page, projectId)).filter((w) => w.id === word.id);
    expect(dragged!.endSeconds!).toBeLessThan(word.endSeconds!);
    expect(dragged!.endSeconds!).toBeGreaterThan(word.startSeconds!);
    expect(dragged!.startSeconds).toBe(word.startSeconds);
    const frames = dragged!.endSeconds! * fps;
    // Seconds come rounded to the millisecond: within 0.015 of a frame.
    expect(Math.abs(frames - Math.round(frames))).toBeLessThan(0.02);

    await handle.focus();
    await page.keyboard.press('ArrowLeft');
    await saved(page);
    const [nudged] = (await fetchWords(page, projectId)).filter((w) => w.id === word.id);
    expect(nudged!.endSeconds!).toBeCloseTo(dragged!.endSeconds! - 1 / fps, 2);
  });

  test('applying a Look over words with their own colour, clearing it; undo puts both back', async ({
    page,
  }) => {
    const projectId = await openCaptions(page, 'Vlog intro');
    const before = await fetchStyle(page, projectId);
    const target = before.look_id === 'karaoke-yellow' ? 'Clean Minimal' : 'Karaoke Yellow';
    // A word with a colour of its own (the Look sets the colour too).
    const word = longestUnique(await fetchWords(page, projectId), 2);
    await showWord(page, word);
    await rowOf(page, word).getByRole('button', { name: word.word, exact: true }).click();
    await typeInto(page, 'Colour (hex)', '#00ff00');
    await saved(page);
    const wordsBefore = await fetchWords(page, projectId);
    const owning = wordsBefore.filter((w) => w.style?.color || w.style?.textGradientFrom);
    expect(owning.length).toBeGreaterThanOrEqual(1);

    await page.getByRole('tab', { name: 'Looks' }).click();
    await expect(
      page.getByRole('img', { name: `Preview of the Look “${target}” on your first caption` }),
    ).toBeVisible();
    await page.getByRole('button', { name: `Apply ${target}` }).click();
    const dialog = page.getByRole('dialog', { name: `Apply ${target}?` });
    await expect(dialog).toContainText(
      `${owning.length} word${owning.length === 1 ? ' sets its' : 's set their'} own`,
    );
    await dialog.getByRole('button', { name: 'Clear them and apply' }).click();
    await expect(page.getByRole('button', { name: `${target} is applied` })).toBeVisible();
    await saved(page);
    const applied = await fetchStyle(page, projectId);
    expect(applied.look_id).toBe(target === 'Karaoke Yellow' ? 'karaoke-yellow' : 'clean-minimal');
    for (const w of await fetchWords(page, projectId)) {
      expect(w.style?.color, w.word).toBeUndefined();
      expect(w.style?.textGradientFrom, w.word).toBeUndefined();
    }

    // One undo step: the settings and every word's own fields come back.
    await page.getByRole('button', { name: 'Undo' }).click();
    await saved(page);
    await expect(page.getByRole('button', { name: `Apply ${target}` })).toBeVisible();
    const undone = await fetchStyle(page, projectId);
    expect(undone.look_id).toBe(before.look_id);
    expect(undone.settings).toEqual(before.settings);
    expect((await fetchWords(page, projectId)).map((w) => w.style)).toEqual(
      wordsBefore.map((w) => w.style),
    );
  });

  test('a change that cannot be saved is kept across a reload, then saved', async ({ page }) => {
    const projectId = await openCaptions(page, 'Vlog intro');
    const word = longestUnique(await fetchWords(page, projectId));
    await showWord(page, word);
    await page.route('**/captions/words', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 503,
            json: {
              error: { code: 'unavailable', message: 'Try again later.', param: '', doc_url: '' },
            },
          })
        : route.fallback(),
    );
    await rowOf(page, word).getByRole('button', { name: word.word, exact: true }).click();
    const colour = page.getByRole('textbox', { name: 'Colour (hex)', exact: true });
    await colour.fill('#22cc88');
    await colour.press('Enter');
    const banner = page.getByRole('region', { name: 'Unsaved changes' });
    await expect(banner.getByRole('heading', { name: '1 change not saved yet' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(rowOf(page, word).getByText('Unsaved')).toBeVisible();

    await page.unroute('**/captions/words');
    await page.reload();
    await expect(
      banner.getByRole('heading', { name: '1 unsaved change from your last visit' }),
    ).toBeVisible();
    await expect(rowOf(page, word).getByText('Unsaved')).toBeVisible();
    const [notYet] = (await fetchWords(page, projectId)).filter((w) => w.id === word.id);
    expect(notYet?.style?.color).not.toBe('#22cc88');

    await banner.getByRole('button', { name: 'Save changes' }).click();
    await saved(page);
    await expect(banner).toBeHidden();
    const [stored] = (await fetchWords(page, projectId)).filter((w) => w.id === word.id);
    expect(stored?.style?.color).toBe('#22cc88');
  });

  test('a save on a word changed elsewhere is never silent', async ({ page }) => {
    const projectId = await openCaptions(page, 'Vlog intro');
    const word = longestUnique(await fetchWords(page, projectId), 1);
    await showWord(page, word);
    await rowOf(page, word).getByRole('button', { name: word.word, exact: true }).click();
    await expect(page.getByText(`Styling “${word.word}”`)).toBeVisible();
    // Someone else emphasises the word meanwhile (its revision moves on).
    const status = await patchWords(page, projectId, [
      { id: word.id, expected_revision: word.revision, isEmphasis: !word.isEmphasis },
    ]);
    expect(status).toBe(200);

    const colour = page.getByRole('textbox', { name: 'Colour (hex)', exact: true });
    await colour.fill('#3355ff');
    await colour.press('Enter');
    const conflict = page
      .getByRole('alert')
      .filter({ hasText: 'Someone else changed these captions' });
    await expect(conflict).toContainText(`1 word changed (“${word.word}”)`);
    await expect(conflict).toContainText('still applied');
    await saved(page);
    const [stored] = (await fetchWords(page, projectId)).filter((w) => w.id === word.id);
    expect(stored).toMatchObject({ isEmphasis: !word.isEmphasis, style: { color: '#3355ff' } });
  });

  test('the project’s caption style reaches every word that does not set its own; reset follows it again', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const projectId = await openCaptions(page, 'Pasta hack');
    const words = await fetchWords(page, projectId);
    // At open the preview shows the caption at (or, faded, nearest) the playhead: never nothing.
    await expect.poll(async () => (await canvasStats(preview(page))).drawn).toBeGreaterThan(200);
    await expect(page.locator('#caption-preview-description')).toHaveText(
      (words[0]?.startSeconds ?? 0) > 0 ? /^Shows the caption “.+”, faded/ : /^Shows the caption “/,
    );

    const style = await fetchStyle(page, projectId);
    // A page with an emphasised word and two plain ones (no style of their own).
    const shown = pagesOf(words, style).find(
      (list) =>
        list.filter(plain).length >= 3 &&
        list.some((word) => word.isEmphasis && Object.keys(word.style ?? {}).length === 0),
    );
    expect(shown, 'a page with an emphasised word and plain ones').toBeTruthy();
    const [word, ...others] = shown!.filter(plain);
    await showWord(page, word!);
    const glance = rowOf(page, word!).getByRole('img', { name: /own style/i });
    await expect(glance).toHaveAccessibleName('No own style: follows the caption style');
    await rowOf(page, word!).getByRole('button', { name: word!.word, exact: true }).click();
    await expect(page.getByText(`Styling “${word!.word}”`)).toBeVisible();
    await typeInto(page, 'Colour (hex)', '#00ff00');
    await saved(page);
    await expect(glance).toHaveAccessibleName('Own style: colour #00ff00');
    const before = await canvasStats(preview(page));
    expect(before.counts.green, 'the word’s own green').toBeGreaterThan(30);

    // The project's colour: every word on the page but the one with its own colour.
    await page.getByRole('tab', { name: 'Caption style' }).click();
    await typeInto(page, 'Colour (hex)', '#ff0000');
    await saved(page);
    const red = await canvasStats(preview(page));
    expect(red.counts.red - before.counts.red, 'words following the project').toBeGreaterThan(100);
    expect(Math.abs(red.counts.green - before.counts.green)).toBeLessThan(
      before.counts.green * 0.2,
    );
    expect((await fetchStyle(page, projectId)).settings.color).toBe('#ff0000');
    const stored = await fetchWords(page, projectId);
    const byId = (id: string) => stored.find((candidate) => candidate.id === id)!;
    expect(byId(word!.id).style).toEqual({ color: '#00ff00' });
    for (const other of others) expect(byId(other.id).style?.color).toBeUndefined();

    // Emphasis colour, weight and shadow reach the preview too.
    await typeInto(page, 'Emphasis colour (hex)', '#0000ff');
    await saved(page);
    const blue = await canvasStats(preview(page));
    expect(blue.counts.blue - red.counts.blue, 'the emphasised word').toBeGreaterThan(30);
    await page
      .getByRole('tabpanel')
      .getByRole('combobox', { name: 'Weight', exact: true })
      .selectOption('400');
    await saved(page);
    const light = await canvasStats(preview(page));
    expect(differing(light, blue), 'a lighter weight').toBeGreaterThan(50);
    await typeInto(page, 'Shadow', '0 0 24px #ff00ff');
    await saved(page);
    const shadowed = await canvasStats(preview(page));
    expect(differing(shadowed, light), 'a new shadow').toBeGreaterThan(50);

    // The spoken word's colour: with the playhead on the word, it is drawn spoken.
    const playhead = page.getByRole('slider', { name: 'Playhead' });
    await playhead.fill(String(((word!.startSeconds ?? 0) + (word!.endSeconds ?? 0)) / 2));
    await expect(page.getByTestId('spoken-word')).toHaveText(`Spoken word: “${word!.word}”`);
    const spoken = await canvasStats(preview(page));
    await typeInto(page, 'Spoken word colour (hex)', '#00ffff');
    await saved(page);
    const cyan = await canvasStats(preview(page));
    expect(cyan.counts.cyan - spoken.counts.cyan, 'the spoken word').toBeGreaterThan(30);

    // Reset to default: the word follows the project again (one undo step brings it back).
    await page.getByRole('tab', { name: /^Selected words/ }).click();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Reset to default' }).click();
    await saved(page);
    const reset = (await fetchWords(page, projectId)).find((w) => w.id === word!.id)!;
    expect(reset.style).toEqual({});
    await expect(glance).toHaveAccessibleName('No own style: follows the caption style');
    await playhead.fill('0');
    await rowOf(page, word!).getByRole('button', { name: word!.word, exact: true }).click();
    const followed = await canvasStats(preview(page));
    expect(followed.counts.green, 'no word keeps the green').toBeLessThan(10);
    await page.getByRole('button', { name: 'Undo' }).click();
    await saved(page);
    expect((await fetchWords(page, projectId)).find((w) => w.id === word!.id)?.style).toEqual({
      color: '#00ff00',
    });
  });

  test('Looks: thumbnails tell them apart; hover tries one; apply and undo restore preview and service', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const projectId = await openCaptions(page, 'Lisbon in 30 seconds');
    // Something is shown at once: the caption at the playhead, or the nearest one, faded.
    await expect.poll(async () => (await canvasStats(preview(page))).drawn).toBeGreaterThan(200);
    const styleBefore = await fetchStyle(page, projectId);
    await page.getByRole('tab', { name: 'Looks' }).click();
    const thumbnail = (name: string) =>
      page.getByRole('img', { name: new RegExp(`^Preview of the Look “${name}”`) });
    const looks = ['Bold Pop', 'Karaoke Yellow', 'Neon Glow'];
    const stats: CanvasStats[] = [];
    for (const name of looks) {
      await expect(thumbnail(name)).toHaveAccessibleName(/, “.+” spoken$/);
      stats.push(await canvasStats(thumbnail(name)));
    }
    for (const [i, one] of stats.entries()) {
      expect(one.width, `${looks[i]} is wide enough to read`).toBeGreaterThanOrEqual(240);
      // The spoken word in the active colour (yellow in all three).
      expect(one.counts.yellow, `${looks[i]} shows a spoken word`).toBeGreaterThan(40);
      for (const other of stats.slice(i + 1))
        expect(differing(one, other), 'two Looks drawn alike').toBeGreaterThan(200);
    }
    // Karaoke Yellow's spoken word sits in a yellow box.
    expect(stats[1]!.counts.yellow).toBeGreaterThan(stats[0]!.counts.yellow * 2);

    const target = styleBefore.look_id === 'neon-glow' ? 'Karaoke Yellow' : 'Neon Glow';
    const targetId = target === 'Neon Glow' ? 'neon-glow' : 'karaoke-yellow';
    const rest = await canvasStats(preview(page));
    // Pointing at a Look tries it in the preview; nothing is saved; leaving it puts it back.
    await thumbnail(target).hover();
    await expect.poll(async () => (await canvasStats(preview(page))).hash).not.toBe(rest.hash);
    expect((await fetchStyle(page, projectId)).look_id).toBe(styleBefore.look_id);
    await page.getByRole('heading', { name: 'Preview' }).hover();
    await expect.poll(async () => (await canvasStats(preview(page))).hash).toBe(rest.hash);
    // The keyboard tries it too: tabbing to its Apply button, and away again.
    await page.getByRole('button', { name: `Apply ${target}` }).focus();
    await expect.poll(async () => (await canvasStats(preview(page))).hash).not.toBe(rest.hash);
    await page.getByRole('tab', { name: 'Looks' }).focus();
    await expect.poll(async () => (await canvasStats(preview(page))).hash).toBe(rest.hash);

    await page.getByRole('button', { name: `Apply ${target}` }).click();
    const dialog = page.getByRole('dialog', { name: `Apply ${target}?` });
    if (await dialog.isVisible()) {
      await expect(dialog).toContainText(/\d+ words? sets? (its|their) own/);
      const axe = await new AxeBuilder({ page }).include('dialog').analyze();
      expect(
        axe.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => v.id),
      ).toEqual([]);
      await dialog.getByRole('button', { name: 'Keep their own styles' }).click();
    }
    await expect(page.getByRole('button', { name: `${target} is applied` })).toBeVisible();
    await saved(page);
    expect((await fetchStyle(page, projectId)).look_id).toBe(targetId);
    await page.getByRole('heading', { name: 'Preview' }).hover();
    const applied = await canvasStats(preview(page));
    expect(differing(applied, rest), 'the preview shows the Look').toBeGreaterThan(50);

    await page.getByRole('button', { name: 'Undo' }).click();
    await saved(page);
    await expect.poll(async () => (await canvasStats(preview(page))).hash).toBe(rest.hash);
    const undone = await fetchStyle(page, projectId);
    expect(undone.look_id).toBe(styleBefore.look_id);
    expect(undone.settings).toEqual(styleBefore.settings);
  });

  test('the timeline’s preview paints captions through the same cascade as the styler', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // The editors' size (the timeline's preview shares the window with the timeline).
    await page.setViewportSize({ width: 1440, height: 900 });
    const projectId = await openCaptions(page, 'Vlog intro');
    const words = await fetchWords(page, projectId);
    const style = await fetchStyle(page, projectId);
    // A page with three words of no style of their own: one gets a colour of its own, another
    // is spoken at the playhead (so the first is drawn in its own colour, not the spoken one).
    const shown = pagesOf(words, style)
      .map((list) => list.filter(plain))
      .find((list) => list.length >= 3);
    expect(shown, 'a page with three plain words').toBeTruthy();
    const [owner, spoken] = shown!;
    const at = ((spoken!.startSeconds ?? 0) + (spoken!.endSeconds ?? 0)) / 2;

    // From the styler to the timeline's frame at that moment, as a user goes back and forth (the
    // timeline's caption data stays cached between visits).
    const timelineFrame = async () => {
      await page.getByRole('link', { name: '← Project' }).click();
      await page.getByRole('link', { name: 'Open timeline' }).click();
      const playhead = page.getByRole('spinbutton', { name: 'Playhead (s)' });
      await playhead.fill(at.toFixed(3));
      await playhead.press('Enter');
      const frame = page.getByRole('application', { name: /^Frame at/ });
      await expect(frame).toHaveAccessibleName(/caption “/);
      // The words and the service's frame are loaded and painted (the caption's text stands in
      // for its words until then).
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
      return frame.locator('canvas').first();
    };
    const before = await canvasStats(await timelineFrame());

    await page.goBack();
    await page.getByRole('link', { name: 'Captions', exact: true }).click();
    await showWord(page, owner!);
    await rowOf(page, owner!).getByRole('button', { name: owner!.word, exact: true }).click();
    await typeInto(page, 'Colour (hex)', '#00ff00');
    await saved(page);
    await page.getByRole('tab', { name: 'Caption style' }).click();
    await typeInto(page, 'Colour (hex)', '#ff0000');
    await saved(page);

    const frame = await timelineFrame();
    await expect
      .poll(async () => {
        const after = await canvasStats(frame);
        return {
          'words following the project': after.counts.red - before.counts.red > 80,
          'the word with its own colour': after.counts.green - before.counts.green > 50,
        };
      })
      .toEqual({ 'words following the project': true, 'the word with its own colour': true });
  });
});
