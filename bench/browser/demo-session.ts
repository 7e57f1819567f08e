/** Signing a benchmark's page in as a user would, and finding the simulator's seeded projects. */
import type { Page } from 'playwright-core';

/** Signs `page` in through the login screen with the demo workspace. */
export async function signInWithDemo(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/projects`);
  await page.getByRole('button', { name: 'Use demo workspace' }).click();
  await page.getByRole('heading', { name: 'Projects' }).waitFor();
}

/** The id of each seeded project (of the first 50) by name; `page` is signed in. */
export async function seededProjectIds(page: Page, base: string): Promise<Map<string, string>> {
  const { projects } = (await (
    await page.request.get(`${base}/api/v1/projects?limit=50`)
  ).json()) as { projects: Array<{ id: string; name: string }> };
  return new Map(projects.map((project) => [project.name, project.id]));
}

/** The id of the seeded project named `name`; throws when the seed lacks it. */
export async function seededProjectId(page: Page, base: string, name: string): Promise<string> {
  const id = (await seededProjectIds(page, base)).get(name);
  if (!id) throw new Error(`the seeded project “${name}” is missing`);
  return id;
}
