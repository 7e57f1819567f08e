import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import {
  allItems,
  fetchTimeline,
  findItem,
  openTimeline,
  reveal,
  rowItems,
  settled,
  zoomTo,
} from './timeline-helpers.ts';
import type { Timeline, TimelineItem } from '../src/api/schema.gen.ts';

/**
 * The edits of issue 32 as a creator makes them: play the cut, place things on the frame, the
 * platform safe areas, text, overlays, sound, split, copy and paste. Every effect is read back
 * from the service's timeline. At the editor's design size; each spec its own seeded project.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const FRAME_WIDTH = 1080;

function preview(page: Page): Locator {
  return page.getByRole('application', { name: /^Frame at/ });
}

/** A hash of the preview canvas's pixels (changes when what it shows changes). */
function pixels(page: Page): Promise<number> {
  return preview(page)
    .locator('canvas')
    .first()
    .evaluate((element) => {
      const c = element as HTMLCanvasElement;
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let hash = 0;
      for (let i = 0; i < data.length; i += 8) hash = (hash * 31 + data[i]! + data[i + 1]! * 7) | 0;
      return hash;
    });
}

/** Frame coordinates (1080 × 1920) → the page's. */
async function onFrame(page: Page, point: { x: number; y: number }) {
  const box = (await preview(page).boundingBox())!;
  const k = box.width / FRAME_WIDTH;
  return { x: box.x + point.x * k, y: box.y + point.y * k };
}

/** Moves the playhead with its field (paused), then gives the canvas the keyboard. */
async function playheadTo(page: Page, seconds: number, canvas: Locator): Promise<void> {
  const field = page.getByLabel('Playhead (s)');
  await field.fill(String(seconds));
  await field.press('Enter');
  await expect(field).toHaveValue(String(seconds));
  await canvas.focus();
}

/** A time on a layer with `length` seconds free after it (after the layer's last item). */
function freeTimeOn(timeline: Timeline, layerIndex: number): number {
  const items = rowItems(timeline, layerIndex);
  return Math.ceil((items.at(-1)?.end_seconds ?? 0) * 10) / 10 + 0.5;
}

const newItems = (before: Timeline, after: Timeline) =>
  allItems(after).filter((item) => !findItem(before, item.id));

async function selectOnCanvas(page: Page, canvas: Locator, item: TimelineItem): Promise<void> {
  const rect = await reveal(page, canvas, item.id);
  await page.mouse.click(rect.x + Math.min(rect.width / 2, 30), rect.y + rect.height / 2);
  await expect(page.getByRole('status', { name: 'Selection' })).toContainText(`“${item.name}”`);
}

test.describe('the timeline as an editor', () => {
  test('play moves the playhead and changes the preview; J/L shuttle, K pauses', async ({
    page,
  }) => {
    await openTimeline(page, 'Customer testimonial - Lena');
    const timecode = page.getByRole('status', { name: 'Playhead' });
    await expect(preview(page)).toBeVisible();
    await expect.poll(() => pixels(page)).not.toBe(0);
    const still = await pixels(page);
    await expect(timecode).toHaveText('0:00:00');

    const transport = page.getByRole('status', { name: 'Playback state' });
    await page.locator('body').press('Space');
    await expect(transport).toHaveText('Playing');
    await expect(timecode).not.toHaveText('0:00:00');
    await expect.poll(() => pixels(page), { timeout: 5000 }).not.toBe(still);
    await page.locator('body').press('l');
    await expect(transport).toHaveText('Playing 2×');
    await page.locator('body').press('k');
    await expect(transport).toHaveText('Paused');
    const paused = await timecode.textContent();
    await page.waitForTimeout(400);
    await expect(timecode).toHaveText(paused!);
    // Home goes back to the start; → steps one frame when nothing is selected.
    await page.locator('body').press('Home');
    await expect(timecode).toHaveText('0:00:00');
    await page.locator('body').press('ArrowRight');
    await expect(timecode).toHaveText('0:00:01');
  });

  test('an overlay from the library, dragged on the preview, moves on the service; one undo restores it', async ({
    page,
  }) => {
    const { projectId, canvas } = await openTimeline(page, 'Founder story - episode 3');
    const before = await fetchTimeline(page, projectId);
    const overlays = before.layers.find((layer) => layer.kind === 'overlay' && !layer.locked)!;
    await playheadTo(page, freeTimeOn(before, overlays.index), canvas);

    await page.getByRole('button', { name: 'Add overlay…' }).click();
    const picker = page.getByRole('dialog', { name: 'Add an overlay from the media library' });
    await picker.getByRole('searchbox', { name: 'Search images and videos' }).fill('Logo');
    await expectAccessible(page);
    await picker.getByRole('button', { name: /Logo - primary\.png/ }).click();
    await expect(picker).toBeHidden();
    await settled(page);
    const added = await fetchTimeline(page, projectId);
    expect(added.revision).toBe(before.revision + 1);
    const [logo] = newItems(before, added);
    expect(logo).toMatchObject({
      type: 'overlay',
      name: 'Logo - primary',
      layer_index: overlays.index,
    });
    expect(logo!.asset_id).toBeTruthy();

    // It is selected: drag it on the preview (Alt: no snapping).
    const from = await onFrame(page, { x: logo!.layout!.x, y: logo!.layout!.y });
    await preview(page).focus();
    await expect(preview(page).locator('canvas')).toHaveCount(2);
    await page.keyboard.down('Alt');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 10, from.y + 10, { steps: 2 });
    await page.mouse.move(from.x + 60, from.y + 90, { steps: 10 });
    await page.mouse.up();
    await page.keyboard.up('Alt');
    await settled(page);
    const moved = findItem(await fetchTimeline(page, projectId), logo!.id)!;
    const k = (await preview(page).boundingBox())!.width / FRAME_WIDTH;
    expect(moved.layout!.x - logo!.layout!.x).toBeCloseTo(60 / k, -1);
    expect(moved.layout!.y - logo!.layout!.y).toBeCloseTo(90 / k, -1);
    // The inspector shows the same numbers.
    await expect(page.getByLabel('X (px)')).toHaveValue(String(moved.layout!.x));

    // Arrow keys on the focused preview nudge it by a pixel.
    await preview(page).focus();
    await page.keyboard.press('ArrowRight');
    await settled(page);
    await expect
      .poll(async () => findItem(await fetchTimeline(page, projectId), logo!.id)!.layout!.x)
      .toBeCloseTo(moved.layout!.x + 1, 3);
    await page.keyboard.press('Control+z');
    await settled(page);
    await page.keyboard.press('Control+z');
    await settled(page);
    const restored = findItem(await fetchTimeline(page, projectId), logo!.id)!;
    expect(restored.layout).toEqual(logo!.layout);
  });

  test('a layer muted or soloed for playback leaves the frame', async ({ page }) => {
    const { canvas } = await openTimeline(page, 'Founder story - episode 3');
    await playheadTo(page, 12.5, canvas);
    await expect(preview(page)).toHaveAttribute('aria-label', /overlay “Logo watermark”/);
    await expect(preview(page)).toHaveAttribute('aria-label', /video “/);
    await expect.poll(() => pixels(page)).not.toBe(0);
    const shown = await pixels(page);

    const mute = page.getByRole('button', { name: /^Mute “Brand watermark/ });
    await mute.click();
    await expect(mute).toHaveAttribute('aria-pressed', 'true');
    await expect(preview(page)).not.toHaveAttribute('aria-label', /Logo watermark/);
    await expect.poll(() => pixels(page)).not.toBe(shown);

    const solo = page.getByRole('button', { name: 'Solo “Captions” in playback' });
    await solo.click();
    await expect(solo).toHaveAttribute('aria-pressed', 'true');
    await expect(preview(page)).toHaveAttribute('aria-label', /caption “/);
    await expect(preview(page)).not.toHaveAttribute('aria-label', /video “/);
    await solo.click();
    await mute.click();
    await expect(preview(page)).toHaveAttribute('aria-label', /overlay “Logo watermark”/);
  });

  test('a caption page under the Reels action column is listed with its time', async ({ page }) => {
    const { projectId } = await openTimeline(page, 'Podcast highlights #41');
    const timeline = await fetchTimeline(page, projectId);
    await page.getByLabel('Safe areas').selectOption('reels');
    const region = page.getByRole('region', { name: 'Under the Instagram Reels interface' });
    await expect(region.getByRole('status')).toHaveText(/falls? under the Instagram Reels/);
    const row = region
      .getByRole('button', { name: /^Caption page .* under the action column/ })
      .first();
    await expect(row).toBeVisible();
    const text = (await row.textContent())!;
    const [, name, start, end] = /^Caption page (Caption \d+): .* at ([\d.]+) s–([\d.]+) s/.exec(
      text,
    )!;
    const caption = allItems(timeline).find((item) => item.name === name)!;
    // The page is shown within its caption's time.
    expect(Number(start)).toBeGreaterThanOrEqual(caption.start_seconds - 1e-3);
    expect(Number(end)).toBeLessThanOrEqual(caption.end_seconds + 1e-3);
    await expectAccessible(page);
    // The row goes there.
    await row.click();
    await expect(page.getByLabel('Playhead (s)')).toHaveValue(String(Number(start)));
    await expect(page.getByRole('status', { name: 'Selection' })).toContainText(`“${name}”`);
  });

  test('text added at the playhead, edited on the preview', async ({ page }) => {
    const { projectId, canvas } = await openTimeline(page, 'Hiring slow, firing fast (ep 42)');
    const before = await fetchTimeline(page, projectId);
    const titles = before.layers.find((layer) => layer.kind === 'text')!;
    const at = freeTimeOn(before, titles.index);
    await playheadTo(page, at, canvas);
    await page.keyboard.press('t');
    await settled(page);
    const added = await fetchTimeline(page, projectId);
    const [text] = newItems(before, added);
    expect(text).toMatchObject({
      type: 'text',
      text: 'Your text',
      layer_index: titles.index,
      start_seconds: at,
    });

    const point = await onFrame(page, { x: text!.layout!.x, y: text!.layout!.y });
    await preview(page).focus();
    await expect(preview(page).locator('canvas')).toHaveCount(2);
    await page.mouse.dblclick(point.x, point.y);
    const field = page.getByRole('textbox', { name: 'Text of the title' });
    await expect(field).toBeFocused();
    await field.fill('Launch day');
    await field.press('Enter');
    await expect(field).toBeHidden();
    await settled(page);
    expect(findItem(await fetchTimeline(page, projectId), text!.id)!.text).toBe('Launch day');
    await expect(preview(page)).toHaveAttribute('aria-label', /title “Launch day”/);
  });

  test('keyboard only on the frame: a title added with T, its words edited with Enter, nudged, rotated in the inspector, duplicated', async ({
    page,
  }) => {
    const { projectId, canvas } = await openTimeline(page, 'Hiring slow, firing fast (ep 42)');
    const before = await fetchTimeline(page, projectId);
    const titles = before.layers.find((layer) => layer.kind === 'text')!;
    await playheadTo(page, freeTimeOn(before, titles.index) + 4, canvas);
    await page.keyboard.press('t');
    await settled(page);
    const added = await fetchTimeline(page, projectId);
    const [title] = newItems(before, added);
    expect(title).toMatchObject({ type: 'text', text: 'Your text' });

    // The preview takes the keyboard: Enter edits the selected title in place.
    await preview(page).focus();
    await page.keyboard.press('Enter');
    const field = page.getByRole('textbox', { name: 'Text of the title' });
    await expect(field).toBeFocused();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Typed, not clicked');
    await page.keyboard.press('Enter');
    await expect(field).toBeHidden();
    await settled(page);
    await expect(preview(page)).toBeFocused();
    await page.keyboard.press('Shift+ArrowDown');
    await settled(page);
    await expect
      .poll(async () => findItem(await fetchTimeline(page, projectId), title!.id))
      .toMatchObject({
        text: 'Typed, not clicked',
        layout: { x: title!.layout!.x, y: title!.layout!.y + 10 },
      });

    const rotation = page.getByRole('region', { name: 'Inspector' }).getByLabel('Rotation (°)');
    await rotation.fill('15');
    await rotation.press('Enter');
    await settled(page);
    expect(findItem(await fetchTimeline(page, projectId), title!.id)!.layout!.rotation_deg).toBe(
      15,
    );

    await preview(page).focus();
    await page.keyboard.press('Control+d');
    await settled(page);
    const duplicated = await fetchTimeline(page, projectId);
    const [copy] = newItems(await Promise.resolve(added), duplicated);
    expect(copy).toMatchObject({
      type: 'text',
      text: 'Typed, not clicked',
      start_seconds: title!.end_seconds,
      layout: { rotation_deg: 15 },
    });
  });

  test('music at 40 % with a 2 s fade out; 250 % is refused before anything is sent', async ({
    page,
  }) => {
    const { projectId, canvas } = await openTimeline(page, 'Behind the scenes - studio day');
    const before = await fetchTimeline(page, projectId);
    const music = allItems(before).find((item) => item.name.startsWith('Music'))!;
    await zoomTo(page, 20);
    await selectOnCanvas(page, canvas, music);
    const inspector = page.getByRole('region', { name: 'Inspector' });
    const volume = inspector.getByLabel('Volume (%)');
    await volume.fill('40');
    await volume.press('Enter');
    await settled(page);
    const fade = inspector.getByLabel('Fade out (s)');
    await fade.fill('2');
    await fade.press('Enter');
    await settled(page);
    const after = await fetchTimeline(page, projectId);
    expect(findItem(after, music.id)!.audio).toMatchObject({
      volume_percent: 40,
      fade_out_seconds: 2,
    });

    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/timeline/'))
        writes.push(request.url());
    });
    await volume.fill('250');
    await volume.press('Enter');
    await expect(
      inspector.getByText('The volume must be between 0 % and 200 % (250 % is out of range).'),
    ).toBeVisible();
    await expect(volume).toHaveAttribute('aria-invalid', 'true');
    expect(writes).toEqual([]);
    expect((await fetchTimeline(page, projectId)).revision).toBe(after.revision);
  });

  test('a clip split at the playhead keeps its source offsets; copy and paste at the playhead', async ({
    page,
  }) => {
    const { projectId, canvas } = await openTimeline(page, 'Dashboard tour short');
    const before = await fetchTimeline(page, projectId);
    const camera = before.layers.find((layer) => layer.kind === 'video')!;
    const clip = rowItems(before, camera.index).find(
      (item) => item.end_seconds - item.start_seconds > 1.5 && item.source_start_seconds !== null,
    )!;
    await zoomTo(page, 20);
    await selectOnCanvas(page, canvas, clip);
    const at = Math.round((clip.start_seconds + 1) * 30) / 30;
    await playheadTo(page, Number(at.toFixed(3)), canvas);
    await page.keyboard.press('s');
    await settled(page);
    const split = await fetchTimeline(page, projectId);
    const [second] = newItems(before, split);
    const first = findItem(split, clip.id)!;
    expect(first).toMatchObject({
      start_seconds: clip.start_seconds,
      end_seconds: Number(at.toFixed(3)),
      source_start_seconds: clip.source_start_seconds,
    });
    expect(second).toMatchObject({
      start_seconds: Number(at.toFixed(3)),
      end_seconds: clip.end_seconds,
      source_end_seconds: clip.source_end_seconds,
      asset_id: clip.asset_id,
    });
    expect(second!.source_start_seconds).toBeCloseTo(
      clip.source_start_seconds! + (at - clip.start_seconds),
      3,
    );
    expect(first.source_end_seconds).toBeCloseTo(second!.source_start_seconds!, 3);

    // The part after the playhead is selected: copy it, paste it at the end of its layer.
    await expect(page.getByRole('status', { name: 'Selection' })).toContainText(
      `“${second!.name}”`,
    );
    await page.keyboard.press('Control+c');
    await expect(page.getByRole('status', { name: 'Last action' })).toHaveText(/Copied 1 item/);
    const target = freeTimeOn(split, camera.index);
    await playheadTo(page, target, canvas);
    await page.keyboard.press('Control+v');
    await settled(page);
    const pasted = await fetchTimeline(page, projectId);
    const [copy] = newItems(split, pasted);
    expect(copy).toMatchObject({
      name: second!.name,
      start_seconds: target,
      layer_index: camera.index,
      source_start_seconds: second!.source_start_seconds,
      source_end_seconds: second!.source_end_seconds,
    });

    // Undo the paste, then the split: the clip is whole again.
    await page.keyboard.press('Control+z');
    await settled(page);
    await page.keyboard.press('Control+z');
    await settled(page);
    const undone = await fetchTimeline(page, projectId);
    expect(findItem(undone, clip.id)).toMatchObject({
      end_seconds: clip.end_seconds,
      source_end_seconds: clip.source_end_seconds,
    });
    expect(findItem(undone, second!.id)).toBeUndefined();
    expect(findItem(undone, copy!.id)).toBeUndefined();
  });
});
