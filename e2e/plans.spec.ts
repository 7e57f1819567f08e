import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInWithDemo, test } from './fixtures.ts';

interface Revision {
  id: string;
  revision: number;
  status: string;
}

/** Signs in (demo workspace, or a pasted key) and returns the project and revisions of a plan. */
async function openPlanProject(page: Page, projectName: string, key?: string) {
  if (key) {
    await page.goto('/login');
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
  } else {
    await signInWithDemo(page);
  }
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  const projects = (await (await page.request.get('/api/v1/projects?limit=50')).json()) as {
    projects: Array<{ id: string; name: string }>;
  };
  const project = projects.projects.find((candidate) => candidate.name === projectName);
  expect(project, projectName).toBeTruthy();
  const projectId = project?.id ?? '';
  const revisions = async (): Promise<Revision[]> =>
    (
      (await (await page.request.get(`/api/v1/projects/${projectId}/faceless/plans`)).json()) as {
        revisions: Revision[];
      }
    ).revisions;
  const open = async (revision: Revision, tab = 'overview') => {
    await page.goto(`/projects/${projectId}/plans/${revision.id}?tab=${tab}`);
    await expect(
      page.getByRole('heading', { level: 1, name: new RegExp(`revision ${revision.revision}$`) }),
    ).toBeVisible();
  };
  return { projectId, revisions, open };
}

const byNumber = (revisions: Revision[], number: number): Revision => {
  const found = revisions.find((revision) => revision.revision === number);
  if (!found) throw new Error(`no revision ${number}`);
  return found;
};

const scene = (page: Page, name: string | RegExp) => page.getByRole('article', { name });

test.describe('faceless plan review', () => {
  test('reads a scene’s semantic-action QA on the storyboard', async ({ page }) => {
    const plan = await openPlanProject(page, 'Faceless: The Lighthouse Keeper');
    await plan.open(byNumber(await plan.revisions(), 1), 'storyboard');
    const storm = scene(page, 'Scene 1: The storm');
    await expect(
      storm.getByText('Every night for eleven winters, Mara lit the lamp.').first(),
    ).toBeVisible();
    await expect(storm.getByRole('img', { name: 'Keyframe of scene 1' })).toBeVisible();
    await storm.getByText(/Semantic action QA of scene 1/).click();
    const analyses = storm.getByRole('table', { name: 'First and confirmation analyses' });
    await expect(analyses.getByRole('row', { name: /Early state/ })).toContainText(
      'keeper climbs the spiral stairs',
    );
    await expect(analyses.getByRole('row', { name: /Late state/ })).toBeVisible();
    await expect(analyses.getByRole('row', { name: /Camera motion only/ })).toContainText('No');
    await expect(storm.getByText('Planned action', { exact: true })).toBeVisible();
    await expect(storm.getByText(/early at 0:00\.5, middle at/)).toBeVisible();
    await expectAccessible(page);
  });

  test('compares two revisions side by side', async ({ page }) => {
    const plan = await openPlanProject(page, 'Faceless: The Lighthouse Keeper');
    const revisions = await plan.revisions();
    await plan.open(byNumber(revisions, 3), 'compare');
    // The revision before is the default: revision 2 failed on an unavailable video model.
    await expect(page.getByLabel('Compare', { exact: true })).toHaveValue(
      byNumber(revisions, 2).id,
    );
    const settings = page.getByRole('table', { name: /Models and settings/ });
    await expect(settings.getByRole('row', { name: /Video model/ })).toContainText(
      'video-motion-9',
    );
    await expect(settings.getByRole('row', { name: /Video model/ })).toContainText(
      'video-motion-3',
    );
    const scenes = page.getByRole('table', { name: /^Scenes/ });
    await expect(
      scenes.getByRole('row', { name: /Scene 2 “The pattern”: narration/ }),
    ).toContainText('for the first time');
    await page.getByLabel('Compare', { exact: true }).selectOption(byNumber(revisions, 1).id);
    await expect(page).toHaveURL(new RegExp(`compare=${byNumber(revisions, 1).id}`));
    await expect(settings.getByRole('row', { name: /Video model/ })).toContainText(
      'video-motion-2',
    );
    await expectAccessible(page);
    // What approving each plan would still spend: revision 4 lost scene 3's keyframe and QA.
    await page.getByLabel('with', { exact: true }).selectOption(byNumber(revisions, 4).id);
    await expect(page.getByRole('heading', { level: 1, name: /revision 4$/ })).toBeVisible();
    const approval = page
      .getByRole('table', { name: /Cost estimate/ })
      .getByRole('row', { name: /Approving the plan regenerates/ });
    await expect(approval.getByRole('cell')).toHaveText(['0 credits', '7 credits']);
    // The failed revision says why.
    await page.getByRole('link', { name: 'Revision 2', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This revision failed' })).toContainText(
      'video-motion-9 is not available',
    );
  });

  test('revising a scene: the new draft shows that scene’s QA stale, and a retried send creates one revision', async ({
    page,
  }) => {
    const plan = await openPlanProject(page, 'Faceless: The Lighthouse Keeper');
    const source = (await plan.revisions()).find((revision) => revision.status === 'assets_ready');
    if (!source) throw new Error('no assets_ready revision');
    await plan.open(source, 'storyboard');
    await scene(page, 'Scene 4: The answer').getByRole('button', { name: 'Edit scene 4' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit scene 4' });
    await editor
      .getByLabel('Image prompt')
      .fill('the keeper hauls the shutter lever, sparks in the rain');
    await editor.getByRole('button', { name: 'Save to draft' }).click();
    const draft = page.getByRole('region', { name: /Unsent draft: 1 change/ });
    await expect(draft).toContainText('Makes stale: the keyframes and QA of scene 4.');
    await expect(draft).toContainText('Credit change: 7 credits');
    await expect(
      scene(page, 'Scene 4: The answer').getByText('Goes stale when the draft is sent'),
    ).toBeVisible();

    // The first answer is lost on the way back: the client retries with the same key.
    const keys: string[] = [];
    let answered = false;
    await page.route('**/faceless/plans/*/revise', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      const response = await route.fetch();
      if (!answered) {
        answered = true;
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'unavailable', message: 'Upstream hiccup.' } }),
        });
        return;
      }
      await route.fulfill({ response });
    });
    const before = await plan.revisions();
    await draft.getByRole('button', { name: 'Review and send' }).click();
    const review = page.getByRole('dialog', { name: /Create a new revision/ });
    await expect(
      review.getByRole('row', { name: /Scene 4 “The answer”: image prompt/ }),
    ).toContainText('sparks in the rain');
    await expect(review).toContainText('Credit change: 7 credits to regenerate');
    await expectAccessible(page);
    await review.getByRole('button', { name: 'Create revision' }).click();

    const created = Math.max(...before.map((revision) => revision.revision)) + 1;
    await expect(
      page.getByRole('heading', { level: 1, name: new RegExp(`revision ${created}$`) }),
    ).toBeVisible();
    expect(keys.length).toBe(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9._:-]{8,200}$/);
    expect(keys[1]).toBe(keys[0]);
    const after = await plan.revisions();
    expect(after.length).toBe(before.length + 1);
    expect(after.filter((revision) => revision.revision === created)).toHaveLength(1);

    const answer = scene(page, 'Scene 4: The answer');
    await expect(answer.getByText('Stale: regenerates when the plan is approved')).toBeVisible();
    await expect(answer.getByText(/No QA verdict: a revise changed this scene/)).toBeVisible();
    await expect(answer.getByText('Not generated')).toBeVisible();
    await expect(scene(page, 'Scene 1: The storm').getByText('QA passed')).toBeVisible();
    await expect(page.getByRole('region', { name: /Unsent draft/ })).toHaveCount(0);
  });

  test('the free plan’s refusal comes before sending and keeps the draft, also after a reload', async ({
    page,
  }) => {
    const plan = await openPlanProject(page, 'Faceless: Paper Boats', 'vcs_test_demo_free');
    const [revision] = await plan.revisions();
    if (!revision) throw new Error('no revision');
    await plan.open(revision, 'storyboard');
    await scene(page, 'Scene 2: Launch').getByRole('button', { name: 'Edit scene 2' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit scene 2' });
    await editor.getByLabel('Narration').fill('');
    await editor.getByRole('button', { name: 'Save to draft' }).click();
    await expect(editor.getByText('Give the narration.')).toBeVisible();
    await editor.getByLabel('Narration').fill('She let it go where the street became a river.');
    await editor.getByRole('button', { name: 'Save to draft' }).click();

    // The plan is known: the control says so before anything is sent.
    const send = page.getByRole('button', { name: 'Review and send — needs a paid plan' });
    await expect(send).toBeDisabled();
    await expect(page.getByText(/workspace is on the free plan/).first()).toBeVisible();
    await expectAccessible(page);

    await page.reload();
    await expect(page.getByRole('region', { name: /Unsent draft: 1 change/ })).toBeVisible();
    await expect(
      scene(page, 'Scene 2: Launch').getByText('She let it go where the street became a river.'),
    ).toBeVisible();
    expect((await plan.revisions()).length).toBe(1);
  });

  test('text typed into a scene editor but not saved to the draft survives a reload', async ({
    page,
  }) => {
    const plan = await openPlanProject(page, 'Faceless: The Lighthouse Keeper');
    await plan.open(byNumber(await plan.revisions(), 1), 'storyboard');
    await scene(page, 'Scene 4: The answer').getByRole('button', { name: 'Edit scene 4' }).click();
    let editor = page.getByRole('dialog', { name: 'Edit scene 4' });
    const typed = 'He answered with the lamp, three long flashes.';
    await editor.getByLabel('Narration').fill(typed);

    await page.reload();
    editor = page.getByRole('dialog', { name: 'Edit scene 4' });
    await expect(editor.getByLabel('Narration')).toHaveValue(typed);
    await expect(editor.getByRole('status')).toContainText('not yet added to the draft');
    await expect(page.getByRole('region', { name: /Unsent draft/ })).toHaveCount(0);
    await expectAccessible(page);

    // Reloaded on another section: a notice says where the text is, and reopens its editor.
    await plan.open(byNumber(await plan.revisions(), 1), 'overview');
    const notice = page.getByRole('status').filter({ hasText: 'editor of scene 4' });
    await expect(notice).toContainText('is not yet added to the draft');
    await notice.getByRole('link', { name: 'Open that editor' }).click();
    editor = page.getByRole('dialog', { name: 'Edit scene 4' });
    await expect(editor.getByLabel('Narration')).toHaveValue(typed);

    // Saved into the draft: the draft has it, and no editor reopens after a reload.
    await editor.getByRole('button', { name: 'Save to draft' }).click();
    await expect(page.getByRole('region', { name: /Unsent draft: 1 change/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: /Unsent draft: 1 change/ })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(scene(page, 'Scene 4: The answer').getByText(typed)).toBeVisible();

    // Typed again, reloaded, discarded: the editor is back to the draft's text, and stays closed.
    await scene(page, 'Scene 4: The answer').getByRole('button', { name: 'Edit scene 4' }).click();
    await page
      .getByRole('dialog', { name: 'Edit scene 4' })
      .getByLabel('Narration')
      .fill('draft two');
    await page.reload();
    editor = page.getByRole('dialog', { name: 'Edit scene 4' });
    await expect(editor.getByLabel('Narration')).toHaveValue('draft two');
    await editor.getByRole('button', { name: 'Discard typed text' }).click();
    await expect(editor.getByLabel('Narration')).toHaveValue(typed);
    await expect(editor.getByRole('status')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('region', { name: /Unsent draft: 1 change/ })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('sets a character’s primary reference', async ({ page }) => {
    const plan = await openPlanProject(page, 'Faceless: The Lighthouse Keeper');
    await plan.open(byNumber(await plan.revisions(), 1), 'characters');
    const references = page.getByRole('list', { name: 'References of Mara Quinn' });
    const other = references
      .getByRole('listitem')
      .filter({ hasNot: page.getByText('Primary', { exact: true }) });
    const name = (await other.first().getAttribute('aria-label')) ?? '';
    // The first answer is lost: the retry carries the same Idempotency-Key.
    const keys: string[] = [];
    await page.route('**/characters/*/primary-reference', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length === 1) {
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'unavailable', message: 'Upstream hiccup.' } }),
        });
        return;
      }
      await route.continue();
    });
    await other
      .first()
      .getByRole('button', { name: /Make primary/ })
      .click();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
      'Primary reference set',
    );
    await expect(references.getByRole('listitem', { name: `${name} (primary)` })).toBeVisible();
    await expect(references.getByRole('listitem', { name: /\(primary\)/ })).toHaveCount(1);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9._:-]{8,200}$/);
    expect(keys[1]).toBe(keys[0]);
    await expectAccessible(page);
    await page.reload();
    await expect(references.getByRole('listitem', { name: `${name} (primary)` })).toBeVisible();
  });

  test('approves the plan, then the assets; a stale approval is refused in words', async ({
    page,
    context,
  }) => {
    // Two simulated runs (preproduction, then generation) happen inside this test.
    test.setTimeout(90_000);
    const plan = await openPlanProject(page, 'Faceless: The Lighthouse Keeper');
    const source = (await plan.revisions()).find((revision) => revision.status === 'assets_ready');
    if (!source) throw new Error('no assets_ready revision');
    await plan.open(source, 'storyboard');
    await scene(page, 'Scene 1: The storm').getByRole('button', { name: 'Edit scene 1' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit scene 1' });
    await editor.getByLabel('Motion prompt').fill('the keeper runs up the stairs, lamp swinging');
    await editor.getByRole('button', { name: 'Save to draft' }).click();
    await page.getByRole('button', { name: 'Review and send' }).click();
    await page.getByRole('button', { name: 'Create revision' }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(
      new RegExp(`revision ${source.revision}$`),
    );
    const draftUrl = page.url();

    // A second tab still shows the draft as it was, its approval confirmation open.
    const other = await context.newPage();
    await other.goto(draftUrl);
    await other.getByRole('button', { name: 'Approve plan' }).click();
    const stale = other.getByRole('dialog', { name: /Approve the plan of revision/ });
    await expect(stale.getByRole('button', { name: /Approve and spend/ })).toBeVisible();

    await page.getByRole('button', { name: 'Approve plan' }).click();
    const confirm = page.getByRole('dialog', { name: /Approve the plan of revision/ });
    await expect(confirm).toContainText('keyframes with QA for scene 1');
    await expect(confirm).toContainText('This will spend 7 credits.');
    await expect(confirm).toContainText(/Workspace balance: [\d,]+ credits/);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Approve and spend 7 credits' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Plan approved · preproduction running' })
        .or(page.getByText('Assets ready for review', { exact: true }).first())
        .first(),
    ).toBeVisible();

    // The other tab confirms a transition that is no longer allowed: the service refuses it.
    await stale.getByRole('button', { name: /Approve and spend/ }).click();
    await expect(
      other.getByRole('alert').filter({ hasText: 'This approval is no longer possible' }),
    ).toContainText(/its plan can be approved only while it is draft/);
    await expect(other.getByRole('button', { name: 'Approve plan' })).toHaveCount(0);
    await other.close();

    // Preproduction regenerates scene 1; the live event refreshes the revision.
    await expect(page.getByRole('button', { name: 'Approve assets' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(scene(page, 'Scene 1: The storm').getByText(/QA (passed|failed)/)).toBeVisible();
    await page.getByRole('button', { name: 'Approve assets' }).click();
    const assets = page.getByRole('dialog', { name: /Approve the assets of revision/ });
    await expect(assets).toContainText('This will spend 100 credits.');
    await assets.getByRole('button', { name: 'Approve and spend 100 credits' }).click();
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(notifications.getByText(/Faceless video revision \d+ is ready/)).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page.getByRole('group', { name: 'Revision status' }).getByText('Complete', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /Approve/ })).toHaveCount(0);
  });

  test('a run that fails is announced live and the revision says why', async ({ page }) => {
    test.setTimeout(60_000);
    const plan = await openPlanProject(page, 'Faceless: Ten Minutes on Mars');
    const complete = (await plan.revisions()).find((revision) => revision.status === 'complete');
    if (!complete) throw new Error('no complete revision');
    await plan.open(complete, 'overview');
    await expect(
      page.getByRole('heading', { name: /Story kit: Ten Minutes on Mars/ }),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Edit models' }).click();
    const models = page.getByRole('dialog', { name: 'Edit models' });
    await models.getByLabel('Image model').fill('image-xl-9');
    await models.getByRole('button', { name: 'Save to draft' }).click();
    const draft = page.getByRole('region', { name: /Unsent draft: 1 change/ });
    await expect(draft).toContainText('Makes stale: the style anchor, the anchor of Priya Raman');
    await draft.getByRole('button', { name: 'Review and send' }).click();
    await page.getByRole('button', { name: 'Create revision' }).click();
    await expect(page.getByRole('button', { name: 'Approve plan' })).toBeVisible();
    await page.getByRole('button', { name: 'Approve plan' }).click();
    await page.getByRole('button', { name: /Approve and spend/ }).click();
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(notifications.getByText(/Faceless plan revision \d+ failed/)).toBeVisible({
      timeout: 30_000,
    });
    await expect(notifications).toContainText('Image model image-xl-9 is not available');
    await expect(page.getByRole('alert').filter({ hasText: 'This revision failed' })).toContainText(
      'image-xl-9',
    );
    await expect(page.getByRole('button', { name: /Approve/ })).toHaveCount(0);
  });

  test('a reviewer watching a revision sees another reviewer’s run finish live, with a toast', async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    const plan = await openPlanProject(page, 'Faceless: Ten Minutes on Mars');
    // Revision 3 is mid-preproduction when the simulator starts; it is ready for review soon after.
    await expect
      .poll(async () => byNumber(await plan.revisions(), 3).status, { timeout: 20_000 })
      .toBe('assets_ready');
    const revision = byNumber(await plan.revisions(), 3);
    await plan.open(revision, 'overview');

    // Another reviewer, in a browser of their own, approves the assets.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signInWithDemo(other, `/projects/${plan.projectId}/plans/${revision.id}`);
    await other.getByRole('button', { name: 'Approve assets' }).click();
    await other.getByRole('button', { name: /Approve and spend/ }).click();

    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(notifications.getByText('Faceless video revision 3 is ready')).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page.getByRole('group', { name: 'Revision status' }).getByText('Complete', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /Approve/ })).toHaveCount(0);
    await otherContext.close();
  });

  test('a 200-scene storyboard is virtualised and scrolls to its last scene', async ({ page }) => {
    const plan = await openPlanProject(page, 'Faceless: Two Hundred Nights');
    const [revision] = await plan.revisions();
    if (!revision) throw new Error('no revision');
    await plan.open(revision, 'storyboard');
    await expect(page.getByText('200 scenes')).toBeVisible();
    const region = page.getByRole('region', { name: 'Scenes' });
    await expect(scene(page, 'Scene 1: Night 1')).toBeVisible();
    expect(await region.getByRole('article').count()).toBeLessThan(20);
    await region.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect(scene(page, 'Scene 200: Night 200')).toBeVisible();
    expect(await region.getByRole('article').count()).toBeLessThan(20);
    await page.getByLabel('Go to scene').fill('120');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expect(scene(page, 'Scene 120: Night 120')).toBeVisible();
    await expect(
      scene(page, 'Scene 120: Night 120').getByRole('img', { name: 'Keyframe of scene 120' }),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test('hovering a regeneration option shows the scenes it regenerates and their credits', async ({
    page,
  }) => {
    const plan = await openPlanProject(page, 'Faceless: The Lighthouse Keeper');
    await plan.open(byNumber(await plan.revisions(), 1), 'costs');
    await page.getByRole('button', { name: /The anchor of Ezra Vance/ }).hover();
    await expect(page.locator('#cost-dependency')).toHaveText(
      'The anchor of Ezra Vance regenerates scenes 2, 4 and 5: 25 credits',
    );
    await expect(page.getByRole('listitem', { name: 'Scene 2, regenerated' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Scene 1', exact: true })).toBeVisible();
    await page.getByRole('button', { name: /The style anchor/ }).focus();
    await expect(page.locator('#cost-dependency')).toHaveText(
      'The style anchor regenerates scenes 1–5: 39 credits',
    );
    await expectAccessible(page);
  });
});
