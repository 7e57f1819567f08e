/**
 * On a phone (390 × 844, touch): the app header folds into a menu, the review queue's filters into
 * a sheet, and the queue and every section of the plan review fit the screen's width: no sideways
 * scroll of the page, nor of a box inside it.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInWithDemo, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** What is wider than the screen: the page itself, or any box that scrolls sideways. */
async function sidewaysScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const wide: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) {
      wide.push(`the page: ${document.documentElement.scrollWidth} px on a ${width} px screen`);
    }
    for (const element of document.querySelectorAll('body *')) {
      const overflow = getComputedStyle(element).overflowX;
      if (overflow !== 'auto' && overflow !== 'scroll') continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        wide.push(
          `${element.tagName.toLowerCase()} "${(element.textContent ?? '').slice(0, 40)}": ${element.scrollWidth} px in ${element.clientWidth} px`,
        );
      }
    }
    return wide;
  });
}

test('the review queue and the plan review fit a phone, with the header in a menu and the filters in a sheet', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInWithDemo(page);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();

  // The header is one row: the navigation opens from "Menu" and closes once a link is followed.
  const menu = page.getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();
  await menu.tap();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await nav.getByRole('link', { name: /^Review/ }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  // The first waiting revision is on the first screen, under the header and the filters' button.
  const firstRow = page
    .getByRole('listbox', { name: 'Revisions waiting for a decision' })
    .getByRole('option')
    .first();
  await expect(firstRow).toBeVisible();
  const box = await firstRow.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.y ?? 900) + 40).toBeLessThan(844);
  expect(await sidewaysScroll(page)).toEqual([]);

  // The filters open in a sheet; a change applies at once and is kept in the URL.
  const filters = page.getByRole('button', { name: /Filters and order/ });
  await expect(filters).toContainText('Everything waiting');
  await filters.tap();
  const sheet = page.getByRole('dialog', { name: 'Filters and order' });
  await sheet.getByLabel('Order', { exact: true }).selectOption('credits');
  await expect(page).toHaveURL(/order=credits/);
  await expectAccessible(page);
  await sheet.getByRole('button', { name: 'Show results' }).tap();
  await expect(sheet).toBeHidden();
  await expect(filters).toContainText('most credits first');
  await expectAccessible(page);

  // The plan review of assets to approve: every section fits, and a scene's QA opens within it.
  await page
    .getByRole('listbox', { name: 'Revisions waiting for a decision' })
    .getByRole('option')
    .filter({ hasText: 'Assets to approve' })
    .first()
    .tap();
  await page.getByRole('link', { name: 'Open revision' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: /revision \d+/ })).toBeVisible();
  const sections = page.getByRole('navigation', { name: 'Plan sections' });
  for (const name of ['Overview', 'Storyboard', 'Characters', 'Costs', 'Compare revisions']) {
    await sections.getByRole('link', { name }).tap();
    await expect(sections.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    if (name === 'Storyboard') {
      await page.getByText(/Semantic action QA of scene 1/).tap();
      await expect(
        page.getByRole('table', { name: 'First and confirmation analyses' }),
      ).toBeVisible();
    }
    await expect.poll(() => sidewaysScroll(page)).toEqual([]);
  }
  await expectAccessible(page);
});
