/**
 * Review notes across people, instances and restarts (issue 42).
 *
 * A stack of its own: one simulator (the service), two BFF instances on it sharing one Redis and
 * one real Postgres server (DATABASE_URL), as two instances behind a load balancer. On a phone
 * (390 × 844, touch) a reviewer requests changes with a note on scene 3; a creator in another
 * browser context, on the other instance, sees the marker on scene 3 arrive live, revises the
 * scene, and the new revision shows the note carried over, "scene changed since"; the reviewer
 * resolves it and approves. The read-only key reads notes but cannot add one; markup in a note is
 * shown as text and script is refused by name; axe finds no serious violation. Then, on PGlite:
 * after the app is stopped and started again, the notes and the audit trail are still there.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  startTestPostgres,
  type TestPostgres,
} from '../src/server/test-support/postgres-server.ts';
import { startTestRedis, type TestRedis } from '../src/server/test-support/redis-server.ts';
import { freePort, startApp, stopApp } from './app-server.ts';
import { expect as baseExpect, expectAccessible, test } from './fixtures.ts';

// Six processes of its own (two instances, the simulator, Postgres, Redis, the browser) on one
// machine: a first page of an instance takes longer than the suite's default wait.
const expect = baseExpect.configure({ timeout: 15_000 });

const root = fileURLToPath(new URL('..', import.meta.url));
const LIGHTHOUSE = 'Faceless: The Lighthouse Keeper';
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

interface Revision {
  id: string;
  project_id: string;
  revision: number;
  status: string;
}

/** The service as a process of its own (`tsx mocks/main.ts`), so both instances share it. */
function startSimulator(): Promise<{ child: ChildProcess; baseUrl: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'mocks/main.ts'], {
      cwd: root,
      env: { ...process.env, SIM_PORT: '0', SIM_HOST: '127.0.0.1', SIM_TIME_SCALE: '4' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.once('exit', (code) => reject(new Error(`the simulator exited with ${code}`)));
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ child, baseUrl: url });
    });
  });
}

/**
 * Waits until the instance's database is open (notes answer 503 until then). A fresh PGlite data
 * directory is created and migrated first: on a busy machine that takes more than a minute.
 */
async function untilReady(base: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const answer = await fetch(`${base}/readyz`);
        // The status with what is not ready yet, so a failure says which part never opened.
        return answer.status === 200 ? 'ready' : `${answer.status}: ${await answer.text()}`;
      },
      { timeout: 180_000 },
    )
    .toBe('ready');
}

async function signInWithKey(page: Page, base: string, key: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
}

async function lighthouseRevisions(page: Page, base: string) {
  const projects = (await (await page.request.get(`${base}/api/v1/projects?limit=50`)).json()) as {
    projects: Array<{ id: string; name: string }>;
  };
  const project = projects.projects.find((candidate) => candidate.name === LIGHTHOUSE);
  if (!project) throw new Error(`no project ${LIGHTHOUSE}`);
  const answer = await page.request.get(`${base}/api/v1/projects/${project.id}/faceless/plans`);
  return {
    projectId: project.id,
    revisions: ((await answer.json()) as { revisions: Revision[] }).revisions,
  };
}

const planHeading = (page: Page, revision: number) =>
  page.getByRole('heading', { level: 1, name: new RegExp(`revision ${revision}$`) });
const notesPanel = (page: Page) => page.getByRole('region', { name: 'Notes' });
const sceneCard = (page: Page, name: RegExp) => page.getByRole('article', { name });

test.describe('review notes on two instances over one Postgres and Redis', () => {
  let redis: TestRedis | undefined;
  let postgres: TestPostgres | undefined;
  let simulator: ChildProcess | undefined;
  const apps: ChildProcess[] = [];
  const bases: string[] = [];

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    // One after the other, each kept as soon as it runs (afterAll stops what started): the
    // Postgres set-up blocks this process while initdb runs, which would starve the others' timers.
    redis = await startTestRedis();
    postgres = await startTestPostgres();
    const service = await startSimulator();
    simulator = service.child;
    const databaseUrl = await postgres.createDatabase();
    const env = {
      VCS_BASE_URL: service.baseUrl,
      // "Use demo workspace" signs in with the paid workspace's key, as with the embedded simulator.
      VCS_API_KEY: 'vcs_test_demo_paid',
      REDIS_URL: redis.url,
      REDIS_PREFIX: `e2e-notes-${process.pid}:`,
      DATABASE_URL: databaseUrl,
    };
    // One after the other: the first one migrates the database.
    for (let index = 0; index < 2; index += 1) {
      const port = await freePort();
      apps.push(await startApp(port, env));
      bases.push(`http://localhost:${port}`);
      await untilReady(bases[index] ?? '');
    }
  });

  test.afterAll(async () => {
    for (const app of apps) await stopApp(app);
    if (simulator && simulator.exitCode === null) {
      const exited = new Promise((resolve) => simulator?.once('exit', resolve));
      simulator.kill('SIGTERM');
      await exited;
    }
    await postgres?.close();
    await redis?.close();
  });

  test('a reviewer on a phone requests changes on scene 3; the creator on the other instance sees it live, revises, and the note is carried over; resolved and approved', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const [reviewerBase = '', creatorBase = ''] = bases;
    const reviewerContext = await browser.newContext(phone);
    const creatorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const reviewer = await reviewerContext.newPage();
    const creator = await creatorContext.newPage();

    await signInWithKey(reviewer, reviewerBase, 'vcs_test_demo_paid');
    await signInWithKey(creator, creatorBase, 'vcs_test_demo_editor');
    const { projectId, revisions } = await lighthouseRevisions(reviewer, reviewerBase);
    const draft = revisions.find((revision) => revision.status === 'draft');
    if (!draft) throw new Error('no draft revision of the Lighthouse Keeper');
    const planUrl = (base: string, revisionId: string, tab = 'storyboard') =>
      `${base}/projects/${projectId}/plans/${revisionId}?tab=${tab}`;

    // The creator watches the storyboard of the draft (instance B).
    await creator.goto(planUrl(creatorBase, draft.id));
    await expect(planHeading(creator, draft.revision)).toBeVisible();
    const creatorScene3 = sceneCard(creator, /^Scene 3: /);
    await expect(creatorScene3.getByRole('button', { name: 'Add note on scene 3' })).toBeVisible();

    // The reviewer, on a phone (instance A): no note yet, so changes cannot be requested.
    await reviewer.goto(planUrl(reviewerBase, draft.id));
    await expect(planHeading(reviewer, draft.revision)).toBeVisible();
    const request = reviewer.getByRole('button', { name: 'Request changes' });
    await expect(request).toBeDisabled();
    await expect(reviewer.getByText(/Write a note first/)).toBeVisible();

    // Script is refused, by name, before anything is sent; markup is kept as text.
    await sceneCard(reviewer, /^Scene 3: /)
      .getByRole('button', { name: 'Add note on scene 3' })
      .tap();
    const text = reviewer.getByRole('textbox', { name: 'Note', exact: true });
    await expect(text).toBeFocused();
    await expect(reviewer.getByLabel('About')).toHaveValue('scene:2');
    await text.fill('See <script>alert(1)</script>');
    await expect(notesPanel(reviewer).getByRole('alert')).toContainText(
      'cannot hold script: remove a <script> tag',
    );
    const body = 'The logbook should show the <b>date</b>: see https://example.com/logbook';
    await text.fill(body);
    await reviewer.getByRole('button', { name: 'Add note', exact: true }).tap();
    const reviewerNote = notesPanel(reviewer).getByRole('article', {
      name: /^Note about Scene 3: /,
    });
    await expect(reviewerNote).toContainText(body);
    await expect(reviewerNote.locator('b')).toHaveCount(0);
    await expect(
      reviewerNote.getByRole('link', { name: 'https://example.com/logbook' }),
    ).toHaveAttribute('href', 'https://example.com/logbook');
    await expect(reviewerNote).toContainText('You');

    // The creator's storyboard shows the marker on scene 3 without a reload (live, instance B).
    const noteWritten = Date.now();
    const marker = creatorScene3.getByRole('button', { name: '1 open note on scene 3' });
    await expect(marker).toBeVisible();
    test.info().annotations.push({
      type: 'live',
      description: `the marker showed on the other instance ${Date.now() - noteWritten} ms after the note was written (measured in bench:notes)`,
    });

    // Changes requested, from the phone.
    await expect(request).toBeEnabled();
    await request.tap();
    await expect(
      reviewer.getByRole('status').filter({ hasText: /^Changes requested by You/ }),
    ).toBeVisible();
    expect(await reviewer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectAccessible(reviewer);
    // … and the creator reads who asked, in words.
    await expect(
      creator
        .getByRole('status')
        .filter({ hasText: /^Changes requested by A member without a name/ }),
    ).toBeVisible();

    // The creator opens the note from the marker, then revises scene 3.
    await marker.click();
    await expect(
      notesPanel(creator).getByRole('article', { name: /^Note about Scene 3: / }),
    ).toContainText('A member without a name');
    await creatorScene3.getByRole('button', { name: 'Edit scene 3' }).click();
    const editor = creator.getByRole('dialog', { name: 'Edit scene 3' });
    await editor.getByLabel('Narration').fill('The logbook, dated 1887, held the same pattern.');
    await editor.getByRole('button', { name: 'Save to draft' }).click();
    await creator
      .getByRole('region', { name: /Unsent draft/ })
      .getByRole('button', { name: 'Review and send' })
      .click();
    await creator.getByRole('button', { name: 'Create revision' }).click();
    const next = draft.revision + 1;
    await expect(planHeading(creator, next)).toBeVisible();

    // The new revision carries the open note over, to scene 3, "scene changed since".
    const carried = notesPanel(creator).getByRole('article', { name: /^Note about Scene 3: / });
    await expect(carried).toContainText('Scene changed since');
    await expect(carried).toContainText(`From revision ${draft.revision}`);
    await expect(carried).toContainText(body);
    await expectAccessible(creator);

    // The reviewer follows the note to the new revision (its old page says where it went).
    await notesPanel(reviewer)
      .getByRole('link', { name: `revision ${next}` })
      .tap();
    await expect(planHeading(reviewer, next)).toBeVisible();
    const onNext = notesPanel(reviewer).getByRole('article', { name: /^Note about Scene 3: / });
    await expect(onNext).toContainText('Scene changed since');
    await onNext.getByRole('button', { name: /^Resolve/ }).tap();
    await expect(onNext).toContainText('Resolved by You');
    // The creator sees it resolved, live.
    await creator.getByRole('button', { name: 'All', exact: true }).click();
    await expect(carried).toContainText('Resolved by A member without a name');

    await reviewer.getByRole('button', { name: 'Approve plan' }).tap();
    await reviewer.getByRole('button', { name: /^Approve and spend/ }).tap();
    await expect(notesPanel(reviewer).getByRole('region', { name: 'Decisions' })).toContainText(
      'Approved (plan) by You',
    );

    // The audit trail has all of it, by name.
    await reviewer.goto(`${reviewerBase}/ops`);
    const audit = reviewer.getByRole('table', { name: 'Audit log' });
    for (const action of ['Wrote a note', 'Requested changes', 'Resolved a note']) {
      await expect(audit.getByRole('row').filter({ hasText: action }).first()).toBeVisible();
    }
    await reviewerContext.close();
    await creatorContext.close();
  });

  test('the read-only key reads the notes but cannot add one, refused before the click', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const base = bases[0] ?? '';
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    await signInWithKey(page, base, 'vcs_test_demo_readonly');
    const { projectId, revisions } = await lighthouseRevisions(page, base);
    const withNotes = revisions.sort((a, b) => b.revision - a.revision)[0];
    if (!withNotes) throw new Error('no revision');
    await page.goto(`${base}/projects/${projectId}/plans/${withNotes.id}?tab=storyboard`);
    await expect(notesPanel(page)).toContainText('Your key is read-only');
    await expect(page.getByRole('textbox', { name: 'Note', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Add note/ })).toHaveCount(0);
    await expectAccessible(page);
    await context.close();
  });
});

test.describe('notes and the audit trail survive a restart (PGlite)', () => {
  let dataDir = '';
  let app: ChildProcess | undefined;

  test.afterAll(async () => {
    await stopApp(app);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('after the app is stopped and started again, the note and its audit entry are still there', async ({
    browser,
  }) => {
    test.setTimeout(480_000);
    dataDir = mkdtempSync(join(tmpdir(), 'cutroom-e2e-notes-'));
    const port = await freePort();
    const base = `http://localhost:${port}`;
    app = await startApp(port, { CUTROOM_DATA_DIR: dataDir });
    await untilReady(base);

    const write = async (page: Page) => {
      await signInWithKey(page, base, 'vcs_test_demo_paid');
      const { projectId, revisions } = await lighthouseRevisions(page, base);
      const draft = revisions.find((revision) => revision.status === 'draft');
      if (!draft) throw new Error('no draft');
      return { url: `${base}/projects/${projectId}/plans/${draft.id}?tab=overview`, draft };
    };
    const first = await newPage(browser);
    const { url, draft } = await write(first.page);
    await first.page.goto(url);
    await first.page
      .getByRole('textbox', { name: 'Note', exact: true })
      .fill('Kept across a restart.');
    await first.page.getByRole('button', { name: 'Add note', exact: true }).click();
    await expect(notesPanel(first.page).getByRole('article')).toContainText(
      'Kept across a restart.',
    );
    await first.context.close();

    await stopApp(app);
    app = await startApp(port, { CUTROOM_DATA_DIR: dataDir });
    await untilReady(base);

    const second = await newPage(browser);
    const again = await write(second.page);
    // The seeded simulator starts again with the same revisions.
    expect(again.draft.id).toBe(draft.id);
    await second.page.goto(url);
    await expect(notesPanel(second.page).getByRole('article')).toContainText(
      'Kept across a restart.',
    );
    await second.page.goto(`${base}/ops`);
    await expect(
      second.page
        .getByRole('table', { name: 'Audit log' })
        .getByRole('row')
        .filter({ hasText: 'Wrote a note' })
        .filter({ hasText: 'Kept across a restart.' }),
    ).toBeVisible();
    await expectAccessible(second.page);
    await second.context.close();
  });
});

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}
