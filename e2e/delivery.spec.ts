/**
 * The last mile: exports and jobs, publishing, AI edit style, onboarding, webhooks. Each test
 * works on the two projects the seed keeps for these screens ("Delivery check - …") or on what it
 * creates itself, so it does not depend on what other specs change.
 */
import type { Page } from '@playwright/test';
import type { Export } from '../src/api/schema.gen.ts';
import { expect, expectAccessible, signInWithDemo, test } from './fixtures.ts';

const SHORT_CUT = 'Delivery check - short cut';
const LONG_CUT = 'Delivery check - long cut';

interface ProjectRef {
  id: string;
  name: string;
}
type ExportRef = Pick<Export, 'export_id' | 'status' | 'expires_at'>;

/** A seeded project's id, read through the BFF with the page's session. */
async function projectId(page: Page, name: string): Promise<string> {
  // Signed in once the header offers to log out.
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  const response = await page.request.get('/api/v1/projects?limit=50');
  expect(response.ok()).toBe(true);
  const { projects } = (await response.json()) as { projects: ProjectRef[] };
  const found = projects.find((project) => project.name === name);
  expect(found, `seeded project ${name}`).toBeDefined();
  return found!.id;
}

async function liveExportOf(page: Page, id: string): Promise<string> {
  const response = await page.request.get(`/api/v1/projects/${id}/exports?limit=50`);
  const { exports } = (await response.json()) as { exports: ExportRef[] };
  const live = exports.find(
    (item) => item.status === 'complete' && Date.parse(item.expires_at ?? '') > Date.now(),
  );
  expect(live).toBeDefined();
  return live!.export_id;
}

/** Chooses the account whose option text contains `account`. */
async function chooseAccount(page: Page, account: string) {
  const select = page.getByRole('form', { name: 'Schedule a post' }).getByLabel('Account');
  const option = select.locator('option').filter({ hasText: account });
  await expect(option).toHaveCount(1);
  await select.selectOption((await option.getAttribute('value')) ?? '');
}

async function startExport(page: Page) {
  await page.getByRole('button', { name: 'Export video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export this project' });
  await expect(dialog.getByText(/Balance:/)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Start export' }).click();
  await expect(dialog).toBeHidden();
}

async function openPublishing(page: Page, id: string, exportId: string) {
  await page.goto(`/publishing?projectId=${id}&exportId=${exportId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Publishing' })).toBeVisible();
  // The export picker shows the chosen export once the project's exports have loaded.
  await expect(page.getByLabel('Export', { exact: true })).toHaveValue(exportId);
}

test.describe('exports and jobs', () => {
  test('an export starts, its progress reaches done, and a toast says so', async ({ page }) => {
    // The render itself takes a few seconds of simulated time; leave room on a loaded machine.
    test.setTimeout(60_000);
    await signInWithDemo(page);
    await expect(page.getByRole('status').filter({ hasText: 'Live updates' })).toBeVisible({
      timeout: 15_000,
    });
    // The long cut renders for seconds (the short one can finish before a loaded browser looks).
    const id = await projectId(page, LONG_CUT);
    await page.goto(`/projects/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: LONG_CUT })).toBeVisible();
    await startExport(page);

    const jobs = page.getByRole('list', { name: 'Jobs' });
    const job = jobs.getByRole('listitem').first();
    await expect(job).toHaveAccessibleName(/queued|running/);
    await expect(job.getByRole('progressbar')).toBeVisible();
    await expect(job.getByText('Estimated credits')).toBeVisible();
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(notifications.getByText('Export ready')).toBeVisible({ timeout: 25_000 });
    await expect(job).toHaveAccessibleName(/complete/);
    await expect(job.getByRole('progressbar')).toHaveCount(0);
    await expect(job.getByRole('link', { name: /Download the result/ })).toBeVisible();

    // The tray in the header lists it too, across pages.
    await page.getByRole('link', { name: 'Publishing' }).click();
    await page.getByRole('button', { name: /^Jobs/ }).click();
    const tray = page.getByRole('region', { name: 'Jobs tray' });
    await expect(tray.getByRole('list', { name: 'Finished jobs' })).toBeVisible();
    await expectAccessible(page);
  });

  test('an expired export says so and offers a new export, not a dead link', async ({ page }) => {
    await signInWithDemo(page);
    const id = await projectId(page, SHORT_CUT);
    await page.goto(`/projects/${id}`);
    const table = page.getByRole('region', { name: 'Exports' }).getByRole('table');
    const expired = table.getByRole('row').filter({ hasText: 'the download link has lapsed' });
    await expect(expired).toHaveCount(1);
    await expect(expired.getByRole('link', { name: /Download/ })).toHaveCount(0);
    await expect(expired.getByRole('button', { name: 'Export again' })).toBeVisible();
    await expect(expired.getByText('Expired exports cannot be posted')).toBeVisible();
    const live = table
      .getByRole('row')
      .filter({ hasText: /Expires in \d+ d/ })
      .first();
    await expect(live.getByRole('link', { name: /^Download/ })).toBeVisible();
    await expect(live.getByRole('link', { name: /Short link/ })).toBeVisible();
    await expect(table.getByText(/Frame \d+/).first()).toBeVisible();
    await expect(table.getByText('Not ready yet')).toBeVisible();
    await expectAccessible(page);
  });

  test('a running job is cancelled', async ({ page }) => {
    await signInWithDemo(page);
    const id = await projectId(page, LONG_CUT);
    await page.goto(`/projects/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: LONG_CUT })).toBeVisible();
    // Escape closes the export dialog and gives focus back to the button that opened it.
    const exportButton = page.getByRole('button', { name: 'Export video' });
    await exportButton.click();
    await expect(page.getByRole('dialog', { name: 'Export this project' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Export this project' })).toBeHidden();
    await expect(exportButton).toBeFocused();
    await startExport(page);
    const job = page.getByRole('list', { name: 'Jobs' }).getByRole('listitem').first();
    await expect(job).toHaveAccessibleName(/queued|running/);
    // From the keyboard: once cancelled, focus stays on the job, not the page.
    await job.getByRole('button', { name: /^Cancel/ }).focus();
    await page.keyboard.press('Enter');
    await expect(job).toHaveAccessibleName(/cancelled/);
    await expect(job.getByText(/Cancelled/)).toBeVisible();
    await expect(job.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
    await expect(job).toBeFocused();
  });
});

test.describe('exports from the timeline', () => {
  test('an export started from the timeline shows in the header’s jobs tray until it is done', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInWithDemo(page);
    const id = await projectId(page, LONG_CUT);
    await page.goto(`/projects/${id}/timeline`);
    const started = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        response.url().endsWith(`/projects/${id}/exports`),
    );
    await startExport(page);
    const { job_id: jobId } = (await (await started).json()) as { job_id: string };
    await page.getByRole('button', { name: /^Jobs/ }).click();
    const tray = page.getByRole('region', { name: 'Jobs tray' });
    // The render can finish before a loaded browser looks: running or done, it is in the tray.
    const job = tray.getByRole('listitem', { name: /^Export job/ }).filter({ hasText: jobId });
    await expect(job).toBeVisible();
    await expect(job.getByText('Estimated credits')).toBeVisible();
    await expectAccessible(page);
    const done = tray
      .getByRole('list', { name: 'Finished jobs' })
      .getByRole('listitem', { name: /^Export job/ })
      .filter({ hasText: jobId });
    await expect(done).toHaveAccessibleName(/complete/, { timeout: 25_000 });
    await expect(done.getByRole('link', { name: /Download the result/ })).toBeVisible();
    // Escape closes the tray and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await expect(tray).toBeHidden();
    await expect(page.getByRole('button', { name: /^Jobs/ })).toBeFocused();
  });
});

test.describe('publishing', () => {
  test('schedules a post as a direct post and as an inbox draft, each followed', async ({
    page,
  }) => {
    await signInWithDemo(page);
    const id = await projectId(page, SHORT_CUT);
    const exportId = await liveExportOf(page, id);
    await openPublishing(page, id, exportId);
    const form = page.getByRole('form', { name: 'Schedule a post' });
    await chooseAccount(page, '@cutroom.studio');
    await form.getByLabel('Direct post (goes live)').check();
    await form.getByLabel('Caption').fill('Direct post from the e2e suite');
    await expect(form.getByText('Ready: nothing we know of would refuse this post.')).toBeVisible();
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Schedule post' }).click();

    const yours = page.getByRole('region', { name: 'Your post' });
    await expect(yours.getByText(/Your post is scheduled/)).toBeVisible();
    const scheduled = yours.getByRole('listitem');
    await expect(scheduled).toContainText('Direct post to @cutroom.studio');
    await expect(scheduled).toContainText('Follow the post until it is published or fails');
    await expect(scheduled.getByRole('button', { name: /Cancel post/ })).toBeVisible();

    await form.getByLabel('Inbox draft (finish in the app)').check();
    await form.getByLabel('Post now').check();
    await form.getByRole('button', { name: 'Post now' }).click();
    await expect(yours.getByText('Your post was published.')).toBeVisible({ timeout: 20_000 });
    await expect(yours.getByRole('listitem')).toContainText('Inbox draft to @cutroom.studio');
    await expect(yours.getByRole('link', { name: /Open the draft/ })).toBeVisible();
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(notifications.getByText('Post published')).toBeVisible();
  });

  test('the preflight refuses a past time, an expired export and an expired account before sending', async ({
    page,
  }) => {
    await signInWithDemo(page);
    const id = await projectId(page, SHORT_CUT);
    const exportId = await liveExportOf(page, id);
    await openPublishing(page, id, exportId);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/publishing/shortform/schedule')) sent.push(request.url());
    });
    const form = page.getByRole('form', { name: 'Schedule a post' });
    await chooseAccount(page, '@cutroom.archive');
    await form.getByLabel('Date', { exact: true }).fill('2020-01-01');
    await form.getByRole('button', { name: 'Schedule post' }).click();
    const refusals = form.getByRole('alert');
    await expect(refusals).toContainText('That time has already passed');
    await expect(refusals).toContainText('@cutroom.archive is expired: reconnect it');
    await expect(refusals).toContainText('does not accept direct posts');

    // An expired export is not offered at all: shown disabled, saying why.
    const expiredOption = form
      .getByLabel('Export', { exact: true })
      .locator('option')
      .filter({ hasText: 'expired, cannot be posted' });
    await expect(expiredOption).toHaveCount(1);
    await expect(expiredOption).toBeDisabled();
    await expectAccessible(page);
    expect(sent).toEqual([]);
  });

  test('a post the platform refuses shows the provider’s error and whether a retry helps', async ({
    page,
  }) => {
    await signInWithDemo(page);
    const id = await projectId(page, SHORT_CUT);
    const exportId = await liveExportOf(page, id);
    await openPublishing(page, id, exportId);
    const form = page.getByRole('form', { name: 'Schedule a post' });
    await chooseAccount(page, '@cutroom.brand');
    await form.getByLabel('Post now').check();
    await form.getByRole('button', { name: 'Post now' }).click();
    const yours = page.getByRole('region', { name: 'Your post' });
    await expect(yours.getByText('Your post failed.')).toBeVisible({ timeout: 20_000 });
    const post = yours.getByRole('listitem');
    await expect(post).toContainText('shortform refused the post');
    await expect(post).toContainText('can only post to private accounts');
    await expect(post).toContainText('unaudited_client_can_only_post_to_private_accounts');
    await expect(post).toContainText('A retry will not help until something changes');
    await expect(post).toContainText('Set @cutroom.brand to private');
    await expect(
      page.getByRole('region', { name: 'Notifications' }).getByText('Post failed'),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test('a slideshow is ordered by drag and by keyboard, and scheduled in that order', async ({
    page,
  }) => {
    // Keyboard moves, a drag, an axe pass, scheduling and cancelling: more than the default.
    test.setTimeout(60_000);
    await signInWithDemo(page, '/publishing');
    await expect(page.getByRole('heading', { level: 1, name: 'Publishing' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Schedule a post' });
    await form.getByLabel('A slideshow of images').check();
    const images = form.getByRole('group', { name: 'Workspace images' }).getByRole('checkbox');
    await expect(images.first()).toBeVisible();
    for (let index = 0; index < 3; index += 1) await images.nth(index).check();
    const order = form.getByRole('list', { name: 'Slideshow order' });
    const names = async () =>
      (
        await order
          .getByRole('listitem')
          .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''))
      ).map((label) => label.replace(/^\d+\. /, ''));
    const [a, b, c] = await names();

    // Keyboard: pick up the first, move it down one, drop it.
    await order.getByRole('button', { name: `Reorder ${a}, position 1 of 3` }).focus();
    // Each step waits for dnd-kit's screen-reader announcement of the previous one.
    await page.keyboard.press('Space');
    await expect(page.getByText(`${a} is over position 1 of 3.`)).toBeAttached();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByText(`${a} is over position 2 of 3.`)).toBeAttached();
    await page.keyboard.press('Space');
    await expect.poll(names).toEqual([b, a, c]);

    // Drag: the last one to the top.
    const handle = order.getByRole('button', { name: `Reorder ${c}, position 3 of 3` });
    const target = order.getByRole('listitem').first();
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
    await page.mouse.move(from.x + from.width / 2, to.y + 2, { steps: 12 });
    await page.mouse.up();
    await expect.poll(names).toEqual([c, b, a]);
    await expectAccessible(page);

    await chooseAccount(page, '@cutroom.studio');
    const scheduled = page.waitForRequest('**/publishing/shortform/schedule');
    await form.getByRole('button', { name: 'Schedule post' }).click();
    const body = (await scheduled).postDataJSON() as { source_media_asset_ids: string[] };
    expect(body.source_media_asset_ids).toHaveLength(3);
    const yours = page.getByRole('region', { name: 'Your post' });
    await expect(yours.getByRole('listitem')).toContainText('Slideshow of 3 images');
    // Cancelled before it goes, from the keyboard: focus stays on the post, not the page.
    await yours.getByRole('button', { name: /Cancel post/ }).focus();
    await page.keyboard.press('Enter');
    await expect(yours.getByText('Your post was cancelled.')).toBeVisible();
    await expect(yours.getByRole('listitem')).toBeFocused();
  });
});

test.describe('publishing drafts', () => {
  test('an unsent post survives a reload, images in their order; once sent it does not come back', async ({
    page,
  }) => {
    await signInWithDemo(page, '/publishing');
    const form = page.getByRole('form', { name: 'Schedule a post' });
    await form.getByLabel('A slideshow of images').check();
    const images = form.getByRole('group', { name: 'Workspace images' }).getByRole('checkbox');
    await expect(images.first()).toBeVisible();
    // Chosen last-first, so the order differs from the list's.
    await images.nth(2).check();
    await images.nth(0).check();
    const order = form.getByRole('list', { name: 'Slideshow order' });
    const names = () =>
      order
        .getByRole('listitem')
        .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
    const before = await names();
    expect(before).toHaveLength(2);
    await chooseAccount(page, '@cutroom.studio');
    await form.getByLabel('Inbox draft (finish in the app)').check();
    await form.getByLabel('Caption').fill('Kept across a reload');

    await page.reload();
    // The image list's drag-and-drop live region is a status too (dnd-kit mounts it after the form).
    await expect(
      form.getByRole('status').filter({ hasText: 'Your unsent post was kept' }),
    ).toBeVisible();
    await expect(form.getByLabel('Caption')).toHaveValue('Kept across a reload');
    await expect(form.getByLabel('A slideshow of images')).toBeChecked();
    await expect(form.getByLabel('Inbox draft (finish in the app)')).toBeChecked();
    await expect.poll(names).toEqual(before);
    await expect(form.getByLabel('Account').locator('option:checked')).toContainText(
      '@cutroom.studio',
    );

    await form.getByRole('button', { name: 'Schedule post' }).click();
    const yours = page.getByRole('region', { name: 'Your post' });
    await expect(yours.getByRole('listitem')).toContainText('Slideshow of 2 images');
    await yours.getByRole('button', { name: /Cancel post/ }).click();
    await expect(yours.getByText('Your post was cancelled.')).toBeVisible();
    await page.reload();
    await expect(form.getByLabel('Caption')).toHaveValue('');
    await expect(form.getByText('Your unsent post was kept')).toHaveCount(0);
    await expect(form.getByLabel('A completed export')).toBeChecked();
  });
});

test.describe('AI edit style', () => {
  test('a dry run shows every receipt, then the style is applied', async ({ page }) => {
    await signInWithDemo(page, '/ai-style');
    await expect(page.getByRole('heading', { level: 1, name: 'AI edit style' })).toBeVisible();
    const run = page.getByLabel('Run', { exact: true });
    const option = run.locator('option').filter({ hasText: SHORT_CUT });
    await run.selectOption((await option.getAttribute('value')) ?? '');
    await page.getByLabel('Style', { exact: true }).selectOption('mirage-black');
    // From the keyboard: the dry run's receipts, then what was applied, take the focus.
    await page.getByRole('button', { name: 'Dry run' }).focus();
    await page.keyboard.press('Enter');
    const preview = page.getByRole('region', { name: /Dry run: what “Mirage Black” would change/ });
    await expect(preview.getByRole('heading', { level: 2 })).toBeFocused();
    // Receipts name their targets and looks as people know them; ids stay secondary.
    await expect(preview.getByRole('table')).toContainText('Apply a caption look');
    await expect(preview.getByRole('table')).toContainText(SHORT_CUT);
    await expect(preview.getByRole('table')).toContainText('Caption look');
    await expect(preview.getByRole('button', { name: 'Copy the target id' })).toBeVisible();
    await expect(preview.getByText(/Balance:/)).toBeVisible();
    await expectAccessible(page);
    await preview.getByRole('button', { name: 'Apply style' }).focus();
    await page.keyboard.press('Enter');
    const applied = page.getByRole('region', { name: 'Applied “Mirage Black”' });
    await expect(applied.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(applied.getByRole('status')).toContainText('The style was applied');
    await expect(applied.getByRole('table')).toContainText('→ Mirage Black');
  });

  test('a workspace without a paid plan is told why', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('API key').fill('vcs_test_demo_free');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    await page.goto('/ai-style');
    await expect(page.getByRole('heading', { level: 1, name: 'AI edit style' })).toBeVisible();
    // The free workspace is seeded with one AI edit run (mocks/store/seed.ts).
    const runs = page.getByLabel('Run', { exact: true });
    await runs.selectOption({ index: 1 });
    // Said on the control itself, before any request.
    await expect(page.getByRole('button', { name: 'Dry run — needs a paid plan' })).toBeDisabled();
    await expect(page.getByText(/workspace is on the free plan/)).toBeVisible();
  });
});

test.describe('workspace', () => {
  test('onboarding scans the website, imports a logo, sets caption defaults and completes', async ({
    page,
  }) => {
    await signInWithDemo(page, '/onboarding');
    const start = page.getByRole('heading', { level: 1, name: /Set up your brand|Brand setup/ });
    await expect(start).toBeVisible();
    if (await page.getByRole('button', { name: 'Set up again' }).isVisible()) {
      await page.getByRole('button', { name: 'Set up again' }).click();
    }
    await page.getByRole('button', { name: 'Scan website' }).click();
    await expect(page.getByText('Enter your website address.')).toBeVisible();
    await page.getByLabel('Website', { exact: true }).fill('nowhere.invalid');
    await page.getByRole('button', { name: 'Scan website' }).click();
    await expect(page.getByRole('alert')).toContainText('could not be reached');
    await page.getByLabel('Website', { exact: true }).fill('northwind-coffee.com');
    await page.getByRole('button', { name: 'Scan website' }).click();
    await expect(page.getByLabel('Brand name')).toHaveValue('Northwind Coffee');
    await expect(
      page.getByRole('group', { name: 'Brand colours' }).getByRole('listitem'),
    ).not.toHaveCount(0);

    await page.getByLabel(/header · svg/).check();
    await page.getByRole('button', { name: 'Import logo' }).click();
    await expect(page.getByText(/Imported “Logo - northwind-coffee\.com\.svg”/)).toBeVisible();

    await page.getByLabel('Caption Look').selectOption('clean-minimal');
    await page.getByLabel('Position', { exact: true }).selectOption('middle');
    const primary = page
      .getByRole('group', { name: 'Text colour' })
      .getByRole('button', { name: /^Primary/ });
    await primary.click();
    await expect(primary).toHaveAttribute('aria-pressed', 'true');

    // A reload keeps the setup being made: scan, logo, Look, position, colour.
    await page.reload();
    await expect(page.getByText('Your unfinished setup was kept on this device.')).toBeVisible();
    await expect(page.getByLabel('Brand name')).toHaveValue('Northwind Coffee');
    await expect(page.getByText(/Imported “Logo - northwind-coffee\.com\.svg”/)).toBeVisible();
    await expect(page.getByLabel('Caption Look')).toHaveValue('clean-minimal');
    await expect(page.getByLabel('Position', { exact: true })).toHaveValue('middle');
    await expect(primary).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Complete onboarding' }).click();
    await expect(page.getByText(/^Onboarding complete\./)).toBeVisible();

    await page.getByRole('link', { name: 'Back to settings' }).click();
    const brand = page.getByRole('region', { name: 'Brand' });
    await expect(brand).toContainText('Northwind Coffee');
    await expect(brand.getByRole('list', { name: 'Brand colours' })).toBeVisible();
    // Completed: the kept setup is gone.
    await page.goto('/onboarding');
    await expect(page.getByText('Onboarding is complete for this workspace.')).toBeVisible();
  });

  test('settings show the workspace, the service version and credits', async ({ page }) => {
    await signInWithDemo(page, '/settings');
    const workspace = page.getByRole('region', { name: 'Workspace and key' });
    await expect(workspace).toContainText('org_demo');
    await expect(workspace).toContainText('Service version');
    await expect(workspace).toContainText('1.0.0');
    await expect(
      workspace.getByRole('link', { name: 'Machine-readable description' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Credits' })).toContainText('credits left');
    await expect(page.getByRole('link', { name: /Credit balance: [\d,]+ credits/ })).toBeVisible();
    // The header (jobs, credits, live status, workspace, log out) fits a 1280 px window: it wraps
    // instead of pushing the page wider than the window.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeInViewport({ ratio: 1 });
    await expectAccessible(page);
  });

  test('a webhook is registered with the event checklist, listed, and deleted; the delivery log shows received events', async ({
    page,
  }) => {
    // Registration, deletion, an export's delivery and two axe passes: more than the default.
    test.setTimeout(60_000);
    await signInWithDemo(page, '/settings');
    const form = page.getByRole('form', { name: 'Register a webhook' });
    const url = form.getByLabel('Endpoint URL');
    await expect(url).toHaveValue(/\/webhooks\/vcs\?org=org_demo$/);
    const events = form.getByRole('group', { name: 'Events' }).getByRole('checkbox');
    await expect(events).toHaveCount(10);
    await form.getByRole('button', { name: 'None' }).click();
    await form.getByRole('button', { name: 'Register webhook' }).click();
    await expect(form.getByText('Choose at least one event.')).toBeVisible();
    await form.getByLabel('export.ready').check();
    await form.getByLabel('job.complete').check();
    const receiver = await url.inputValue();
    const e2eUrl = `${receiver}&from=e2e-${Date.now()}`;
    await url.fill(e2eUrl);
    await form.getByRole('button', { name: 'Register webhook' }).focus();
    await page.keyboard.press('Enter');
    await expect(form.getByRole('status')).toContainText('Registered');
    // The button keeps the focus through the request (it is never disabled under the user).
    await expect(form.getByRole('button', { name: 'Register webhook' })).toBeFocused();

    const list = page.getByRole('list', { name: 'Registered webhooks' });
    const mine = list.getByRole('listitem').filter({ hasText: e2eUrl });
    await expect(mine).toContainText('export.ready, job.complete');
    await expectAccessible(page);
    await mine.getByRole('button', { name: /^Delete/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await dialog.getByRole('button', { name: 'Delete webhook' }).click();
    await expect(mine).toHaveCount(0);
    // Its row is gone: focus lands on the list's heading, not on the page.
    await expect(page.getByRole('heading', { name: 'Registered endpoints' })).toBeFocused();
    // The demo receiver registered at start-up is still there.
    await expect(list.getByRole('listitem').first()).toBeVisible();

    // An export of the short cut makes the service send `export.ready` to that receiver: the
    // delivery log shows it verified and delivered (live events refresh the log).
    await expect(page.getByRole('heading', { name: 'Delivery log' })).toBeVisible();
    const id = await projectId(page, SHORT_CUT);
    const session = (await (await page.request.get('/bff/session')).json()) as {
      csrf_token: string;
    };
    const started = await page.request.post(`/api/v1/projects/${id}/exports`, {
      headers: { 'x-csrf-token': session.csrf_token },
      data: {},
    });
    expect(started.status()).toBe(202);
    const { export_id: exportId } = (await started.json()) as { export_id: string };
    const row = page
      .getByRole('region', { name: 'Webhook deliveries, scrollable' })
      .getByRole('row')
      .filter({ hasText: 'export.ready' })
      .filter({ hasText: exportId });
    await expect(row).toContainText('Verified, delivered', { timeout: 20_000 });
    await expect(row).toContainText('200');
    // That export was not started from this screen: it is in the tray, but raises no toast.
    await expect(
      page.getByRole('region', { name: 'Notifications' }).getByText('Export ready'),
    ).toHaveCount(0);
    await expectAccessible(page);
  });
});
