/**
 * The review queue (/review): every plan revision that waits for a reviewer's decision, across
 * projects, checked against the API; its orders and filters in the URL; approval and "next in
 * queue" from the keyboard only; a run finishing elsewhere arriving live; and the per-project
 * fallback on a stack whose simulator answers the workspace-wide list 404 (SIM_NOT_FOUND_PATHS).
 *
 * Other specs revise and approve plans on the same server at the same time: comparisons with the
 * API read both sides again until they agree, and the revisions this spec approves are its own.
 */
import type { ChildProcess } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import { freePort, startApp } from './app-server.ts';
import { expect, expectAccessible, signInWithDemo, test } from './fixtures.ts';

interface Revision {
  id: string;
  project_id: string;
  revision: number;
  status: string;
  plan_approved_at?: string;
  assets_approved_at?: string;
}

const MARS = 'Faceless: Ten Minutes on Mars';

/** Signs in with the demo workspace and waits for the session (API calls need its cookie). */
async function signIn(page: Page, base = '') {
  await signInWithDemo(page, `${base}/projects`);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
}

async function signInWithKey(page: Page, key: string, base = '') {
  await page.goto(`${base}/login`);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
}

async function allProjects(request: APIRequestContext, base = '') {
  const projects: Array<{ id: string; name: string }> = [];
  for (let offset = 0; ; offset += 50) {
    const page = (await (
      await request.get(`${base}/api/v1/projects?limit=50&offset=${offset}`)
    ).json()) as {
      projects: Array<{ id: string; name: string }>;
      bounds: { has_more: boolean };
    };
    projects.push(...page.projects);
    if (!page.bounds.has_more) return projects;
  }
}

async function revisionsOf(request: APIRequestContext, projectId: string, base = '') {
  const answer = await request.get(`${base}/api/v1/projects/${projectId}/faceless/plans`);
  if (answer.status() === 404) return [];
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { revisions: Revision[] }).revisions;
}

/**
 * The ids of every revision that waits, read one project at a time through the contract's
 * per-project list: drafts whose plan is not approved, assets ready and not approved, failed runs
 * with no later revision in their project.
 */
async function waitingFromApi(request: APIRequestContext, base = ''): Promise<string[]> {
  const waiting: string[] = [];
  for (const project of await allProjects(request, base)) {
    const revisions = await revisionsOf(request, project.id, base);
    const latest = Math.max(0, ...revisions.map((revision) => revision.revision));
    for (const revision of revisions) {
      if (
        (revision.status === 'draft' && !revision.plan_approved_at) ||
        (revision.status === 'assets_ready' && !revision.assets_approved_at) ||
        (revision.status === 'failed' && revision.revision === latest)
      ) {
        waiting.push(revision.id);
      }
    }
  }
  return waiting.sort();
}

const queueList = (page: Page) =>
  page.getByRole('listbox', { name: 'Revisions waiting for a decision' });

/** The revision ids of the rows shown, in order, once the queue has been read whole. */
async function shownIds(page: Page): Promise<string[]> {
  await expect(
    page.getByText(/^(\d+ revisions? waits?|Nothing waits) for a decision/),
  ).toBeVisible();
  return queueList(page)
    .getByRole('option')
    .evaluateAll((options) =>
      options.map((option) => option.getAttribute('data-revision-id') ?? ''),
    );
}

const reviewLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Review/ });

/** The count beside "Review" in the main navigation (0 when none is shown). */
async function navCount(page: Page): Promise<number> {
  const match = /(\d+)/.exec((await reviewLink(page).textContent()) ?? '');
  return match ? Number(match[1]) : 0;
}

async function csrf(request: APIRequestContext, base = ''): Promise<Record<string, string>> {
  const session = (await (await request.get(`${base}/bff/session`)).json()) as {
    csrf_token: string;
  };
  return { 'x-csrf-token': session.csrf_token };
}

/** A new draft of the plan, revised from `source` with a changed image prompt of scene 1. */
async function newDraft(request: APIRequestContext, source: Revision, note: string) {
  const answer = await request.post(
    `/api/v1/projects/${source.project_id}/faceless/plans/${source.id}/revise`,
    {
      headers: await csrf(request),
      data: { scenes: [{ index: 0, imagePrompt: `dust wall over the ridge, ${note}` }] },
    },
  );
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Revision;
}

async function approveViaApi(request: APIRequestContext, revision: Revision, stage: string) {
  const answer = await request.post(
    `/api/v1/projects/${revision.project_id}/faceless/plans/${revision.id}/approve`,
    { headers: await csrf(request), data: { stage } },
  );
  expect(answer.status()).toBe(200);
}

async function statusOf(request: APIRequestContext, revision: Revision) {
  const answer = await request.get(
    `/api/v1/projects/${revision.project_id}/faceless/plans/${revision.id}`,
  );
  return (await answer.json()) as Revision;
}

/** Revisions of Mars with their assets ready for review, made for this spec through the API. */
async function marsAssetsReady(page: Page, count: number, note: string): Promise<Revision[]> {
  const mars = (await allProjects(page.request)).find((project) => project.name === MARS);
  if (!mars) throw new Error('no Mars project');
  const source = (await revisionsOf(page.request, mars.id)).find((r) => r.revision === 1);
  if (!source) throw new Error('no revision 1 of Mars');
  const made: Revision[] = [];
  for (let i = 0; i < count; i += 1) {
    const draft = await newDraft(page.request, source, `${note} ${i}`);
    await approveViaApi(page.request, draft, 'plan');
    await expect
      .poll(async () => (await statusOf(page.request, draft)).status, { timeout: 20_000 })
      .toBe('assets_ready');
    made.push(draft);
  }
  return made;
}

test.describe('review queue', () => {
  test('lists exactly the revisions that wait, in either order, with a filter kept in the URL', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signIn(page);
    await reviewLink(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
    // Other specs change plans meanwhile: read both sides again until they agree.
    await expect(async () => {
      await page.reload();
      const expected = await waitingFromApi(page.request);
      expect(expected.length).toBeGreaterThanOrEqual(3);
      expect([...(await shownIds(page))].sort()).toEqual(expected);
      await expect.poll(() => navCount(page), { timeout: 3_000 }).toBe(expected.length);
    }).toPass({ timeout: 40_000 });

    // Oldest first (the default): each row waited at least as long as the one after it.
    const since = async () =>
      queueList(page)
        .locator('time')
        .evaluateAll((times) =>
          times.map((time) => Date.parse(time.getAttribute('datetime') ?? '')),
        );
    const oldest = await since();
    expect(oldest).toEqual([...oldest].sort((a, b) => a - b));
    await expect(queueList(page).getByRole('option').first()).toContainText(
      /Waiting \d+ \w+, since \w{3} \d+, \d{4}/,
    );

    // Most credits first: what cannot be approved last.
    await page.getByLabel('Order', { exact: true }).selectOption('credits');
    await expect(page).toHaveURL(/order=credits/);
    const credits = await queueList(page)
      .getByRole('option')
      .evaluateAll((options) =>
        options.map((option) => {
          const match = /Approving spends ([\d,]+) credits?/.exec(option.textContent ?? '');
          return match ? Number(match[1]?.replace(/,/g, '')) : -1;
        }),
      );
    expect(credits.length).toBeGreaterThanOrEqual(3);
    expect(credits).toEqual([...credits].sort((a, b) => b - a));
    await expectAccessible(page);

    // By project, then only assets to approve: the filter stays across a reload.
    await page.getByLabel('Order', { exact: true }).selectOption('project');
    const names = await queueList(page)
      .getByRole('option')
      .evaluateAll((options) => options.map((o) => o.querySelector('span')?.textContent ?? ''));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    await page.getByLabel('State', { exact: true }).selectOption('assets');
    await expect(page).toHaveURL(/state=assets/);
    await page.reload();
    await expect(page.getByLabel('State', { exact: true })).toHaveValue('assets');
    await expect(page.getByLabel('Order', { exact: true })).toHaveValue('project');
    const filtered = queueList(page).getByRole('option');
    await expect(filtered.first()).toBeVisible();
    for (const text of await filtered.allInnerTexts()) expect(text).toContain('Assets to approve');
    expect(await filtered.count()).toBeLessThan(credits.length);
  });

  test('approves from the keyboard only: the server records it, the row leaves, the count drops, and next in queue opens the next revision', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page);
    const [first, second, third] = await marsAssetsReady(page, 3, 'keyboard');
    if (!first || !second || !third) throw new Error('three revisions expected');
    const mars = first.project_id;
    await page.goto(`/review?state=assets&project=${mars}`);
    const option = (revision: Revision) =>
      queueList(page).locator(`[role="option"][data-revision-id="${revision.id}"]`);
    await expect(option(third)).toBeVisible();
    await expect.poll(() => navCount(page)).toBeGreaterThan(0);

    // j / k move the selection; the first of ours is selected.
    await page.keyboard.press('Home');
    for (
      let i = 0;
      i < 10 && (await option(first).getAttribute('aria-selected')) !== 'true';
      i += 1
    ) {
      await page.keyboard.press('j');
    }
    await expect(option(first)).toHaveAttribute('aria-selected', 'true');
    await expect(queueList(page)).toBeFocused();
    // Two of ours follow it: down and back up again.
    await page.keyboard.press('j');
    await expect(option(first)).toHaveAttribute('aria-selected', 'false');
    await page.keyboard.press('k');
    await expect(option(first)).toHaveAttribute('aria-selected', 'true');

    // a: the usual confirmation, with what it spends and the balance; Enter confirms.
    await page.keyboard.press('a');
    const dialog = page.getByRole('dialog', {
      name: /Approve the assets of .*Mars, revision \d+\?/,
    });
    await expect(dialog).toContainText('This will spend 80 credits.');
    await expect(dialog).toContainText(/Workspace balance: [\d,]+ credits; [\d,]+ left after\./);
    await expect(
      dialog.getByRole('button', { name: 'Approve and spend 80 credits' }),
    ).toBeFocused();
    await expectAccessible(page);
    const before = await navCount(page);
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(option(first)).toHaveCount(0);
    expect(await navCount(page)).toBe(before - 1);
    const recorded = await statusOf(page.request, first);
    expect(recorded.assets_approved_at).toBeTruthy();
    expect(['generating', 'complete']).toContain(recorded.status);

    // Enter opens the selected revision; a decision there offers the next one, focused.
    for (
      let i = 0;
      i < 10 && (await option(second).getAttribute('aria-selected')) !== 'true';
      i += 1
    ) {
      await page.keyboard.press('j');
    }
    await expect(option(second)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { level: 1, name: new RegExp(`revision ${second.revision}$`) }),
    ).toBeVisible();
    const queueNav = page.getByRole('navigation', { name: 'Review queue' });
    await expect(queueNav).toContainText(/\d+ of \d+ waiting/);
    const approveButton = page.getByRole('button', { name: 'Approve assets' });
    await expect(approveButton).toBeVisible();
    for (let i = 0; i < 60; i += 1) {
      if (await approveButton.evaluate((button) => button === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(approveButton).toBeFocused();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: /Approve the assets of revision/ });
    await expect(confirm.getByRole('button', { name: /Approve and spend/ })).toBeFocused();
    await page.keyboard.press('Enter');
    const next = queueNav.getByRole('link', { name: /^Next in queue: .*Mars, revision \d+/ });
    await expect(next).toBeFocused();
    await expect(queueNav).toContainText('Decision recorded');
    expect((await statusOf(page.request, second)).assets_approved_at).toBeTruthy();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { level: 1, name: new RegExp(`revision ${third.revision}$`) }),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/plans/${third.id}\\?`));
    await expect(page.getByRole('navigation', { name: 'Review queue' })).toContainText(
      /\d+ of \d+ waiting/,
    );

    // Back in the queue, both decisions are gone from it.
    await page.getByRole('link', { name: '← Review queue' }).click();
    await expect(option(third)).toHaveAttribute('aria-selected', 'true');
    await expect(option(first)).toHaveCount(0);
    await expect(option(second)).toHaveCount(0);
  });

  test('a run finishing elsewhere adds its row live, without a reload', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page);
    await reviewLink(page).click();
    await expect(page.getByText(/for a decision/).first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Live updates$/ })).toBeVisible({
      timeout: 15_000,
    });
    const mars = (await allProjects(page.request)).find((project) => project.name === MARS);
    const source = (await revisionsOf(page.request, mars?.id ?? '')).find((r) => r.revision === 1);
    if (!source) throw new Error('no Mars revision 1');
    // Elsewhere (the API, as another client): a new draft whose plan is approved at once.
    const draft = await newDraft(page.request, source, 'elsewhere');
    await approveViaApi(page.request, draft, 'plan');
    let reloaded = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = true;
    });
    const row = queueList(page).locator(`[role="option"][data-revision-id="${draft.id}"]`);
    await expect(row).toContainText('Assets to approve', { timeout: 20_000 });
    await expect(row).toContainText(`revision ${draft.revision}`);
    expect(reloaded).toBe(false);
  });

  test('a free workspace sees its queue, but approving says it needs a paid plan before any request; x marks a revision for later', async ({
    page,
  }) => {
    await signInWithKey(page, 'vcs_test_demo_free');
    const approvals: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/approve')) approvals.push(request.url());
    });
    await reviewLink(page).click();
    const row = queueList(page).getByRole('option', { name: /Faceless: Paper Boats/ });
    await expect(row).toContainText('Assets to approve');
    await expect(row).toContainText(/Approving spends \d+ credits/);
    const approve = page.getByRole('button', { name: 'Approve assets · needs a paid plan' });
    await expect(approve).toBeDisabled();
    await expect(page.getByText(/Approving needs a paid plan/)).toBeVisible();
    await queueList(page).focus();
    await page.keyboard.press('a');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: 'Selected revision' }).getByRole('status'),
    ).toContainText('needs a paid plan');
    expect(approvals).toEqual([]);

    await page.keyboard.press('x');
    await expect(row).toContainText('Reviewed · for later');
    await expect(page.getByRole('button', { name: 'Reviewed, for later' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.reload();
    await expect(
      queueList(page).getByRole('option', { name: /Faceless: Paper Boats/ }),
    ).toContainText('Reviewed · for later');
    await expectAccessible(page);
    // Keys typed into a field stay there.
    await page.getByLabel('Order', { exact: true }).focus();
    await page.keyboard.press('x');
    await expect(
      queueList(page).getByRole('option', { name: /Faceless: Paper Boats/ }),
    ).toContainText('Reviewed · for later');
  });

  test('credits too low: approving is refused with both numbers', async ({ page }) => {
    await page.route('**/api/v1/credits', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          balance: 20,
          unit: 'credits',
          plan: 'pro',
          period_end: '2030-01-01T00:00:00Z',
        }),
      }),
    );
    await signIn(page);
    await page.goto('/review?state=assets&order=credits');
    const first = queueList(page).getByRole('option').first();
    await expect(first).toContainText(/Approving spends [\d,]+ credits \(balance 20 credits\)/);
    await expect(
      page.getByText(
        /^Not enough credits: approving spends [\d,]+ credits and the workspace has 20 credits\.$/,
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve assets' })).toBeDisabled();
    await queueList(page).focus();
    await page.keyboard.press('a');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('review queue on a service without the workspace-wide list', () => {
  let app: ChildProcess | undefined;
  let origin = '';

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    app = await startApp(port, {
      SIM_TIME_SCALE: '4',
      SIM_NOT_FOUND_PATHS: '^/faceless/plans$',
    });
    origin = `http://localhost:${port}`;
  });

  test.afterAll(async () => {
    const running = app;
    if (running && running.exitCode === null) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    }
  });

  test('lists the same revisions from the per-project lists, with one notice saying so', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signIn(page, origin);
    expect((await page.request.get(`${origin}/api/v1/faceless/plans`)).status()).toBe(404);
    await page.goto(`${origin}/review`);
    const notice = page
      .getByRole('note')
      .filter({ hasText: /does not list plans across the workspace/ });
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText(/\(\d+ of \d+ projects read\)/);
    await expect(async () => {
      await page.reload();
      const expected = await waitingFromApi(page.request, origin);
      expect(expected.length).toBeGreaterThanOrEqual(3);
      expect([...(await shownIds(page))].sort()).toEqual(expected);
    }).toPass({ timeout: 30_000 });
    await expect(reviewLink(page)).toContainText(/\d+/);
    await expectAccessible(page);
  });
});
