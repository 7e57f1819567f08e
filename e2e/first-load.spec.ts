/**
 * A deep link's first load: the BFF's index.html preloads what the first screen asks for first (the
 * session, the route's data, the route's chunks), and the app takes those preloaded answers instead
 * of asking again (src/server/static/route-preloads.ts): each is in the document's head, and its URL is
 * requested once (a preload the app did not take would be a second request). The timeline's canvas
 * chunk is not preloaded: it loads after the first paint, which does not share the link with it.
 */
import type { Page } from '@playwright/test';
import { FIRST_WORDS_PAGE_SEARCH } from '../src/api/caption-word-pages.ts';
import { expect, signInWithDemo, test } from './fixtures.ts';

/** Requests the page makes from now on: URL path + search → how many times. */
function countRequests(page: Page): Map<string, number> {
  const counts = new Map<string, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    const key = `${url.pathname}${url.search}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  return counts;
}

const countOf = (counts: Map<string, number>, test: (key: string) => boolean) =>
  [...counts].filter(([key]) => test(key)).reduce((sum, [, count]) => sum + count, 0);

/** Signs in with the demo workspace and finds the seeded project called `name`. */
async function signedInProject(page: Page, name: string): Promise<{ id: string; name: string }> {
  await signInWithDemo(page, '/projects');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  const { projects } = (await (await page.request.get('/api/v1/projects?limit=50')).json()) as {
    projects: Array<{ id: string; name: string }>;
  };
  const project = projects.find((item) => item.name === name);
  expect(project, `the seeded project “${name}”`).toBeDefined();
  return project!;
}

test('the login screen comes with its session check and configuration, each asked for once', async ({
  page,
}) => {
  const counts = countRequests(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Use demo workspace' })).toBeVisible();
  const head = await page.locator('head').innerHTML();
  expect(head).toContain('<link rel="preload" as="fetch" crossorigin="" href="/bff/session">');
  expect(head).toContain('<link rel="preload" as="fetch" crossorigin="" href="/bff/config">');
  expect(counts.get('/bff/session')).toBe(1);
  expect(counts.get('/bff/config')).toBe(1);
});

test('a signed-in deep link to the projects list takes the preloaded session and first page', async ({
  page,
}) => {
  await signInWithDemo(page, '/projects');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  const counts = countRequests(page);
  await page.goto('/projects');
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Projects' }).getByRole('listitem').first(),
  ).toBeVisible();
  const head = await page.locator('head').innerHTML();
  expect(head).toContain('href="/api/v1/projects?offset=0&amp;limit=10"');
  expect(counts.get('/bff/session')).toBe(1);
  expect(counts.get('/api/v1/projects?offset=0&limit=10')).toBe(1);
});

test('a timeline deep link takes the preloaded timeline and loads its canvas chunk once, after the first paint', async ({
  page,
}) => {
  const project = await signedInProject(page, 'Webinar recap - March');
  const counts = countRequests(page);
  await page.goto(`/projects/${project.id}/timeline`);
  await expect(page.getByRole('application', { name: /Timeline canvas/ })).toBeVisible();
  // The canvas chunk was asked for after the first paint (both times on the page's clock). The
  // paint's own time (`paintTime`, when the frame was painted), not its start time, which is when
  // the compositor presented it: on a loaded machine that came 50 ms after the chunk was asked
  // for, in a task after the painted frame (a clean-clone run, 2026-11-25).
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0] as
      (PerformanceEntry & { paintTime?: number }) | undefined;
    return {
      paint: paint?.paintTime ?? paint?.startTime,
      canvas: performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.includes('/assets/timeline-canvas-'))?.startTime,
    };
  });
  expect(timing.paint, 'first contentful paint').toBeDefined();
  expect(timing.canvas, 'the canvas chunk was requested').toBeDefined();
  expect(timing.canvas!).toBeGreaterThanOrEqual(timing.paint!);
  // As served (the app itself adds modulepreload links for what it imports later).
  const document = await page.request.get(`/projects/${project.id}/timeline`, {
    headers: { accept: 'text/html' },
  });
  const served = await document.text();
  expect(served).toContain('rel="modulepreload"');
  expect(served).not.toContain('/assets/timeline-canvas-');
  const head = await page.locator('head').innerHTML();
  expect(head).toContain(`href="/api/v1/projects/${project.id}/timeline"`);
  expect(counts.get('/bff/session')).toBe(1);
  expect(counts.get(`/api/v1/projects/${project.id}/timeline`)).toBe(1);
  expect(countOf(counts, (key) => key.startsWith('/assets/timeline-canvas-'))).toBe(1);
});

test('a Words deep link takes its preloaded project, first page of words and timeline, each asked for once', async ({
  page,
}) => {
  const project = await signedInProject(page, 'Interview: Building in Public');
  const counts = countRequests(page);
  await page.goto(`/projects/${project.id}/words`);
  await expect(page.getByRole('listbox', { name: /^Transcript/ })).toBeVisible();
  const base = `/api/v1/projects/${project.id}`;
  const firstWords = `${base}/captions/words?${FIRST_WORDS_PAGE_SEARCH}`;
  const head = await page.locator('head').innerHTML();
  for (const url of [base, firstWords, `${base}/timeline`]) {
    expect(head).toContain(`href="${url.replace('&', '&amp;')}"`);
    expect(counts.get(url), url).toBe(1);
  }
  expect(counts.get('/bff/session')).toBe(1);
});
