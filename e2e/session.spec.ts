import { expect, expectAccessible, signInWithDemo, test } from './fixtures.ts';

test.describe('session', () => {
  test('signs in with the demo workspace and shows who is signed in', async ({ page }) => {
    await signInWithDemo(page);
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByText('org_demo', { exact: true })).toBeVisible();
    await expect(header.getByText('vcs_test_dem…')).toBeVisible();
    await expect(header.getByLabel('Environment: test')).toHaveText('test');
    await expectAccessible(page);
  });

  test('the login screen is accessible and refuses a bad key with a clear message', async ({
    page,
  }) => {
    await page.goto('/login');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Paste your API key.')).toBeVisible();

    await page.getByLabel('API key').fill('vcs_test_not_a_real_key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('That key was refused');
    await expect(page).toHaveURL(/\/login/);
    const cookies = await page.context().cookies();
    expect(cookies.filter((c) => c.name.includes('cutroom'))).toEqual([]);
  });

  test('signs in with a pasted key', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('API key').fill('vcs_test_demo_free');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    await expect(page.getByRole('banner').getByText('free', { exact: true })).toBeVisible();
  });

  test('logs out and protects the app afterwards', async ({ page }) => {
    await signInWithDemo(page);
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to Cutroom' })).toBeVisible();
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Sign in to Cutroom' })).toBeVisible();
    const response = await page.request.get('/api/v1/projects');
    expect(response.status()).toBe(401);
  });

  test('a deep link survives sign-in and a reload', async ({ page }) => {
    await page.goto('/projects?offset=5&limit=5');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByRole('button', { name: 'Use demo workspace' }).click();
    await expect(page).toHaveURL(/\/projects\?offset=5&limit=5/);
    await expect(page.getByText(/Showing 6–/)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    await expect(page.getByText(/Showing 6–/)).toBeVisible();
  });
});

test('no API key, demo key or server secret is in the served JavaScript', async ({ page }) => {
  const pending: Promise<string>[] = [];
  const urls: string[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('.js')) return;
    urls.push(response.url());
    const text = response.text();
    // Read below; a body still being read when the test ends must not fail it afterwards.
    text.catch(() => undefined);
    pending.push(text);
  });
  await signInWithDemo(page, '/projects?limit=50');
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  // Visit the heaviest route too, so its lazily loaded chunks are fetched and checked.
  await page.getByRole('link', { name: 'Behind the scenes - studio day' }).click();
  await page.getByRole('link', { name: 'Open timeline' }).click();
  const canvas = page.getByRole('application', { name: /Timeline canvas/ });
  await expect(canvas).toBeVisible({ timeout: 15_000 });
  // The pointer on the canvas mounts its overlay: that chunk (Konva) is loaded and checked too.
  // Awaited by name: it loads after the canvas has measured itself, and the network can be idle
  // for a moment before that (the timeline's preview panel loads its own chunks first).
  const overlayChunk = page.waitForResponse((response) =>
    /\/timeline-overlay-[\w-]+\.js$/.test(response.url()),
  );
  await canvas.hover();
  await overlayChunk;
  await page.waitForLoadState('networkidle');
  let scripts: string[] = [];
  while (scripts.length !== pending.length) scripts = await Promise.all([...pending]);
  expect(urls.some((url) => /\/timeline-overlay-[\w-]+\.js$/.test(url))).toBe(true);
  expect(scripts.length).toBeGreaterThan(2);
  for (const text of scripts) {
    expect(text).not.toMatch(/vcs_(test|live)_[A-Za-z0-9_]{4,}/);
    expect(text).not.toContain('whsec_');
    expect(text).not.toContain('e2e-session-secret');
  }
});
