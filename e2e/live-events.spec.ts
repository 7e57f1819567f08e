import { expect, signInWithDemo, test } from './fixtures.ts';

test.describe('live events', () => {
  test('a toast appears when the simulator finishes an export', async ({ page }) => {
    await signInWithDemo(page);
    await expect(page.getByRole('status').filter({ hasText: 'Live updates' })).toBeVisible({
      timeout: 15_000,
    });
    await page.getByRole('list', { name: 'Projects' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Exports', exact: true })).toBeVisible();
    const exportRows = page.getByRole('table').getByRole('row');
    const rowsBefore = (await page.getByRole('table').count()) ? await exportRows.count() : 0;

    await page.getByRole('button', { name: 'Export video' }).click();
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(notifications.getByText('Export ready')).toBeVisible({ timeout: 25_000 });
    await expect(notifications.getByRole('link', { name: 'Download' })).toBeVisible();
    // The exports list was refreshed by the event, without a reload.
    // (With no table before, the new one has a header row and the new export.)
    await expect(exportRows).toHaveCount(rowsBefore ? rowsBefore + 1 : 2);
  });
});
