/**
 * The studio (issue 41): the frame is the biggest thing on the screen in every editor. Sizes are
 * measured from the elements at the three window sizes creators use, with no page scroll; the
 * split between the frame and the timeline is dragged and stays after a reload; F shows the frame
 * alone and Escape returns; F6 goes from the timeline to the frame to the inspector; the caption
 * styler paints its words over the video's frame at the playhead.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signInWithDemo, test } from './fixtures.ts';
import { apiPost, fetchTimeline, openTimeline } from './timeline-helpers.ts';
import type { Timeline } from '../src/api/schema.gen.ts';

const LENA = 'Customer testimonial - Lena';
/** The seed's 16:9 project (a talk with captions). */
const WIDE = 'Product walkthrough (16:9)';

const frameOf = (page: Page) => page.getByRole('application', { name: /^Frame at / });
const splitOf = (page: Page) =>
  page.getByRole('separator', { name: 'Resize the frame and the timeline' });

/** The page does not scroll: its content fits the window both ways. */
async function expectNoPageScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return {
      down: root.scrollHeight - window.innerHeight,
      across: root.scrollWidth - window.innerWidth,
    };
  });
  expect(overflow, 'content beyond the window').toEqual({ down: 0, across: 0 });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
}

/** Waits until the frame's size has settled (the studio measures itself after mounting). */
async function settledBox(locator: Locator) {
  let last = await box(locator);
  await expect
    .poll(async () => {
      const now = await box(locator);
      const same =
        Math.abs(now.height - last.height) < 0.5 && Math.abs(now.width - last.width) < 0.5;
      last = now;
      return same;
    })
    .toBe(true);
  return last;
}

async function openCaptions(page: Page, projectName: string): Promise<string> {
  await signInWithDemo(page, '/projects');
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  const projectId = await page.evaluate(async (name) => {
    const response = await fetch('/api/v1/projects?limit=50&offset=0');
    const body = (await response.json()) as { projects?: Array<{ id: string; name: string }> };
    return body.projects?.find((project) => project.name === name)?.id ?? null;
  }, projectName);
  expect(projectId, projectName).not.toBeNull();
  await page.goto(`/projects/${projectId}/captions`);
  await expect(page.getByRole('list', { name: 'Caption words' })).toBeVisible();
  return projectId!;
}

/**
 * The frame is centred in the room the studio gives it: as far from the frame area's left edge
 * as from its right (a pixel apart at most).
 */
async function expectCentred(page: Page, frame: Locator): Promise<void> {
  const room = await box(page.locator('[data-studio-frame]'));
  const shown = await box(frame);
  const left = shown.x - room.x;
  const right = room.x + room.width - (shown.x + shown.width);
  expect(Math.abs(left - right), `centred (${left} px left, ${right} px right)`).toBeLessThan(
    METER_ROOM + 2,
  );
}

/** The timeline preview's sound meters stand beside the frame (their room is not the frame's). */
const METER_ROOM = 14;

/**
 * The window sizes, the 9:16 frame's height goal in each, and the 16:9 caption styler's (the
 * words go under its frame, the inspector beside it).
 */
const SIZES = [
  { width: 1440, height: 900, frame: 480, wideStyler: 480 },
  { width: 1920, height: 1080, frame: 660, wideStyler: 600 },
  { width: 1280, height: 720, frame: 300, wideStyler: 300 },
] as const;

test.describe('the studio', () => {
  for (const size of SIZES) {
    test(`at ${size.width}×${size.height} the 9:16 frame is at least ${size.frame} px tall in both editors, with no page scroll`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      const { canvas, projectId } = await openTimeline(page, LENA);
      const frame = await settledBox(frameOf(page));
      expect(frame.height, 'the timeline’s frame').toBeGreaterThanOrEqual(size.frame);
      expect(frame.height / frame.width).toBeCloseTo(16 / 9, 1);
      await expectNoPageScroll(page);

      // The playback controls: one row, under the frame.
      const buttons = page.getByRole('toolbar', { name: 'Playback' }).getByRole('button');
      const tops = await buttons.evaluateAll((all) =>
        all.map((button) => Math.round(button.getBoundingClientRect().top)),
      );
      expect(Math.max(...tops) - Math.min(...tops), 'the transport in one row').toBeLessThanOrEqual(
        4,
      );
      expect(Math.min(...tops)).toBeGreaterThanOrEqual(frame.y + frame.height);

      if (size.width === 1440) {
        // Four layers whole in the timeline, and the inspector's first group, all at once.
        const rows = page.getByRole('list', { name: 'Layers' }).getByRole('listitem');
        const canvasBox = await box(canvas);
        const fourth = await box(rows.nth(3));
        const scrollbar = await canvas.evaluate(
          (element) => (element as HTMLElement).offsetHeight - element.clientHeight,
        );
        expect(fourth.y + fourth.height, 'the fourth layer whole').toBeLessThanOrEqual(
          canvasBox.y + canvasBox.height - scrollbar + 1,
        );
        await canvas.focus();
        await page.keyboard.press(']');
        const inspector = page.getByRole('region', { name: 'Inspector' });
        await expect(inspector.getByLabel('Start (s)', { exact: true })).toBeInViewport({
          ratio: 1,
        });
        await expect(inspector.getByLabel('Duration (s)', { exact: true })).toBeInViewport({
          ratio: 1,
        });
        await expect(frameOf(page)).toBeInViewport({ ratio: 1 });
        await expectNoPageScroll(page);
      }

      await page.goto(`/projects/${projectId}/captions`);
      const preview = page.getByRole('img', { name: 'Caption preview' });
      await expect(preview).toBeVisible();
      const styled = await settledBox(preview);
      expect(styled.height, 'the caption styler’s frame').toBeGreaterThanOrEqual(size.frame);
      expect(styled.height / styled.width).toBeCloseTo(16 / 9, 1);
      await expectNoPageScroll(page);
    });
  }

  test('a 16:9 project gets a 16:9 frame, large and centred, in both editors at the three sizes', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const { projectId } = await openTimeline(page, WIDE);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`/projects/${projectId}/timeline`);
      const frame = await settledBox(frameOf(page));
      const where = `${size.width}×${size.height}`;
      test.info().annotations.push({
        type: 'size',
        description: `16:9 timeline frame at ${where}: ${frame.width}×${frame.height}`,
      });
      expect(frame.width / frame.height, `16:9 at ${where}`).toBeCloseTo(16 / 9, 1);
      // Within the height the 9:16 frame gets: as tall as its goal, no taller than its room.
      expect(frame.height, `the timeline’s 16:9 frame at ${where}`).toBeGreaterThanOrEqual(
        size.frame,
      );
      await expectCentred(page, frameOf(page));
      await expectNoPageScroll(page);
      // A landscape frame's guides: YouTube's player and title safe, not the vertical apps'.
      const guides = page.getByLabel('Safe areas');
      await expect(guides.getByRole('option')).toHaveText(['Off', 'YouTube player', 'Title safe']);
      if (size.width === 1440) {
        await guides.selectOption({ label: 'YouTube player' });
        await expect(
          page.getByRole('region', { name: 'Under the YouTube player’s controls' }),
        ).toBeVisible();
        await guides.selectOption({ label: 'Off' });
      }

      await page.goto(`/projects/${projectId}/captions`);
      const preview = page.getByRole('img', { name: 'Caption preview' });
      await expect(preview).toBeVisible();
      const styled = await settledBox(preview);
      test.info().annotations.push({
        type: 'size',
        description: `16:9 caption styler frame at ${where}: ${styled.width}×${styled.height}`,
      });
      expect(styled.width / styled.height, `the styler’s 16:9 at ${where}`).toBeCloseTo(16 / 9, 1);
      expect(styled.height, `the styler’s 16:9 frame at ${where}`).toBeGreaterThanOrEqual(
        size.wideStyler,
      );
      await expectCentred(page, preview);
      await expectNoPageScroll(page);
    }
    await expectAccessible(page);
  });

  test('a 1:1 project gets a square frame as tall as a 9:16 one', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInWithDemo(page, '/projects');
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    const created = await apiPost(page, '/projects', {
      name: `e2e-square-${Date.now()}`,
      description: 'A 1:1 feed post',
      aspect_ratio: '1:1',
    });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: string };
    await page.goto(`/projects/${id}/timeline`);
    const frame = await settledBox(frameOf(page));
    expect(Math.abs(frame.width - frame.height), 'square').toBeLessThanOrEqual(1);
    expect(frame.height).toBeGreaterThanOrEqual(480);
    await expectCentred(page, frameOf(page));
    await expectNoPageScroll(page);
  });

  test('dragging the split resizes the frame, and the split is the same after a reload', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openTimeline(page, LENA);
    const before = await settledBox(frameOf(page));
    const split = await box(splitOf(page));
    // Pressed 10 px off the bar's middle: its hit target is at least 24 px across.
    const x = split.x + split.width / 2;
    const y = split.y + split.height / 2;
    expect(split.height).toBeLessThan(20);
    await page.mouse.move(x, y + 10);
    await page.mouse.down();
    await page.mouse.move(x, y - 60, { steps: 6 });
    await page.mouse.move(x, y - 120, { steps: 6 });
    await page.mouse.up();
    const smaller = await settledBox(frameOf(page));
    expect(smaller.height, 'the frame follows the split').toBeLessThan(before.height - 100);
    expect(smaller.height / smaller.width).toBeCloseTo(16 / 9, 1);

    await page.reload();
    await expect(page.getByRole('application', { name: /Timeline canvas/ })).toBeVisible();
    const reloaded = await settledBox(frameOf(page));
    expect(
      Math.abs(reloaded.height - smaller.height),
      'the same split after a reload',
    ).toBeLessThan(3);
    await expectNoPageScroll(page);

    // The keyboard moves it too (the separator is focusable), and the frame follows.
    await splitOf(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(async () => (await box(frameOf(page))).height)
      .toBeGreaterThan(reloaded.height);
  });

  test('F shows the frame alone with playback and safe areas; Escape returns', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const { canvas } = await openTimeline(page, LENA);
    const before = await settledBox(frameOf(page));
    await page.getByLabel('Safe areas').selectOption('tiktok');
    await canvas.focus();
    await page.keyboard.press('f');
    const alone = page.getByRole('group', { name: 'Preview, full frame' });
    await expect(alone).toBeVisible();
    const full = await settledBox(frameOf(page));
    expect(full.height, 'as large as the window allows').toBeGreaterThan(before.height + 150);
    expect(full.height).toBeGreaterThan(720 - 100);
    // Playback, the playhead and the safe areas stay with it; the rest of the studio is away.
    await expect(page.getByRole('toolbar', { name: 'Playback' })).toBeInViewport();
    await expect(page.getByLabel('Playhead (s)')).toBeInViewport();
    await expect(page.getByLabel('Safe areas')).toHaveValue('tiktok');
    // The timeline is under it, out of reach (inert, covered).
    await expect(page.locator('[data-studio-stop="bottom"]')).toHaveAttribute('inert', '');
    const covered = await page.evaluate(() => {
      const canvas = document.querySelector('[aria-roledescription="timeline canvas"]')!;
      const rect = canvas.getBoundingClientRect();
      const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      return !canvas.contains(top);
    });
    expect(covered, 'the timeline is covered by the frame').toBe(true);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Playback state' })).toHaveText('Playing');
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await expect(alone).toHaveCount(0);
    const back = await settledBox(frameOf(page));
    expect(Math.abs(back.height - before.height)).toBeLessThan(3);

    // The button does the same; F typed in a field is the field's.
    await page.getByRole('button', { name: 'Full frame', exact: true }).click();
    await expect(alone).toBeVisible();
    await page.getByRole('button', { name: 'Exit full frame' }).click();
    await expect(alone).toHaveCount(0);
    const field = page.getByLabel('Playhead (s)');
    await field.fill('');
    await field.press('f');
    await expect(alone).toHaveCount(0);
  });

  test('F6 moves the focus from the timeline to the frame to the inspector', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const { canvas } = await openTimeline(page, LENA);
    // The frame and the inspector mount after the timeline's canvas: F6 visits what is there.
    await expect(frameOf(page)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Inspector' })).toBeVisible();
    await canvas.focus();
    await page.keyboard.press('F6');
    await expect(frameOf(page)).toBeFocused();
    await page.keyboard.press('F6');
    const inspector = page.getByRole('group', { name: 'Inspector' });
    expect(await inspector.evaluate((element) => element.contains(document.activeElement))).toBe(
      true,
    );
    await page.keyboard.press('Shift+F6');
    await expect(frameOf(page)).toBeFocused();
    // Back once more: the timeline, where the focus was.
    await page.keyboard.press('Shift+F6');
    await expect(canvas).toBeFocused();
    await expectAccessible(page);
  });

  test('the caption styler paints the words over the video’s frame at the playhead', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const projectId = await openCaptions(page, LENA);
    const timeline: Timeline = await fetchTimeline(page, projectId);
    // Two moments over different shots: the middles of two video items of different names on the
    // lowest video layer (the simulator paints each shot in its own colour).
    const video = [...timeline.layers]
      .filter((layer) => layer.kind === 'video')
      .sort((a, b) => a.index - b.index)[0]!;
    const shots = [...video.items].sort((a, b) => a.start_seconds - b.start_seconds);
    const first = shots[0]!;
    const other = shots.find((item) => item.name !== first.name)!;
    expect(other, 'two different shots').toBeDefined();
    const middle = (item: { start_seconds: number; end_seconds: number }) =>
      (item.start_seconds + item.end_seconds) / 2;

    const stage = page.locator('[data-backdrop]');
    const preview = page.getByRole('img', { name: 'Caption preview' });
    const scrubber = page.getByRole('slider', { name: 'Playhead' });
    await expect(page.getByRole('radio', { name: 'Frame' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    const at = async (seconds: number) => {
      await scrubber.fill(String(seconds));
      await expect(stage).toHaveAttribute('data-frame-shown', 'true');
      // The frame of that moment has come (the one shown may stand in for it a moment).
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
      return stage.screenshot();
    };
    const one = await at(middle(first));
    const two = await at(middle(other));
    expect(one.equals(two), 'the frame under the words follows the playhead').toBe(false);

    // One canvas: the words (said beside it) over the frame, whose own pixels fill the top of
    // it, where no caption goes (without the frame it would be clear there): opaque, in colour.
    await expect(page.locator('#caption-preview-description')).toContainText('Shows the caption');
    const top = await preview.evaluate((element) => {
      const canvas = element as HTMLCanvasElement;
      const height = Math.round(canvas.height * 0.4);
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, height);
      const colours = new Set<number>();
      let opaque = 0;
      for (let i = 0; i < data.length; i += 64) {
        colours.add(data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16));
        if (data[i + 3] === 255) opaque += 1;
      }
      return { colours: colours.size, opaque: opaque / (data.length / 64) };
    });
    expect(top.opaque, 'the video’s frame under the words').toBeGreaterThan(0.95);
    expect(top.colours, 'the video’s frame, with its colours').toBeGreaterThan(3);
    await expectAccessible(page);

    // Plain keeps the gradient (and is remembered).
    await page.getByRole('radio', { name: 'Plain' }).click();
    await expect(stage).not.toHaveAttribute('data-frame-shown');
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Plain' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.getByRole('radio', { name: 'Frame' }).click();
    await expect(stage).toHaveAttribute('data-frame-shown', 'true');
  });
});
