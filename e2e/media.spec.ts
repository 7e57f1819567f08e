import { writeFileSync } from 'node:fs';
import type { Page, Request, TestInfo } from '@playwright/test';
import { expect, expectAccessible, signInWithDemo, test } from './fixtures.ts';

/**
 * The media library and the one deletion flow (assets, folder, projects), uploads (progress,
 * pause / resume, resume after a reload, cancel → abort) and the ops screen. Every test makes its
 * own assets, folders and projects (names carry a run id), so specs running beside it do not
 * matter; the seeded assets are only dry-run (nothing of the seed is deleted).
 */

const MIB = 1024 * 1024;
/** The simulator's seeded recording set (mocks/store/seed.ts, README). */
const DEMO_RECORDING_SET_ID = '5e7a1c2d-0b3f-4c8e-9a6d-2f4b8c1e7d90';
const runId = () => Math.random().toString(36).slice(2, 8);

function tinyFile(name: string) {
  return { name, mimeType: 'video/mp4', buffer: Buffer.from(`cutroom e2e ${name}`) };
}

/**
 * A large file written to disk: the browser reads it from its path, where a buffer would be sent
 * whole through Playwright's protocol first (tens of seconds for 20 MiB on a loaded machine). A
 * file on disk also keeps its last-modified time across a reload (the resume fingerprint).
 */
function fileOnDisk(info: TestInfo, name: string, size: number, fill: number) {
  const path = info.outputPath(name);
  writeFileSync(path, Buffer.alloc(size, fill));
  return path;
}

/** Uploads files through the library's upload panel and waits until each is uploaded. */
async function upload(page: Page, files: Array<ReturnType<typeof tinyFile>>) {
  await page.getByLabel('Choose files to upload').setInputFiles(files);
  const uploads = page.getByRole('list', { name: 'Uploads' });
  for (const file of files) {
    await expect(
      uploads.getByRole('listitem', { name: file.name }).getByText('Uploaded', { exact: true }),
    ).toBeVisible({ timeout: 30_000 });
  }
}

/** Slows each part PUT down, so an upload is still going when the test acts on it. */
async function throttleParts(page: Page, delayMs: number) {
  await page.route('**/bff/uploads/part?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue().catch(() => undefined);
  });
}

function countRequests(page: Page, match: (request: Request) => boolean) {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (match(request)) seen.push(request);
  });
  return seen;
}

const isPartPut = (request: Request) =>
  request.method() === 'PUT' && request.url().includes('/bff/uploads/part');
const isDelete = (path: string) => (request: Request) =>
  request.method() === 'POST' && request.url().includes(path);

async function openLibrary(page: Page, query = '') {
  await signInWithDemo(page, `/media${query}`);
  await expect(page.getByRole('heading', { level: 1, name: /Media library/ })).toBeVisible();
}

/** Fills the reason and runs the dry run of the open deletion dialog. */
async function dryRun(page: Page, reason = 'E2E clean-up of test media') {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason (kept in the audit log)').fill(reason);
  await dialog.getByRole('button', { name: 'Run dry run' }).click();
  await expect(dialog.getByRole('region', { name: 'Dry run' })).toBeVisible();
  return dialog;
}

async function confirmDelete(page: Page, count: number) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(`Type ${count} to confirm`).fill(String(count));
  await dialog.getByRole('button', { name: new RegExp(`^Delete ${count} `) }).click();
  return dialog;
}

test.describe('media library and deletes', () => {
  test('a dry run shows the linked projects, and a toggle re-runs it', async ({ page }) => {
    await openLibrary(page, '?limit=100&sort=created_at');
    const rows = page.getByRole('row');
    await expect(rows.filter({ hasText: 'Interview - Dr. Alvarez take 1.mp4' })).toBeVisible();
    await page.getByLabel(/^Select all \d+ assets on page 1$/).check();
    await expect(page.getByText(/^\d+ selected: \d+ on page 1$/)).toBeVisible();
    await page.getByRole('button', { name: /^Delete \d+ selected…$/ }).click();

    const dryRuns = countRequests(page, isDelete('/workspace/media/assets/batch-delete'));
    const dialog = await dryRun(page);
    const linked = dialog.getByRole('list', { name: 'Linked projects' });
    await expect(linked.getByRole('link').first()).toBeVisible();
    expect(await linked.getByRole('link').count()).toBeGreaterThan(0);
    await expect(dialog.getByText(/Generated clips: \d+/)).toBeVisible();
    expect(dryRuns).toHaveLength(1);
    expect(dryRuns[0]?.postDataJSON()).toMatchObject({ dry_run: true });
    await expectAccessible(page);

    // The toggle says what it adds and runs the dry run again with it.
    const toggle = dialog.getByRole('checkbox', { name: 'Linked projects' });
    await expect(dialog.getByText(/Adds the \d+ projects? that use these assets/)).toBeVisible();
    await toggle.check();
    await expect.poll(() => dryRuns.length).toBe(2);
    expect(dryRuns[1]?.postDataJSON()).toMatchObject({
      dry_run: true,
      delete_linked_projects: true,
    });
    await expect(dialog.getByText(/the \d+ linked projects? (is|are) deleted too/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a bad reason is refused before anything is sent', async ({ page }) => {
    await openLibrary(page, '?q=B-roll');
    await page.getByLabel('Select B-roll office hallway.mp4').check();
    await page.getByRole('button', { name: 'Delete 1 selected…' }).click();
    const sent = countRequests(page, isDelete('batch-delete'));
    const dialog = page.getByRole('dialog');
    const reason = dialog.getByLabel('Reason (kept in the audit log)');
    await reason.fill('no');
    await expect(dialog.getByText('Give a reason of at least 3 characters.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Run dry run' }).click();
    await reason.fill('x'.repeat(501));
    await expect(dialog.getByText('Keep the reason to 500 characters (501 now).')).toBeVisible();
    await dialog.getByRole('button', { name: 'Run dry run' }).click();
    await expect(dialog.getByRole('region', { name: 'Dry run' })).toHaveCount(0);
    expect(sent).toHaveLength(0);
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
  });

  test('a confirmed delete with a failed item, and its retry', async ({ page }) => {
    const id = runId();
    await openLibrary(page);
    await upload(page, [tinyFile(`e2e-flaky-${id}.mp4`), tinyFile(`e2e-steady-${id}.mp4`)]);
    await page.getByLabel('Search names').fill(id);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByRole('row')).toHaveCount(3);
    await page.getByLabel('Select all 2 assets on page 1').check();
    await page.getByRole('button', { name: 'Delete 2 selected…' }).click();
    await dryRun(page);

    // A double click deletes once: one confirm request for the batch.
    const confirms = countRequests(
      page,
      (request) =>
        isDelete('batch-delete')(request) && request.postDataJSON()?.confirm_delete === true,
    );
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Type 2 to confirm').fill('2');
    await dialog.getByRole('button', { name: 'Delete 2 assets' }).dblclick();
    await expect(dialog.getByText('Deleted 1 of 2 assets; 1 failed.')).toBeVisible();
    expect(confirms).toHaveLength(1);
    const failed = dialog.getByRole('list', { name: 'Failed items' });
    await expect(failed).toContainText(`e2e-flaky-${id}.mp4`);
    await expect(failed).toContainText('Temporarily failed');
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Retry the 1 failed' }).click();
    await expect(dialog.getByText('Deleted 2 of 2 assets.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('No assets match the filters')).toBeVisible();
  });

  test('empties a folder', async ({ page }) => {
    const id = runId();
    await openLibrary(page);
    await page.getByLabel('New folder').fill(`e2e-folder-${id}`);
    await page.getByRole('button', { name: 'Create folder' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Media library: e2e-folder-${id}` }),
    ).toBeVisible();
    await expect(page.getByText('This folder is empty')).toBeVisible();
    await upload(page, [
      tinyFile(`e2e-in-folder-a-${id}.mp4`),
      tinyFile(`e2e-in-folder-b-${id}.mp4`),
    ]);
    await expect(page.getByRole('row')).toHaveCount(3);

    await page.getByRole('button', { name: 'Empty this folder…' }).click();
    const dialog = await dryRun(page);
    await expect(
      dialog.getByRole('heading', { name: 'Dry run: 2 assets would be deleted' }),
    ).toBeVisible();
    const listed = dialog.getByRole('list', { name: 'assets that would be deleted' });
    await expect(listed).toContainText(`e2e-in-folder-a-${id}.mp4`);
    await expect(listed).toContainText(`e2e-in-folder-b-${id}.mp4`);
    await confirmDelete(page, 2);
    await expect(dialog.getByText('Deleted 2 of 2 assets.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('This folder is empty')).toBeVisible();
    // The folder itself stays.
    await expect(page.getByRole('navigation', { name: 'Folders' })).toContainText(
      `e2e-folder-${id}`,
    );
  });

  test('deletes 150 assets in two batches of at most 100', async ({ page }) => {
    test.setTimeout(180_000);
    const id = runId();
    await openLibrary(page);
    const files = Array.from({ length: 150 }, (_, index) =>
      tinyFile(`e2e-bulk-${id}-${String(index).padStart(3, '0')}.mp4`),
    );
    await page.getByLabel('Choose files to upload').setInputFiles(files);
    const uploads = page.getByRole('list', { name: 'Uploads' });
    await expect(uploads.getByText('Uploaded', { exact: true })).toHaveCount(150, {
      timeout: 150_000,
    });

    await page.goto(`/media?prefix=e2e-bulk-${id}&limit=100&sort=name`);
    await page.getByLabel('Select all 100 assets on page 1').check();
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.getByLabel('Select all 50 assets on page 2').check();
    await expect(page.getByText('150 selected: 100 on page 1, 50 on page 2')).toBeVisible();

    await page.getByRole('button', { name: 'Delete 150 selected…' }).click();
    const requests = countRequests(page, isDelete('/workspace/media/assets/batch-delete'));
    const dialog = await dryRun(page);
    await expect(
      dialog.getByRole('heading', { name: 'Dry run: 150 assets would be deleted in 2 batches' }),
    ).toBeVisible();
    const batches = dialog.getByRole('list', { name: 'Batches' });
    await expect(batches).toContainText('Batch 1 of 2: 100 assets');
    await expect(batches).toContainText('Batch 2 of 2: 50 assets');
    await confirmDelete(page, 150);
    await expect(dialog.getByText('Deleted 150 of 150 assets.')).toBeVisible({ timeout: 20_000 });
    const confirms = requests.filter((request) => request.postDataJSON().confirm_delete === true);
    expect(confirms.map((request) => request.postDataJSON().ids.length)).toEqual([100, 50]);
    expect(requests.every((request) => request.postDataJSON().ids.length <= 100)).toBe(true);
  });

  test('deletes projects in a batch', async ({ page }) => {
    const id = runId();
    await signInWithDemo(page);
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    const session = (await (await page.request.get('/bff/session')).json()) as {
      csrf_token: string;
    };
    for (const suffix of ['a', 'b']) {
      const created = await page.request.post('/api/v1/projects', {
        headers: { 'x-csrf-token': session.csrf_token },
        data: { name: `e2e-project-${id}-${suffix}`, description: 'to delete' },
      });
      expect(created.status()).toBe(201);
    }
    await page.goto('/projects?limit=50');
    await page.getByLabel(`Select e2e-project-${id}-a`).check();
    await page.getByLabel(`Select e2e-project-${id}-b`).check();
    await expect(page.getByText('2 selected: 2 on page 1')).toBeVisible();
    await page.getByRole('button', { name: 'Delete 2 selected…' }).click();
    const dialog = await dryRun(page, 'E2E projects no longer needed');
    await expect(
      dialog.getByRole('heading', { name: 'Dry run: 2 projects would be deleted' }),
    ).toBeVisible();
    await expect(
      dialog.getByRole('list', { name: 'projects that would be deleted' }),
    ).toContainText(`e2e-project-${id}-a`);
    await expectAccessible(page);
    await confirmDelete(page, 2);
    await expect(dialog.getByText('Deleted 2 of 2 projects.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText(`e2e-project-${id}-a`)).toHaveCount(0);
    await expect(page.getByText('Nothing selected')).toBeVisible();
  });
});

test.describe('filters and asset pages', () => {
  test('name filters over 200 characters are refused before any request', async ({ page }) => {
    await openLibrary(page);
    const lists = countRequests(
      page,
      (request) =>
        request.url().includes('/workspace/media/assets?') &&
        request.url().includes('x'.repeat(201)),
    );
    await page.getByLabel('Search names').fill('x'.repeat(201));
    await expect(page.getByText('Search can be at most 200 characters (201 now).')).toBeVisible();
    await page.getByLabel('Name starts with').fill('y'.repeat(201));
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(
      page.getByText('Name prefix can be at most 200 characters (201 now).'),
    ).toBeVisible();
    expect(page.url()).not.toContain('q=');
    expect(lists).toHaveLength(0);
  });

  test('a delete by filters says the union rule and dry-runs exactly what matches', async ({
    page,
  }) => {
    const id = runId();
    await openLibrary(page);
    await upload(page, [tinyFile(`e2e-union-${id}-a.mp4`), tinyFile(`e2e-other-${id}.mp4`)]);
    // The list shows names matching both filters; the delete takes names matching either.
    await page.getByLabel('Search names').fill(`union-${id}`);
    await page.getByLabel('Name starts with').fill(`e2e-other-${id}`);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByText('The list shows names matching both')).toBeVisible();
    await page.getByRole('button', { name: 'Delete all matching the filters…' }).click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByText(
        `Every asset whose name contains “union-${id}”, or whose name starts with “e2e-other-${id}” (ignoring case): items matching either are selected.`,
      ),
    ).toBeVisible();
    const requests = countRequests(page, isDelete('/workspace/media/assets/batch-delete'));
    await dryRun(page);
    expect(requests[0]?.postDataJSON()).toMatchObject({
      dry_run: true,
      search: `union-${id}`,
      name_prefix: `e2e-other-${id}`,
    });
    const listed = dialog.getByRole('list', { name: 'assets that would be deleted' });
    await expect(listed).toContainText(`e2e-union-${id}-a.mp4`);
    await expect(listed).toContainText(`e2e-other-${id}.mp4`);
    await confirmDelete(page, 2);
    await expect(dialog.getByText('Deleted 2 of 2 assets.')).toBeVisible();
  });

  test('an asset page: what uses it, short suggestions, a track, and cancelling its run', async ({
    page,
  }) => {
    // Read only: a seeded asset used by projects and clips.
    await openLibrary(page, '?q=Alvarez take 1');
    await page.getByRole('link', { name: 'Interview - Dr. Alvarez take 1.mp4' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Interview - Dr. Alvarez take 1.mp4' }),
    ).toBeVisible();
    const details = page.getByRole('region', { name: 'Details' });
    for (const field of ['Type', 'Size', 'Duration', 'Folder', 'Created']) {
      await expect(details.getByText(field, { exact: true })).toBeVisible();
    }
    await expect(
      page.getByRole('list', { name: 'Projects using this asset' }).getByRole('link').first(),
    ).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Clips made from this asset' }).getByRole('link').first(),
    ).toBeVisible();

    // Its own asset for what changes things.
    const id = runId();
    const name = `e2e-detail-${id}.mp4`;
    await page.goto('/media');
    await upload(page, [tinyFile(name)]);
    await page.getByRole('link', { name: `Open ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('No project uses this asset.')).toBeVisible();

    // A recording set ID that is not a UUID is refused before sending; the demo set takes it.
    const tracks = countRequests(page, (request) => request.url().includes('/tracks'));
    await page.getByLabel('Recording set ID').fill('not-an-id');
    await page.getByRole('button', { name: 'Add as a track' }).click();
    await expect(page.getByText(/^Paste the recording set ID \(a UUID/)).toBeVisible();
    expect(tracks).toHaveLength(0);
    await page.getByLabel('Recording set ID').fill(DEMO_RECORDING_SET_ID);
    await page.getByLabel('Role').selectOption('camera');
    await page.getByRole('button', { name: 'Add as a track' }).click();
    await expect(
      page.getByText(
        new RegExp(
          `^Added as track trk_\\w+ \\(camera\\) of recording set ${DEMO_RECORDING_SET_ID}\\.$`,
        ),
      ),
    ).toBeVisible();
    expect(tracks[0]?.postDataJSON()).toMatchObject({ role: 'camera' });

    // Short suggestions start a background run on the asset, which can be cancelled.
    await page.getByRole('button', { name: 'Ask for short suggestions' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Run \S+:/ })).toBeVisible();
    const runs = page.getByRole('list', { name: 'Background runs' });
    await expect(runs.getByRole('listitem')).toHaveCount(1, { timeout: 10_000 });
    await runs.getByRole('button', { name: /^Cancel the .* run / }).click();
    const cancel = page.getByRole('dialog');
    await cancel.getByLabel('Reason (kept in the audit log)').fill(`e2e cancel ${id}`);
    await cancel.getByRole('button', { name: 'Cancel the run' }).click();
    await expect(cancel.getByRole('status')).toContainText('is now cancelled');
    await expectAccessible(page);
    await cancel.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('Nothing is working on this asset.')).toBeVisible();
  });
});

test.describe('uploads', () => {
  // Parts are slowed on purpose (1.5 s each) so that the upload is still going when the test acts,
  // and an axe pass alone takes ~12 s on a loaded machine: more than the default 30 s in all.
  test.describe.configure({ timeout: 60_000 });

  test('shows progress, pauses and resumes', async ({ page }, info) => {
    const id = runId();
    const name = `e2e-pause-${id}.mp4`;
    const path = fileOnDisk(info, name, 21 * MIB, 7);
    await openLibrary(page);
    await throttleParts(page, 1500);
    await page.getByLabel('Choose files to upload').setInputFiles(path);
    const row = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem', { name });
    await expect(row.getByRole('progressbar', { name: `Upload of ${name}` })).toBeVisible();
    await expect(row.getByText(/part [1-4] of 5 received/)).toBeVisible({ timeout: 15_000 });
    await expect(
      row.getByText(/[\d.]+ (B|[KMG]iB)\/s · (\d+ (h|min|s)|less than a second).* left/),
    ).toBeVisible();
    await row.getByRole('button', { name: `Pause ${name}` }).click();
    await expect(row.getByText('Paused', { exact: true })).toBeVisible();
    const progress = await row.getByRole('progressbar').getAttribute('aria-valuenow');
    expect(Number(progress)).toBeLessThan(100);
    await expectAccessible(page);

    await row.getByRole('button', { name: `Resume ${name}` }).click();
    await expect(row.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await row.getByRole('link', { name: `Open ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Details' })).toContainText('21.0 MiB');
  });

  test('resumes after a page reload, sending only the missing parts', async ({ page }, info) => {
    const id = runId();
    const name = `e2e-reload-${id}.mp4`;
    const path = fileOnDisk(info, name, 26 * MIB, 3);
    await openLibrary(page);
    await throttleParts(page, 700);
    await page.getByLabel('Choose files to upload').setInputFiles(path);
    const row = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem', { name });
    await expect(row.getByText(/part [2-5] of 6 received/)).toBeVisible({ timeout: 20_000 });

    await page.reload();
    const pending = page.getByRole('list', { name: 'Unfinished uploads' });
    await expect(pending).toContainText(name);
    const parts = countRequests(page, isPartPut);
    await throttleParts(page, 100);
    await page.getByLabel('Choose files to upload').setInputFiles(path);
    const resumed = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem', { name });
    const note = resumed.getByText(/^Resumed: \d of 6 parts were already on the service\.$/);
    await expect(note).toBeVisible();
    const already = Number(/Resumed: (\d)/.exec((await note.textContent()) ?? '')?.[1]);
    expect(already).toBeGreaterThanOrEqual(2);
    await expect(resumed.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 30_000 });
    expect(parts).toHaveLength(6 - already);
    await expect(page.getByRole('list', { name: 'Unfinished uploads' })).toHaveCount(0);
  });

  test('a cancelled upload is aborted on the service', async ({ page }, info) => {
    const id = runId();
    const name = `e2e-cancel-${id}.mp4`;
    const path = fileOnDisk(info, name, 16 * MIB, 1);
    await openLibrary(page);
    await throttleParts(page, 1500);
    const started = page.waitForResponse('**/workspace/media/upload/multipart/start');
    // Cancelled while parts are on their way (held back by the throttle).
    const partSent = page.waitForRequest(isPartPut);
    await page.getByLabel('Choose files to upload').setInputFiles(path);
    const ref = (await (await started).json()) as { storage_key: string; upload_id: string };
    const row = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem', { name });
    await partSent;
    const aborted = page.waitForResponse('**/workspace/media/upload/multipart/abort');
    await row.getByRole('button', { name: `Cancel ${name}` }).click();
    const answer = await aborted;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ aborted: true });
    await expect(
      row.getByText('Cancelled: the upload was aborted on the service and its parts discarded.'),
    ).toBeVisible();
    // The service no longer knows the upload.
    const query = new URLSearchParams(ref).toString();
    const parts = await page.request.get(`/api/v1/workspace/media/upload/multipart/parts?${query}`);
    expect(parts.status()).toBe(404);
  });
});

test.describe('ops', () => {
  test('lists the audit of deletes and cancels a stuck run', async ({ page }) => {
    const id = runId();
    await openLibrary(page);
    await upload(page, [tinyFile(`e2e-audited-${id}.mp4`)]);
    await page.getByLabel('Search names').fill(`e2e-audited-${id}`);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByLabel(`Select e2e-audited-${id}.mp4`).check();
    await page.getByRole('button', { name: 'Delete 1 selected…' }).click();
    await dryRun(page, `audit trail ${id}`);
    const dialog = await confirmDelete(page, 1);
    await expect(dialog.getByText('Deleted 1 of 1 asset.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ops' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ops' })).toBeVisible();
    const audit = page.getByRole('table', { name: 'Audit log' });
    const rows = audit.getByRole('row').filter({ hasText: `audit trail ${id}` });
    // One row for the operation: the dry run, the re-check before the confirm and the delete
    // itself are its steps.
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Delete media assets');
    await expect(rows).toContainText('Deleted 1 of 1, after 2 dry runs');
    await rows.getByText('3 steps').click();
    await expect(rows.getByRole('list', { name: 'Steps of delete media assets' })).toContainText(
      'Re-check before deleting',
    );

    const runs = page.getByRole('table', { name: 'Background runs still working' });
    const batchRun = runs.getByRole('row').filter({ hasText: 'Clip batch' }).first();
    await expect(batchRun).toBeVisible();
    await expectAccessible(page);
    await batchRun.getByRole('button', { name: /^Cancel the .* run on / }).click();
    const cancel = page.getByRole('dialog');
    await cancel.getByLabel('Reason (kept in the audit log)').fill(`stuck render ${id}`);
    await cancel.getByRole('button', { name: 'Cancel the run' }).click();
    await expect(cancel.getByRole('status')).toContainText('is now cancelled');
    await cancel.getByRole('button', { name: 'Close' }).click();
    await expect(audit.getByRole('row').filter({ hasText: `stuck render ${id}` })).toBeVisible();
  });

  test('cancels a stuck export run with a reason, refusing a short one before sending', async ({
    page,
  }) => {
    // The seed gives this project's export a stuck render that nothing else works on
    // (STUCK_EXPORT_PROJECT in mocks/rules/background-runs.ts).
    const name = 'Export of Hiring slow, firing fast (ep 42)';
    const id = runId();
    const cancels = countRequests(
      page,
      (request) =>
        request.method() === 'POST' &&
        /\/admin\/recovery\/export\/[^/]+\/trigger-runs\/[^/]+\/cancel/.test(request.url()),
    );
    await signInWithDemo(page, '/ops');
    await expect(page.getByRole('heading', { level: 1, name: 'Ops' })).toBeVisible();
    const runs = page.getByRole('table', { name: 'Background runs still working' });
    const exportRun = runs.getByRole('row').filter({ hasText: name });
    await expect(exportRun).toHaveCount(1);
    await expect(exportRun).toContainText('export_render');
    await expect(exportRun).toContainText('Stuck');
    const runIdText = await exportRun.locator('.font-mono').innerText();
    expect(runIdText).toMatch(/^trun_[0-9a-f]{12}$/);

    await exportRun
      .getByRole('button', { name: `Cancel the export_render run on ${name}` })
      .click();
    const cancel = page.getByRole('dialog', { name: `Cancel the run ${runIdText}` });
    await expect(cancel).toContainText(`on the export`);
    const reason = cancel.getByLabel('Reason (kept in the audit log)');
    await reason.fill('no');
    await cancel.getByRole('button', { name: 'Cancel the run' }).click();
    await expect(cancel.getByText('Give a reason of at least 3 characters.')).toBeVisible();
    expect(cancels).toHaveLength(0);

    await reason.fill(`export stuck ${id}`);
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().includes('/cancel'),
    );
    await cancel.getByRole('button', { name: 'Cancel the run' }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ run_id: runIdText, status: 'cancelled' });
    await expect(cancel.getByRole('status')).toHaveText(
      `The service answered: run ${runIdText} is now cancelled.`,
    );
    expect(cancels).toHaveLength(1);
    await expect(cancel.getByRole('button', { name: 'Cancel the run' })).toHaveCount(0);
    await cancel.getByRole('button', { name: 'Close' }).click();

    // The export no longer offers a cancel: its run is gone from the runs still working.
    await expect(runs.getByRole('row').filter({ hasText: runIdText })).toHaveCount(0);
    await expect(
      page.getByRole('button', { name: `Cancel the export_render run on ${name}` }),
    ).toHaveCount(0);
    const audit = page.getByRole('table', { name: 'Audit log' });
    const row = audit.getByRole('row').filter({ hasText: `export stuck ${id}` });
    await expect(row).toHaveCount(1);
    // Said in words (never the service's path): what was done, by whom, and how it ended.
    await expect(row).toContainText('Cancel a background run');
    await expect(row).toContainText('You');
    await expect(row).toContainText('Done');
    await expect(row).not.toContainText('/trigger-runs/');
    await expectAccessible(page);
  });
});
