import { expect, expectAccessible, signInWithDemo, test } from './fixtures.ts';

test.describe('projects', () => {
  test('paginates the list from the URL', async ({ page }) => {
    await signInWithDemo(page, '/projects?limit=5');
    const list = page.getByRole('list', { name: 'Projects' });
    await expect(list.getByRole('listitem')).toHaveCount(5);
    await expect(page.getByText(/Showing 1–5 of \d+/)).toBeVisible();
    const firstPageNames = await list.getByRole('link').allTextContents();

    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/offset=5/);
    await expect(page.getByText(/Showing 6–/)).toBeVisible();
    const secondPageNames = await list.getByRole('link').allTextContents();
    expect(secondPageNames.some((n) => firstPageNames.includes(n))).toBe(false);

    await page.getByRole('link', { name: 'Previous page' }).click();
    await expect(page.getByText(/Showing 1–5/)).toBeVisible();
    await expectAccessible(page);
  });

  test('opens a project page with its fields, exports and jobs', async ({ page }) => {
    await signInWithDemo(page);
    const first = page.getByRole('list', { name: 'Projects' }).getByRole('link').first();
    const name = (await first.textContent()) ?? '';
    await first.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const details = page.getByRole('region', { name: 'Details' });
    for (const label of ['Project ID', 'Status', 'Aspect ratio', 'Created', 'Updated']) {
      await expect(details.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Exports', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Jobs', exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('creates a project and edits its name and description', async ({ page }) => {
    await signInWithDemo(page);
    await page.getByRole('button', { name: 'New project' }).first().click();
    const form = page.getByRole('region', { name: 'New project' });
    await form.getByRole('button', { name: 'Create project' }).click();
    await expect(form.getByText('Give the project a name.')).toBeVisible();

    await form.getByLabel('Name').fill('E2E launch teaser');
    await form.getByLabel('Description').fill('Made by the Playwright suite');
    await form.getByRole('button', { name: 'Create project' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'E2E launch teaser' })).toBeVisible();

    await page.getByRole('button', { name: 'Edit details' }).click();
    const edit = page.getByRole('region', { name: 'Edit project details' });
    await edit.getByLabel('Name').fill('E2E launch teaser v2');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'E2E launch teaser v2' }),
    ).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'E2E launch teaser v2' }),
    ).toBeVisible();
  });

  test('a read-only key sees why a write is refused', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('API key').fill('vcs_test_demo_readonly');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    await page.getByRole('button', { name: 'New project' }).first().click();
    const form = page.getByRole('region', { name: 'New project' });
    await form.getByLabel('Name').fill('Should not be created');
    await form.getByRole('button', { name: 'Create project' }).click();
    await expect(form.getByRole('alert')).toContainText('Your key does not allow this');
  });

  test('an unknown project shows a not-found message', async ({ page }) => {
    await signInWithDemo(page, '/projects/00000000-0000-0000-0000-000000000000');
    await expect(page.getByRole('alert')).toContainText('Not found');
  });
});
