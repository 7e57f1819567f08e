import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

/** Signs in through the real login screen with the demo workspace. */
export async function signInWithDemo(page: Page, path = '/projects'): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Sign in to Cutroom' })).toBeVisible();
  await page.getByRole('button', { name: 'Use demo workspace' }).click();
}

/** No serious or critical accessibility violations on the current screen. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    blocking.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

export const test = base;
export { expect };
