/**
 * Seams (issue 30): where two screens or two promises meet. Each test is named after the point it
 * checks: every view of a thing agrees, things are named as users know them, a refusal comes before
 * the click, controls behave.
 */
import type { Page } from '@playwright/test';
import type { Export, ScheduledPost } from '../src/api/schema.gen.ts';
import { expect, expectAccessible, signInWithDemo, test } from './fixtures.ts';
import { openTimeline, settled } from './timeline-helpers.ts';

const SHORT_CUT = 'Delivery check - short cut';
const LONG_CUT = 'Delivery check - long cut';

/** A seeded project's id, read through the BFF with the page's session. */
async function projectId(page: Page, name: string): Promise<string> {
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  const response = await page.request.get('/api/v1/projects?limit=50');
  const { projects } = (await response.json()) as { projects: Array<{ id: string; name: string }> };
  const found = projects.find((project) => project.name === name);
  expect(found, `seeded project ${name}`).toBeDefined();
  return found!.id;
}

async function exportsOf(page: Page, id: string): Promise<Export[]> {
  const response = await page.request.get(`/api/v1/projects/${id}/exports?limit=50`);
  return ((await response.json()) as { exports: Export[] }).exports;
}

async function liveExportOf(page: Page, id: string): Promise<Export> {
  const live = (await exportsOf(page, id)).find(
    (item) => item.status === 'complete' && Date.parse(item.expires_at ?? '') > Date.now(),
  );
  expect(live).toBeDefined();
  return live!;
}

async function openPublishing(page: Page, id: string, exportId: string) {
  await page.goto(`/publishing?projectId=${id}&exportId=${exportId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Publishing' })).toBeVisible();
  await expect(page.getByLabel('Export', { exact: true })).toHaveValue(exportId);
}

async function chooseAccount(page: Page, account: string) {
  const select = page.getByRole('form', { name: 'Schedule a post' }).getByLabel('Account');
  const option = select.locator('option').filter({ hasText: account });
  await expect(option).toHaveCount(1);
  await select.selectOption((await option.getAttribute('value')) ?? '');
}

/** Posts scheduled on this page go out `ms` from now (the form refuses times that close). */
async function scheduleGoingOutIn(page: Page, ms: number): Promise<void> {
  await page.route('**/api/v1/publishing/shortform/schedule', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({
      postData: JSON.stringify({ ...body, scheduled_for: new Date(Date.now() + ms).toISOString() }),
    });
  });
}

test.describe('one truth per object', () => {
  test('publishing: one answer about a post updates every view of it (followed post and Posts list agree within 1 s)', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInWithDemo(page);
    const id = await projectId(page, SHORT_CUT);
    const live = await liveExportOf(page, id);
    await openPublishing(page, id, live.export_id);
    const posts = page.getByRole('list', { name: 'Posts' });
    await expect(posts).toBeVisible();
    // The post goes out in a few seconds (the account refuses it): long enough for the list to
    // show it scheduled first.
    await scheduleGoingOutIn(page, 5_000);
    const form = page.getByRole('form', { name: 'Schedule a post' });
    await chooseAccount(page, '@cutroom.brand');
    const answered = page.waitForResponse((response) =>
      response.url().endsWith('/publishing/shortform/schedule'),
    );
    await form.getByLabel('Post now').check();
    await form.getByRole('button', { name: 'Post now' }).click();
    const post = (await (await answered).json()) as ScheduledPost;
    const listed = posts.getByRole('listitem').filter({ hasText: post.post_id });
    await expect(listed).toHaveAccessibleName(/, (scheduled|publishing)$/);
    // From now on the list's own polling brings nothing: only the followed post's answers can.
    await page.route(
      (url) => url.pathname.endsWith('/publishing/shortform/posts'),
      () => undefined,
    );
    const yours = page.getByRole('region', { name: 'Your post' });
    await expect(yours.getByText('Your post failed.')).toBeVisible({ timeout: 30_000 });
    await expect(listed).toHaveAccessibleName(/, failed$/, { timeout: 1_000 });
    await expect(listed).toContainText('refused the post');
  });

  test('job progress from the first second: an export shows as running within 1 s of its start and keeps moving', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInWithDemo(page);
    const id = await projectId(page, LONG_CUT);
    await page.goto(`/projects/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: LONG_CUT })).toBeVisible();
    const jobs = page.getByRole('list', { name: 'Jobs' });
    await expect(jobs.or(page.getByRole('heading', { name: 'No jobs' }))).toBeVisible();
    await page.getByRole('button', { name: 'Export video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export this project' });
    const started = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && response.url().endsWith(`/${id}/exports`),
    );
    await dialog.getByRole('button', { name: 'Start export' }).click();
    const { job_id: jobId } = (await (await started).json()) as { job_id: string };
    const job = jobs.getByRole('listitem', { name: /^Export job/ }).filter({ hasText: jobId });
    await expect(job).toHaveAccessibleName(/running$/, { timeout: 1_000 });
    const progress = job.getByRole('progressbar');
    const first = Number(await progress.getAttribute('aria-valuenow'));
    // Followed until it ends: the progress moves again within the next second or two.
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 2_500 })
      .toBeGreaterThan(first);
  });

  test('an expired export says “expired” in its Status column', async ({ page }) => {
    await signInWithDemo(page);
    const id = await projectId(page, SHORT_CUT);
    await page.goto(`/projects/${id}`);
    const table = page.getByRole('region', { name: 'Exports' }).getByRole('table');
    const expired = table.getByRole('row').filter({ hasText: 'the download link has lapsed' });
    await expect(expired).toHaveCount(1);
    await expect(expired.getByRole('cell', { name: 'expired', exact: true })).toBeVisible();
    await expect(expired.getByRole('cell', { name: 'complete', exact: true })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('names people know', () => {
  test('posts and the jobs tray name the project, with render date, resolution and duration; ids are secondary and copyable', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInWithDemo(page);
    const id = await projectId(page, SHORT_CUT);
    const live = await liveExportOf(page, id);
    await openPublishing(page, id, live.export_id);
    const picker = page.getByLabel('Export', { exact: true });
    await expect(picker.locator('option:checked')).toHaveText(/^Rendered .+ · 1080p · \d+:\d\d · /);
    const form = page.getByRole('form', { name: 'Schedule a post' });
    await chooseAccount(page, '@cutroom.studio');
    await form.getByRole('button', { name: 'Schedule post' }).click();
    const yours = page.getByRole('region', { name: 'Your post' });
    const post = yours.getByRole('listitem', { name: `Post of ${SHORT_CUT}, scheduled` });
    await expect(post).toBeVisible();
    await expect(post).toContainText(/Rendered .+ · 1080p · \d+:\d\d · [\d.]+ MiB/);
    await expect(post.getByRole('button', { name: 'Copy the post id' })).toBeVisible();
    await expect(post).not.toContainText(`Export ${live.export_id}`);

    await page.getByRole('button', { name: /^Jobs/ }).click();
    const tray = page.getByRole('region', { name: 'Jobs tray' });
    const named = tray.getByRole('listitem', { name: /^Export job of “.+”/ });
    await expect(named.first()).toBeVisible();
    await expect(tray.getByRole('link', { name: 'Open project' })).toHaveCount(0);
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    // The audit names a person (the one signed in is “You”), the id secondary.
    await post.getByRole('button', { name: /^Cancel post/ }).click();
    await expect(yours.getByText('Your post was cancelled.')).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ops' }).click();
    const audit = page.getByRole('table', { name: 'Audit log' });
    const cancelled = audit.getByRole('row').filter({ hasText: 'Cancel a scheduled post' }).first();
    await expect(cancelled.getByRole('cell').nth(1)).toContainText('You');
    // The id only on demand.
    await expect(cancelled.getByRole('button', { name: 'Copy the user id' })).toHaveCount(0);
    await cancelled.getByRole('button', { name: 'Show id' }).click();
    await expect(cancelled.getByRole('button', { name: 'Copy the user id' })).toBeVisible();

    // AI-style receipts name their target (the run's project) and the looks.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'AI style' })
      .click();
    const run = page.getByLabel('Run', { exact: true });
    const option = run.locator('option').filter({ hasText: SHORT_CUT });
    await run.selectOption((await option.getAttribute('value')) ?? '');
    await page.getByRole('button', { name: 'Dry run' }).click();
    const receipts = page.getByRole('table', { name: 'Changes the style would make' });
    await expect(receipts.getByRole('cell').filter({ hasText: SHORT_CUT })).toBeVisible();
    await expect(receipts).toContainText(/Caption look: .+ → [A-Z]/);
    await expect(receipts).not.toContainText('caption_style.apply_look');
    await expectAccessible(page);
  });

  test('the audit list: one row per operation, its dry runs, re-check and batches grouped under it with the reason once', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const id = Math.random().toString(36).slice(2, 8);
    const names = [`e2e-seams-audit-${id}-a.mp4`, `e2e-seams-audit-${id}-b.mp4`];
    await signInWithDemo(page, '/media');
    await expect(page.getByRole('heading', { level: 1, name: /Media library/ })).toBeVisible();
    await page
      .getByLabel('Choose files to upload')
      .setInputFiles(
        names.map((name) => ({ name, mimeType: 'video/mp4', buffer: Buffer.from(name) })),
      );
    const uploads = page.getByRole('list', { name: 'Uploads' });
    for (const name of names) {
      await expect(
        uploads.getByRole('listitem', { name }).getByText('Uploaded', { exact: true }),
      ).toBeVisible({ timeout: 30_000 });
    }
    await page.getByLabel('Search names').fill(`e2e-seams-audit-${id}`);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    for (const name of names) await page.getByLabel(`Select ${name}`).check();
    await page.getByRole('button', { name: 'Delete 2 selected…' }).click();
    const dialog = page.getByRole('dialog');
    const reason = `seams audit ${id}`;
    await dialog.getByLabel('Reason (kept in the audit log)').fill(reason);
    await dialog.getByRole('button', { name: 'Run dry run' }).click();
    await dialog.getByLabel('Type 2 to confirm').fill('2');
    await dialog.getByRole('button', { name: /^Delete 2 / }).click();
    await expect(dialog.getByText('Deleted 2 of 2 assets.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ops' }).click();
    const audit = page.getByRole('table', { name: 'Audit log' });
    const rows = audit.getByRole('row').filter({ hasText: reason });
    await expect(rows).toHaveCount(1);
    await expect(rows.getByText(reason)).toHaveCount(1);
    await expect(rows).toContainText('Delete media assets');
    await expect(rows).toContainText('Deleted 2 of 2, after 2 dry runs');
    await rows.getByText('3 steps').click();
    const steps = rows.getByRole('list', { name: 'Steps of delete media assets' });
    await expect(steps.getByRole('listitem')).toHaveText([
      /^Dry run · /,
      /^Re-check before deleting · /,
      /^Delete · .* 2 selected, 2 deleted/,
    ]);
    await expectAccessible(page);
  });

  test('clip problem panels speak plain words, show fix steps only when there is something to fix, and end every running step when the clip stops', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInWithDemo(page, '/clips');
    await expect(page.getByRole('list', { name: 'Clips' })).toBeVisible({ timeout: 20_000 });
    // A healthy clip: nothing to fix, so no fix steps.
    const ready = await page.evaluate(async () => {
      const answer = await fetch('/api/v1/clips?status=ready&limit=1');
      return ((await answer.json()) as { clips: Array<{ clip_id: string }> }).clips[0]?.clip_id;
    });
    expect(ready).toBeDefined();
    await page.goto(`/clips/${ready}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Clip status' })).toHaveAttribute(
      'data-status',
      'ready',
    );
    await expect(page.getByRole('list', { name: 'How to fix' })).toHaveCount(0);
    await expect(page.getByText('Nothing to do')).toHaveCount(0);

    // A clip that failed at assembly: what happened in words, its parts no longer running.
    const failed = await page.evaluate(async () => {
      const answer = await fetch('/api/v1/clips?status=failed&limit=50');
      const { clips } = (await answer.json()) as {
        clips: Array<{ clip_id: string; error?: { step?: string } }>;
      };
      return clips.find((clip) => clip.error?.step === 'assembly')?.clip_id;
    });
    expect(failed, 'a seeded clip that failed at assembly').toBeDefined();
    await page.goto(`/clips/${failed}`);
    const stop = page.getByRole('region', { name: 'What went wrong' });
    await expect(stop).toBeVisible();
    await expect(stop.getByRole('heading', { level: 3 }).first()).toHaveText(
      /^(Failed|Blocked) at Assembly$/,
    );
    await expect(stop).not.toContainText('blocking error');
    await expect(stop).not.toContainText('status detail');
    await expect(stop.getByText(/^Code render_timeout/)).toBeVisible();
    const captions = page.getByRole('region', { name: 'Captions' });
    await expect(captions).not.toContainText('running');
    await expectAccessible(page);
  });

  test('the clip list summary is grammatical and true: “4 clips need repair or failed, in pipeline order”', async ({
    page,
  }) => {
    await signInWithDemo(page, '/clips');
    const list = page.getByRole('list', { name: 'Clips' });
    await expect(list).toBeVisible({ timeout: 20_000 });
    await page.getByRole('checkbox', { name: /^Failed \(\d+\+?\)$/ }).check();
    await page.getByRole('checkbox', { name: /^Needs repair \(\d+\+?\)$/ }).check();
    await expect(
      page.getByRole('status').filter({
        hasText: /^(1 clip needs|(At least )?\d+ clips need) repair or failed, in pipeline order/,
      }),
    ).toBeVisible();
  });

  test('sizes are in binary units, named as such (MiB, not MB)', async ({ page }) => {
    await signInWithDemo(page);
    const id = await projectId(page, SHORT_CUT);
    await page.goto(`/projects/${id}`);
    const table = page.getByRole('region', { name: 'Exports' }).getByRole('table');
    const live = await liveExportOf(page, id);
    const mib = ((live.file_size_bytes ?? 0) / 1024 ** 2).toFixed(1);
    await expect(table.getByText(`${mib} MiB`).first()).toBeVisible();
    await expect(table.getByText(/\d MB\b/)).toHaveCount(0);
  });
});

test.describe('refuse before the click', () => {
  test('a free workspace: paid-only actions (revise, approve, apply AI style and its dry run) say “needs a paid plan” on the control, before any request', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (
        request.method() === 'POST' &&
        /\/(apply-style|revise|approve|exports)$/.test(new URL(request.url()).pathname)
      ) {
        sent.push(request.url());
      }
    });
    await page.goto('/login');
    await page.getByLabel('API key').fill('vcs_test_demo_free');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();

    await page.goto('/ai-style');
    await page.getByLabel('Run', { exact: true }).selectOption({ index: 1 });
    const dryRun = page.getByRole('button', { name: 'Dry run — needs a paid plan' });
    await expect(dryRun).toBeDisabled();
    await expect(page.getByText(/workspace is on the free plan/)).toBeVisible();
    await expectAccessible(page);

    const projects = (await (await page.request.get('/api/v1/projects?limit=50')).json()) as {
      projects: Array<{ id: string; name: string }>;
    };
    const boats = projects.projects.find((project) => project.name === 'Faceless: Paper Boats');
    expect(boats).toBeDefined();
    const { revisions } = (await (
      await page.request.get(`/api/v1/projects/${boats!.id}/faceless/plans`)
    ).json()) as { revisions: Array<{ id: string; revision: number }> };
    const revision = revisions[0]!;
    await page.goto(`/projects/${boats!.id}/plans/${revision.id}?tab=storyboard`);
    await expect(
      page.getByRole('heading', { level: 1, name: new RegExp(`revision ${revision.revision}$`) }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: /^Approve (plan|assets) — needs a paid plan$/ }),
    ).toBeDisabled();
    await page
      .getByRole('article', { name: 'Scene 2: Launch' })
      .getByRole('button', { name: 'Edit scene 2' })
      .click();
    const editor = page.getByRole('dialog', { name: 'Edit scene 2' });
    await editor.getByLabel('Narration').fill('The boat turned at the drain and came back.');
    await editor.getByRole('button', { name: 'Save to draft' }).click();
    await expect(
      page.getByRole('button', { name: 'Review and send — needs a paid plan' }),
    ).toBeDisabled();
    await expectAccessible(page);

    await page.goto(`/projects/${boats!.id}`);
    await expect(
      page.getByRole('button', { name: 'Export video — needs a paid plan' }),
    ).toBeDisabled();
    expect(sent).toEqual([]);
  });

  test('spending more credits than the balance is blocked with the numbers, before the confirmation', async ({
    page,
  }) => {
    await page.route(
      (url) => url.pathname === '/api/v1/credits',
      (route) =>
        route.fulfill({
          json: { balance: 0, unit: 'credits', plan: 'pro', period_end: '2026-12-31T00:00:00Z' },
        }),
    );
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/(approve|exports)$/.test(request.url())) {
        sent.push(request.url());
      }
    });
    await signInWithDemo(page);
    const id = await projectId(page, 'Faceless: The Lighthouse Keeper');
    const { revisions } = (await (
      await page.request.get(`/api/v1/projects/${id}/faceless/plans`)
    ).json()) as { revisions: Array<{ id: string; revision: number; status: string }> };
    const ready = revisions.find((revision) => revision.status === 'assets_ready');
    expect(ready, 'a revision with assets ready').toBeDefined();
    await page.goto(`/projects/${id}/plans/${ready!.id}`);
    const approve = page.getByRole('button', {
      name: /^Approve assets — needs [\d,]+ credits, 0 left$/,
    });
    await expect(approve).toBeDisabled();
    await expect(
      page.getByText(/This spends [\d,]+ credits and the workspace has 0 credits/),
    ).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto(`/projects/${id}`);
    await expect(
      page.getByRole('button', { name: 'Export video — needs at least 1 credit, 0 left' }),
    ).toBeDisabled();
    await expectAccessible(page);
    expect(sent).toEqual([]);
  });

  test('blast radius in the numbers people act on: with both cascades on, heading, number to type and button count everything that goes', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInWithDemo(page, '/media');
    await expect(page.getByRole('heading', { level: 1, name: /Media library/ })).toBeVisible();
    // A seeded asset that projects use and clips were made from; nothing is deleted here.
    const asset = await page.evaluate(async () => {
      const { assets } = (await (
        await fetch('/api/v1/workspace/media/assets?limit=100&offset=0')
      ).json()) as { assets: Array<{ id: string; name: string; linked_project_ids?: string[] }> };
      for (const candidate of assets) {
        if (!candidate.linked_project_ids?.length) continue;
        const clips = (await (
          await fetch(`/api/v1/clips?asset_id=${candidate.id}&limit=1`)
        ).json()) as { bounds: { total: number } };
        if (clips.bounds.total > 0) return candidate.name;
      }
      return null;
    });
    expect(asset, 'a seeded asset with linked projects and generated clips').not.toBeNull();
    await page.getByLabel('Search names').fill(asset!);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByLabel(`Select ${asset}`).check();
    await page.getByRole('button', { name: 'Delete 1 selected…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason (kept in the audit log)').fill('seams blast radius check');
    await dialog.getByRole('button', { name: 'Run dry run' }).click();
    const review = dialog.getByRole('region', { name: 'Dry run' });
    await expect(review).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Generated clips' }).check();
    await expect(review.getByRole('status')).toContainText('generated clips are deleted too');
    await dialog.getByRole('checkbox', { name: 'Linked projects' }).check();
    await expect(review.getByRole('status')).toContainText(/linked projects? (is|are) deleted too/);
    const projects = Number(
      /Linked projects: (\d+)/.exec(
        (await review.getByText(/^Linked projects: \d+$/).textContent()) ?? '',
      )?.[1],
    );
    const clips = Number(
      /Generated clips: (\d+)/.exec(
        (await review.getByText(/^Generated clips: \d+$/).textContent()) ?? '',
      )?.[1],
    );
    expect(projects).toBeGreaterThan(0);
    expect(clips).toBeGreaterThan(0);
    const words = `1 asset, ${projects} ${projects === 1 ? 'project' : 'projects'} and ${clips} ${clips === 1 ? 'clip' : 'clips'}`;
    const total = 1 + projects + clips;
    await expect(review.getByRole('heading', { level: 3 })).toHaveText(
      `Dry run: ${words} would be deleted`,
    );
    const typed = dialog.getByLabel(`Type ${total} to confirm`);
    await expect(typed).toBeVisible();
    const button = dialog.getByRole('button', { name: `Delete ${words}` });
    await typed.fill('1');
    await expect(button).toBeDisabled();
    await typed.fill(String(total));
    await expect(button).toBeEnabled();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test('with one filter, the rule text says what applies', async ({ page }) => {
    await signInWithDemo(page, '/media');
    await expect(page.getByRole('heading', { level: 1, name: /Media library/ })).toBeVisible();
    await page.getByLabel('Search names').fill('seams-no-such-asset');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('button', { name: 'Delete all matching the filters…' }).click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByText(
        'Every asset whose name contains “seams-no-such-asset” (ignoring case) is selected.',
      ),
    ).toBeVisible();
    await expect(dialog.getByText(/either/)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test('the post form’s export picker shows rendering and expired exports disabled, saying why', async ({
    page,
  }) => {
    await signInWithDemo(page);
    const id = await projectId(page, SHORT_CUT);
    const live = await liveExportOf(page, id);
    await openPublishing(page, id, live.export_id);
    const picker = page.getByLabel('Export', { exact: true });
    const expired = picker.locator('option').filter({ hasText: 'expired, cannot be posted' });
    const rendering = picker.locator('option').filter({
      hasText: 'still rendering, cannot be posted yet',
    });
    await expect(expired).toHaveCount(1);
    await expect(expired).toBeDisabled();
    await expect(rendering).toHaveCount(1);
    await expect(rendering).toBeDisabled();
    await expect(picker.locator('option:checked')).not.toBeDisabled();
  });
});

test.describe('controls that behave', () => {
  test('the share page’s visibility switch: knob left when off, right when on, inside its track, the state also in words', async ({
    page,
  }) => {
    const asset = 'Podcast ep 41 - Growth loops.mp4';
    await signInWithDemo(page, '/clips');
    await page.getByRole('combobox', { name: 'Source asset' }).selectOption({ label: asset });
    await page.getByRole('button', { name: 'By source' }).click();
    await page
      .getByRole('region', { name: asset })
      .getByRole('link', { name: 'Share page' })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Share page · ${asset}` }),
    ).toBeVisible();
    const row = page.getByRole('list', { name: 'Clip visibility' }).getByRole('listitem').first();
    const toggle = row.getByRole('switch');
    /** Where the knob sits in its track: -1 left half, 1 right half; and whether it is inside. */
    const knob = async () => {
      const track = (await toggle.boundingBox())!;
      const dot = (await toggle.locator('span').boundingBox())!;
      const inside =
        dot.x >= track.x - 0.5 &&
        dot.x + dot.width <= track.x + track.width + 0.5 &&
        dot.y >= track.y - 0.5 &&
        dot.y + dot.height <= track.y + track.height + 0.5;
      const side = dot.x + dot.width / 2 < track.x + track.width / 2 ? -1 : 1;
      return { inside, side };
    };
    const check = async () => {
      const on = (await toggle.getAttribute('aria-checked')) === 'true';
      await expect.poll(knob).toEqual({ inside: true, side: on ? 1 : -1 });
      await expect(row.getByText(on ? 'Visible' : 'Hidden', { exact: true })).toBeVisible();
    };
    await check();
    await toggle.click();
    await check();
    await toggle.click();
    await check();
    await expectAccessible(page);
  });

  test('the plan’s cost panel falls back to the focused option when the pointer passes over another and leaves', async ({
    page,
  }) => {
    await signInWithDemo(page);
    const id = await projectId(page, 'Faceless: The Lighthouse Keeper');
    const { revisions } = (await (
      await page.request.get(`/api/v1/projects/${id}/faceless/plans`)
    ).json()) as { revisions: Array<{ id: string; revision: number }> };
    const first = revisions.find((revision) => revision.revision === 1);
    expect(first, 'revision 1').toBeDefined();
    await page.goto(`/projects/${id}/plans/${first!.id}?tab=costs`);
    await expect(page.getByRole('heading', { level: 1, name: /revision 1$/ })).toBeVisible();
    const scenes = page.getByRole('list', { name: 'Scenes the option regenerates' });
    const says = page.getByRole('status', { name: 'What the option regenerates' });
    const style = page.getByRole('button', { name: /^The style anchor/ });
    await style.focus();
    await expect(says).toHaveText('The style anchor regenerates scenes 1–5: 39 credits');
    await expect(scenes.getByRole('listitem', { name: 'Scene 1, regenerated' })).toBeVisible();
    // The pointer passes over another option: that one shows while it is there…
    await page.getByRole('button', { name: /^The anchor of Ezra Vance/ }).hover();
    await expect(says).toHaveText(/^The anchor of Ezra Vance regenerates scenes 2, 4 and 5/);
    await expect(scenes.getByRole('listitem', { name: 'Scene 1', exact: true })).toBeVisible();
    // …and when it leaves, the focused option's scenes come back.
    await page.mouse.move(1, 1);
    await expect(says).toHaveText('The style anchor regenerates scenes 1–5: 39 credits');
    await expect(scenes.getByRole('listitem', { name: 'Scene 1, regenerated' })).toBeVisible();
    await expect(style).toBeFocused();
    await expect(style).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page);
  });

  test('toasts: success toasts go by themselves, error toasts stay until closed and never cover what they are about, at most three at once', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInWithDemo(page);
    const id = await projectId(page, SHORT_CUT);
    const notifications = page.getByRole('region', { name: 'Notifications' });

    // An error toast about a post, with the post at the bottom right of the window.
    const live = await liveExportOf(page, id);
    await openPublishing(page, id, live.export_id);
    await scheduleGoingOutIn(page, 2_000);
    const form = page.getByRole('form', { name: 'Schedule a post' });
    await chooseAccount(page, '@cutroom.brand');
    await form.getByLabel('Post now').check();
    await form.getByRole('button', { name: 'Post now' }).click();
    const failed = notifications.getByRole('listitem', { name: 'Post failed' });
    await expect(failed).toBeVisible({ timeout: 30_000 });
    const post = page
      .getByRole('region', { name: 'Your post' })
      .getByRole('listitem', { name: /^Post of .+, failed$/ });
    await page.setViewportSize({ width: 900, height: 600 });
    await post.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    const box = async (locator: typeof post) => (await locator.boundingBox())!;
    const apart = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x + a.width <= b.x ||
      b.x + b.width <= a.x ||
      a.y + a.height <= b.y ||
      b.y + b.height <= a.y;
    // Where toasts usually stand (bottom right), this one would cover the post.
    const usual = await box(failed);
    const postBox = await box(post);
    const bottomRight = { ...usual, x: 900 - 16 - usual.width, y: 600 - 16 - usual.height };
    expect(apart(bottomRight, postBox)).toBe(false);
    await expect.poll(async () => apart(await box(failed), await box(post))).toBe(true);
    // It stays past the time a success toast is shown, until closed.
    await page.waitForTimeout(7_000);
    await expect(failed).toBeVisible();
    await failed.getByRole('button', { name: 'Dismiss: Post failed' }).click();
    await expect(failed).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 720 });

    // Four exports finishing close together (the long cut renders for a few seconds, so all four
    // start first): three toasts on screen, the fourth waits its turn.
    const long = await projectId(page, LONG_CUT);
    await page.goto(`/projects/${long}`);
    await expect(page.getByRole('heading', { level: 1, name: LONG_CUT })).toBeVisible();
    for (let n = 0; n < 4; n += 1) {
      await page.getByRole('button', { name: 'Export video' }).click();
      const dialog = page.getByRole('dialog', { name: 'Export this project' });
      await dialog.getByRole('button', { name: 'Start export' }).click();
      await expect(dialog).toHaveCount(0);
    }
    const ready = notifications.getByRole('listitem', { name: 'Export ready' });
    await expect(ready.first()).toBeVisible({ timeout: 30_000 });
    // Held under the pointer, the toasts wait while the rest arrive.
    await ready.first().hover();
    await expect(ready).toHaveCount(3, { timeout: 30_000 });
    await expect(notifications.getByText('1 more notification after these')).toBeVisible();
    await expect(ready.first()).toContainText(`The export of “${LONG_CUT}” finished rendering.`);
    // Let go: they go by themselves, and the fourth gets its turn and goes too.
    await page.mouse.move(640, 700);
    await expect(notifications.getByText(/more notification/)).toHaveCount(0, { timeout: 15_000 });
    await expect(ready).toHaveCount(0, { timeout: 20_000 });
    await expectAccessible(page);
  });

  test('editor shortcuts never take keys from a field: Ctrl+A and Backspace typed in an inspector field edit the field and select or delete nothing', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const { canvas } = await openTimeline(page, 'Webinar recap - March');
    const start = page.getByRole('spinbutton', { name: 'Start (s)', exact: true });
    // ] selects the next item: one that can move (its Start field is enabled).
    const movable = async () => (await start.count()) > 0 && (await start.isEnabled());
    for (let i = 0; i < 20 && !(await movable()); i += 1) {
      await canvas.focus();
      await page.keyboard.press(']');
      await expect(page.getByRole('status').filter({ hasText: /^Selected / })).toBeVisible();
    }
    await expect(start).toBeEnabled();
    const selection = page.getByRole('status').filter({ hasText: /^Selected / });
    await expect(selection).toBeVisible();
    const selected = (await selection.textContent()) ?? '';

    await start.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('1.5');
    await page.keyboard.press('Enter');
    await settled(page);
    await expect(start).toHaveValue('1.5');
    // The save did not take the focus away: the next keys are the field's too.
    await expect(start).toBeFocused();
    const committed = (await selection.textContent()) ?? '';
    expect(committed).not.toBe(selected);
    const revision = page
      .getByRole('toolbar', { name: 'Timeline tools' })
      .getByText(/^Revision \d+$/);
    const savedRevision = (await revision.textContent()) ?? '';
    await page.keyboard.press('Control+a');
    await expect(page.getByRole('status').filter({ hasText: /items selected/ })).toHaveCount(0);
    await page.keyboard.press('Backspace');
    await expect(start).toHaveValue('');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Arrows, ] and undo in the field: the field's (its value steps; the item stays selected).
    await page.keyboard.type('2');
    await page.keyboard.press(']');
    await page.keyboard.press('Control+z');
    await expect(selection).toHaveText(committed);
    await expect(revision).toHaveText(savedRevision);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // On the canvas the same keys are the editor's.
    await canvas.focus();
    await page.keyboard.press('Control+a');
    await expect(page.getByRole('status').filter({ hasText: /items selected/ })).toBeVisible();
    await page.keyboard.press('Backspace');
    const confirm = page.getByRole('dialog', { name: /^Delete \d+ items\?$/ });
    await expect(confirm).toBeVisible();
    // A dialog's keys are its own: Ctrl+A there does not reach the editor behind it.
    await page.keyboard.press('Control+a');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expectAccessible(page);
  });
  test('caption styler shortcuts never take keys from a field: Ctrl+A and Backspace in the word’s text field edit the text and select or delete nothing', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    // The free demo workspace holds the captioned project (caption styling needs no paid plan).
    await page.goto('/login');
    await page.getByLabel('API key').fill('vcs_test_demo_free');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const id = await projectId(page, 'Lisbon in 30 seconds');
    await page.goto(`/projects/${id}/captions`);
    const words = page.getByRole('list', { name: 'Caption words' });
    await expect(words).toBeVisible();
    const count = await words.getByRole('listitem').count();
    await words.getByRole('button').first().click();
    const panel = page.getByRole('tabpanel');
    const styling = panel.getByText(/^Styling /);
    await expect(styling).toHaveText(/^Styling “.+”$/);
    const single = (await styling.textContent()) ?? '';
    const field = panel.getByRole('textbox', { name: 'Word text' });
    const word = await field.inputValue();
    await field.click();
    await page.keyboard.press('Control+a');
    await expect(styling).toHaveText(single);
    await page.keyboard.press('Backspace');
    await expect(field).toHaveValue('');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(words.getByRole('listitem')).toHaveCount(count);
    await page.keyboard.press('Escape');
    await expect(field).toHaveValue(word);
    // Outside a field the same key is the styler's: every word selected.
    await words.getByRole('button').first().focus();
    await page.keyboard.press('Control+a');
    await expect(styling).toHaveText(/^Styling [\d,]+ words$/);
  });
});
