import type { Page } from '@playwright/test';
import type { components } from '../src/api/schema.gen.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

/**
 * The caption styler. Its specs use the free demo workspace's projects, which no other spec
 * touches; each test checks what it changed through the API, relative to what it found.
 */

type CaptionWord = components['schemas']['CaptionWord'];
type CaptionStyle = components['schemas']['CaptionStyleResponse'];

const FREE_KEY = 'vcs_test_demo_free';

async function openCaptions(page: Page, projectName: string): Promise<string> {
  await page.goto('/login');
  await page.getByLabel('API key').fill(FREE_KEY);
  await page.getByRole('button', { name: 'Sign in' }).click();
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

test.describe('caption styler', () => {
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
    test.slow();
    await openCaptions(page, 'Lisbon in 30 seconds');
    await page.getByRole('list', { name: 'Caption words' }).getByRole('button').first().click();
    await expect(page.getByText(/^Styling “/)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Looks' }).click();
    await expect(page.getByRole('list', { name: 'Caption Looks' })).toBeVisible();
    await expectAccessible(page);
  });
});
