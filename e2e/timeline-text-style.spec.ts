/**
 * The brand's colours offered for the timeline's text items (issue 14): with the keyboard only,
 * select a text item on the canvas, Tab into the inspector, pick a brand colour: it is saved as one
 * operation (the revision moves on) and Ctrl+Z restores the colour it had.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import {
  allItems,
  apiPost,
  fetchTimeline,
  findItem,
  openTimeline,
  settled,
} from './timeline-helpers.ts';
import type { TimelineItem } from '../src/api/schema.gen.ts';

/** The workspace's brand, set through onboarding's API when no spec has set one yet. */
async function ensureBrand(page: Page): Promise<void> {
  const state = await page.evaluate(
    async () =>
      (await (await fetch('/api/v1/onboarding')).json()) as { brand_context: unknown | null },
  );
  if (state.brand_context) return;
  const answer = await apiPost(page, '/onboarding/complete', {
    brand_name: 'Northwind Coffee',
    colors: [
      { hex: '#1E40AF', name: 'Primary' },
      { hex: '#F59E0B', name: 'Accent' },
    ],
    fonts: ['Poppins'],
    caption_defaults: {
      look_id: 'clean-minimal',
      font_family: 'Poppins',
      color: '#FFFFFF',
      active_word_color: '#F59E0B',
      position: 'bottom',
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** F6 until the focus is in `part` (the studio's way between its parts: timeline, frame, panels). */
async function focusPart(page: Page, part: ReturnType<Page['locator']>) {
  for (let i = 0; i < 4 && !(await part.evaluate((el) => el.contains(document.activeElement))); i++)
    await page.keyboard.press('F6');
  expect(await part.evaluate((el) => el.contains(document.activeElement))).toBe(true);
}

async function focusWithTab(page: Page, target: ReturnType<Page['locator']>, key = 'Tab') {
  for (let i = 0; i < 30 && !(await target.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press(key);
  await expect(target).toBeFocused();
}

test('keyboard only: a brand colour for a text item is saved, and undo restores it', async ({
  page,
}) => {
  const { projectId, canvas } = await openTimeline(page, 'Podcast highlights #41');
  await ensureBrand(page);
  const before = await fetchTimeline(page, projectId);

  // ] steps through the items in time order until a text item is selected.
  await canvas.focus();
  const selection = page.getByRole('status', { name: 'Selection' });
  let item: TimelineItem | undefined;
  for (let i = 0; i < 60 && !item; i += 1) {
    await page.keyboard.press(']');
    const text = (await selection.textContent()) ?? '';
    item = allItems(before).find(
      (entry) => entry.type === 'text' && text.includes(`“${entry.name}”`),
    );
  }
  expect(item, 'a text item reached with ]').toBeDefined();
  const original = item!.text_style!;

  const inspector = page.getByRole('region', { name: 'Inspector' });
  await expect(inspector.getByText(`Text colour: ${original.color}`)).toBeVisible();
  const brand = inspector.getByRole('group', { name: 'Brand' });
  const swatches = brand.getByRole('button', { name: /^Brand / });
  await expect(swatches.first()).toBeVisible();
  const names = await swatches.evaluateAll((buttons) =>
    buttons.map((button) => button.getAttribute('aria-label') ?? ''),
  );
  const choice = names.find((name) => !name.toUpperCase().endsWith(original.color.toUpperCase()))!;
  const hex = choice.split(' ').at(-1)!.toUpperCase();
  const swatch = brand.getByRole('button', { name: choice, exact: true });
  await expect(swatch).toHaveAttribute('aria-pressed', 'false');

  // From the canvas to the inspector (F6), then Tab to the swatch.
  await focusPart(page, page.getByRole('group', { name: 'Inspector' }));
  await focusWithTab(page, swatch);
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => {
      const now = await fetchTimeline(page, projectId);
      return { revision: now.revision, color: findItem(now, item!.id)?.text_style?.color };
    })
    .toEqual({ revision: before.revision + 1, color: hex });
  await expect(swatch).toHaveAttribute('aria-pressed', 'true');
  await expect(inspector.getByText(`Text colour: ${hex}`)).toBeVisible();
  await expect(page.getByRole('status', { name: 'Last action' })).toHaveText(
    'Set text colour done.',
  );
  await settled(page);
  await expectAccessible(page);

  // A colour that is not #RRGGBB is refused on the field; nothing is sent.
  const field = inspector.getByLabel('Text colour (#RRGGBB)');
  await focusWithTab(page, field);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('teal');
  await page.keyboard.press('Enter');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(inspector.getByText(/“teal” is not a colour/)).toBeVisible();
  expect((await fetchTimeline(page, projectId)).revision).toBe(before.revision + 1);

  // Back to the canvas (F6 goes round the parts to the timeline, where the focus was), then undo.
  await focusPart(page, canvas);
  await expect(canvas).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect
    .poll(async () => findItem(await fetchTimeline(page, projectId), item!.id)?.text_style)
    .toEqual(original);
  await settled(page);
  expect((await fetchTimeline(page, projectId)).revision).toBe(before.revision + 2);
  await expect(inspector.getByText(`Text colour: ${original.color}`)).toBeVisible();
});
