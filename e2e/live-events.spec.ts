import type { Page } from '@playwright/test';
import { expect, signInWithDemo, test } from './fixtures.ts';

/** Opens the first project and waits until its exports have loaded; returns the export rows. */
async function openFirstProjectExports(page: Page) {
  await page.getByRole('list', { name: 'Projects' }).getByRole('link').first().click();
  const exportsSection = page.getByRole('region', { name: 'Exports' });
  await expect(
    exportsSection
      .getByRole('table')
      .or(exportsSection.getByRole('heading', { name: 'No exports yet' })),
  ).toBeVisible();
  const rows = exportsSection.getByRole('table').getByRole('row');
  const before = (await exportsSection.getByRole('table').count()) ? await rows.count() : 0;
  // With no table before, the new one has a header row and the new export.
  return { rows, expectedAfter: before ? before + 1 : 2 };
}

test.describe('live events', () => {
  test('a toast appears when the simulator finishes an export', async ({ page }) => {
    await signInWithDemo(page);
    await expect(page.getByRole('status').filter({ hasText: 'Live updates' })).toBeVisible({
      timeout: 15_000,
    });
    const { rows, expectedAfter } = await openFirstProjectExports(page);

    await page.getByRole('button', { name: 'Export video' }).click();
    await page
      .getByRole('dialog', { name: 'Export this project' })
      .getByRole('button', { name: 'Start export' })
      .click();
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(notifications.getByText('Export ready')).toBeVisible({ timeout: 25_000 });
    await expect(notifications.getByRole('link', { name: 'Download' })).toBeVisible();
    // The exports list was refreshed by the event, without a reload.
    await expect(rows).toHaveCount(expectedAfter);
  });

  test('falls back to polling, and says so, when the event stream is down', async ({ page }) => {
    // The finished export arrives by a poll, up to one polling period after it ends: the
    // default 30 s would hold the whole test, sign-in and export included.
    test.setTimeout(90_000);
    await page.route('**/bff/events', (route) => route.abort());
    await signInWithDemo(page);
    await expect(page.getByRole('status').filter({ hasText: /Polling every \d+ s/ })).toBeVisible({
      timeout: 15_000,
    });
    const { rows, expectedAfter } = await openFirstProjectExports(page);
    await page.getByRole('button', { name: 'Export video' }).click();
    await page
      .getByRole('dialog', { name: 'Export this project' })
      .getByRole('button', { name: 'Start export' })
      .click();
    // No event arrives, but polling still brings the finished export in.
    await expect(rows).toHaveCount(expectedAfter, { timeout: 30_000 });
  });
});
