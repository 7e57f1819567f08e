import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  centre,
  drag,
  expectSameAsFreshBand,
  fetchTimeline,
  findItem,
  itemRect,
  lastItems,
  openTimeline,
  reveal,
  settled,
  view,
  zoomTo,
} from './timeline-helpers.ts';

/**
 * The fixes of issue 9, as a person meets them. Each spec uses its own seeded project, or only
 * reads one (the stack is shared by the specs of one run).
 */
/**
 * Drags the studio's split between the frame and the timeline up until the canvas shows every
 * layer (the studio opens with four: the frame comes first).
 */
async function giveTimelineRoom(page: Page, canvas: Locator): Promise<void> {
  const rows = Number(
    await canvas.evaluate((el) => el.getAttribute('aria-label')?.match(/(\d+) layers/)?.[1] ?? 0),
  );
  const split = (await page
    .getByRole('separator', { name: 'Resize the frame and the timeline' })
    .boundingBox())!;
  const want = 28 + rows * 56 + 24;
  const have = (await canvas.boundingBox())!.height;
  const x = split.x + split.width / 2;
  const y = split.y + split.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y - Math.max(0, want - have), { steps: 8 });
  await page.mouse.up();
  await expect
    .poll(async () => (await canvas.boundingBox())!.height)
    .toBeGreaterThanOrEqual(want - 2);
  // The canvas has drawn its new size (nothing is left to draw from the resize).
  await drawsSettled(page);
}

/** Waits until the items layer has not been drawn for 300 ms (a resize's or a zoom's draws). */
async function drawsSettled(page: Page): Promise<void> {
  let draws = -1;
  await expect
    .poll(async () => {
      await page.waitForTimeout(300);
      const now = (await page.evaluate(() => window.__cutroomTimeline!.drawCounts())).itemsDraws;
      const still = now === draws;
      draws = now;
      return still;
    })
    .toBe(true);
}

test.describe('timeline editor fixes', () => {
  test('a marquee over 1,000 items redraws only the overlay while it moves', async ({ page }) => {
    // Every layer in view: the editor's design size (1440 × 900), the timeline given the room.
    await page.setViewportSize({ width: 1440, height: 900 });
    const { canvas } = await openTimeline(page, 'Webinar recap - March');
    await giveTimelineRoom(page, canvas);
    // The waveform peaks the fit's zoom asks for are held until the marquee is under way: each
    // arrival draws the band again, and one arriving during the marquee waits for its end.
    const held: Array<() => Promise<void>> = [];
    let holding = true;
    await page.route(/\/waveform(\?|$)/, (route) =>
      holding ? void held.push(() => route.continue()) : route.continue(),
    );
    await canvas.focus();
    await page.keyboard.press('0'); // fit the project: every item in view
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await drawsSettled(page);
    const box = (await canvas.boundingBox())!;
    const { width, height } = await view(page);
    const counts = () => page.evaluate(() => window.__cutroomTimeline!.drawCounts());
    const before = await counts();
    // From the room fit leaves past the project's end (outside the auto-scroll edge) to the
    // bottom-left corner: the box covers every item and the view does not move.
    const from = { x: box.x + width - 48, y: box.y + 32 };
    const to = { x: box.x - 10, y: box.y + height - 24 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x - 20, from.y + 10, { steps: 2 });
    const started = await counts();
    // Halfway, the held peaks arrive (and the band asks for the rest); the box goes on moving.
    const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
    await page.mouse.move(mid.x, mid.y, { steps: 20 });
    holding = false;
    await Promise.all(held.map((release) => release()));
    await page.waitForFunction(() => window.__cutroomTimeline!.waveformsLoading() === 0);
    await page.mouse.move(to.x, to.y, { steps: 20 });
    const moved = await counts();
    await page.mouse.up();
    // The box's items are outlined on the overlay: drawn on every move.
    expect(moved.overlayDraws - started.overlayDraws).toBeGreaterThanOrEqual(20);
    // The items layer: once when the box starts (the old selection clears), never while it moves,
    // though the waveforms arrived meanwhile; they are drawn once the marquee ends.
    expect(started.itemsDraws - before.itemsDraws).toBeLessThanOrEqual(1);
    expect(moved.itemsDraws).toBe(started.itemsDraws);
    await expect.poll(async () => (await counts()).itemsDraws).toBeGreaterThan(moved.itemsDraws);
    await expect(page.getByRole('status', { name: 'Selection' })).toHaveText(
      /^1001 items selected/,
    );
  });

  test('a press on another item draws only the tiles that show the two items', async ({ page }) => {
    // Read only: selection and an Escaped drag write nothing.
    const { projectId, canvas } = await openTimeline(page, 'Webinar recap - March');
    await zoomTo(page, 40);
    const timeline = await fetchTimeline(page, projectId);
    // Away from the start: the band has its margins on both sides.
    await canvas.evaluate((el) => (el.scrollLeft = 3000));
    await page.waitForTimeout(400);
    const { pxPerSecond, width, scrollX } = await view(page);
    // Two short items in view (each within at most two 512 px tiles).
    const short = timeline.layers
      .filter((layer) => !/locked/i.test(layer.name))
      .flatMap((layer) => layer.items)
      .filter((item) => (item.end_seconds - item.start_seconds) * pxPerSecond < 200)
      .filter((item) => (item.end_seconds - item.start_seconds) * pxPerSecond > 30)
      .filter((item) => item.start_seconds * pxPerSecond > scrollX + 20)
      .filter((item) => item.start_seconds * pxPerSecond < scrollX + width - 240);
    const [a, b] = [short[0]!, short.find((item) => item.layer_index !== short[0]!.layer_index)!];
    expect(a && b, 'two short items in view on different rows').toBeTruthy();
    const counts = () => page.evaluate(() => window.__cutroomTimeline!.drawCounts());
    const frames = () =>
      page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
    await page.mouse.click(
      ...(Object.values(centre(await itemRect(page, a.id))) as [number, number]),
    );
    await frames();
    const before = await counts();
    await page.mouse.click(
      ...(Object.values(centre(await itemRect(page, b.id))) as [number, number]),
    );
    await expect(page.getByRole('status', { name: 'Selection' })).toContainText(`“${b.name}”`);
    await frames();
    const after = await counts();
    // a's tiles (deselected) and b's (selected), not the whole band.
    expect(after.tiles).toBeGreaterThanOrEqual(4);
    const redrawn = after.tileDraws - before.tileDraws;
    expect(redrawn).toBeGreaterThan(0);
    expect(redrawn).toBeLessThan(after.tiles);
    expect(redrawn).toBeLessThanOrEqual(4);
    // A drag of b fades it in place: its tiles only (drawn ahead or in the first frame).
    const from = centre(await itemRect(page, b.id));
    await drag(
      page,
      from,
      { x: from.x + 40, y: from.y },
      {
        beforeRelease: () => page.keyboard.press('Escape'),
      },
    );
    await frames();
    const dragged = await counts();
    expect(dragged.tileDraws - after.tileDraws).toBeLessThanOrEqual(2);
    // What the tiles show is what a band drawn afresh shows at the same place.
    await expectSameAsFreshBand(page, canvas);
  });

  test('the delete dialog focuses Cancel; the result counts caption words', async ({ page }) => {
    const { projectId, canvas } = await openTimeline(page, 'Dashboard tour short');
    const before = await fetchTimeline(page, projectId);
    const caption = before.layers.find((layer) => layer.kind === 'caption')!.items[0]!;
    const words = await page.evaluate(
      async ({ project, item }) => {
        const response = await fetch(
          `/api/v1/projects/${project}/captions/words?timeline_item_id=${item}&limit=500`,
        );
        return ((await response.json()) as { words: unknown[] }).words.length;
      },
      { project: projectId, item: caption.id },
    );
    expect(words).toBeGreaterThan(1);
    await zoomTo(page, 40);
    await page.mouse.click(
      ...(Object.values(centre(await reveal(page, canvas, caption.id))) as [number, number]),
    );
    await page.keyboard.press('Delete');
    const dialog = page.getByRole('dialog', { name: `Delete “${caption.name}”?` });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expect(dialog.getByLabel(/Close the gaps/)).not.toBeFocused();
    // Enter on the focused control is the safe answer: nothing is deleted.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    expect(findItem(await fetchTimeline(page, projectId), caption.id)).toBeDefined();

    await canvas.focus();
    await page.keyboard.press('Delete');
    await dialog.getByRole('button', { name: 'Delete item' }).click();
    const result = page.getByRole('region', { name: 'Delete result' });
    await expect(result.getByRole('heading', { name: 'Deleted 1 item' })).toBeVisible();
    // One caption item went, with its words: the count says words, not captions.
    await expect(result.getByText(/^Captions removed/)).toHaveCount(0);
    await expect(
      result.locator('dt', { hasText: 'Caption words removed' }).locator('+ dd'),
    ).toHaveText(String(words));
  });

  test('given the room, every layer shows whole: the last one, locked', async ({ page }) => {
    // At the editor's design size (1440 × 900), the studio's split dragged up for the timeline.
    await page.setViewportSize({ width: 1440, height: 900 });
    const { canvas } = await openTimeline(page, 'Customer testimonial - Lena');
    await giveTimelineRoom(page, canvas);
    const layers = page.getByRole('list', { name: 'Layers' }).getByRole('listitem');
    const last = layers.last();
    await expect(last).toContainText('locked');
    const box = (await canvas.boundingBox())!;
    const lastBox = (await last.boundingBox())!;
    // The whole last row is inside the canvas (no scrolling needed), its label readable.
    expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(box.y + box.height + 1);
    await expect(last.getByText(/· locked$/)).toBeInViewport();
    const { scrollY } = await view(page);
    expect(scrollY).toBe(0);
  });

  test('trimming the music warns about nothing that is not tied to it', async ({ page }) => {
    const { projectId, canvas } = await openTimeline(page, 'Behind the scenes - studio day');
    const before = await fetchTimeline(page, projectId);
    const music = lastItems(before).find((item) => item.name.startsWith('Music'))!;
    expect(music, 'a music item at the end of its layer').toBeDefined();
    await zoomTo(page, 20);
    const rect = await reveal(page, canvas, music.id);
    await page.mouse.click(rect.x + Math.min(rect.width / 2, 40), rect.y + rect.height / 2);
    await expect(page.getByRole('status', { name: 'Selection' })).toContainText(`“${music.name}”`);
    const duration = page.getByRole('region', { name: 'Inspector' }).getByLabel('Duration (s)');
    const shorter = Math.round((music.end_seconds - music.start_seconds) * 0.5 * 30) / 30;
    await duration.fill(String(Number(shorter.toFixed(3))));
    await duration.press('Enter');
    // Captions play over the music, but none belongs to it: no review, no caption warning.
    await expect(page.getByRole('status', { name: 'Last action' })).toHaveText(
      'Set duration done.',
    );
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(/caption word/i)).toHaveCount(0);
    const after = findItem(await fetchTimeline(page, projectId), music.id)!;
    expect(after.end_seconds - after.start_seconds).toBeCloseTo(shorter, 2);
  });

  test('the preview draws the frame at the playhead and follows a scrub on the ruler', async ({
    page,
  }) => {
    const { projectId, canvas } = await openTimeline(page, 'AMA cutdown (ep 44)');
    const timeline = await fetchTimeline(page, projectId);
    const preview = page.getByRole('application', { name: /^Frame at / });
    await expect(preview).toBeVisible();
    const box = (await preview.boundingBox())!;
    // The 9:16 frame.
    expect(box.height / box.width).toBeCloseTo(16 / 9, 1);
    const pixels = () =>
      preview
        .locator('canvas')
        .first()
        .evaluate((element) => {
          const c = element as HTMLCanvasElement;
          const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
          let hash = 0;
          let lit = 0;
          for (let i = 0; i < data.length; i += 16) {
            hash = (hash * 31 + data[i]! + data[i + 1]! * 3 + data[i + 2]! * 7) | 0;
            if (data[i]! + data[i + 1]! + data[i + 2]! > 60) lit += 1;
          }
          return { hash, lit };
        });

    // A caption plays at some time: scrub there on the ruler.
    const caption = timeline.layers
      .find((layer) => layer.kind === 'caption')!
      .items.find((item) => item.end_seconds - item.start_seconds > 1)!;
    await canvas.focus();
    await page.keyboard.press('0');
    const at = (seconds: number) =>
      page.evaluate((s) => window.__cutroomTimeline!.timeToClientX(s), seconds);
    const rulerY = (await canvas.boundingBox())!.y + 12;
    const start = await at(0.2);
    const target = await at((caption.start_seconds + caption.end_seconds) / 2);
    await drag(page, { x: start, y: rulerY }, { x: target, y: rulerY }, { steps: 10 });
    const first = await pixels();
    expect(first.lit).toBeGreaterThan(50);
    await expect(preview).toHaveAttribute('aria-label', new RegExp(caption.text ?? caption.name));

    // Elsewhere on the ruler: another frame is drawn.
    const other = timeline.layers
      .find((layer) => layer.kind === 'caption')!
      .items.find(
        (item) =>
          item.id !== caption.id &&
          item.end_seconds - item.start_seconds > 1 &&
          item.text !== caption.text,
      )!;
    await drag(
      page,
      { x: target, y: rulerY },
      { x: await at((other.start_seconds + other.end_seconds) / 2), y: rulerY },
    );
    await expect(preview).toHaveAttribute('aria-label', new RegExp(other.text ?? other.name));
    await expect.poll(async () => (await pixels()).hash).not.toBe(first.hash);
    await settled(page);
  });

  test('one gesture is one request: select all, drag, drop, undo', async ({ page }) => {
    const { projectId, canvas } = await openTimeline(page, 'Behind the scenes - studio day');
    const before = await fetchTimeline(page, projectId);
    // The locked watermark cannot move: leave its layer out by selecting the rest with Ctrl+A
    // then Ctrl+click on the watermark.
    const locked = before.layers.find((layer) => /locked/i.test(layer.name))!.items[0]!;
    const item = lastItems(before)[0]!;
    await zoomTo(page, 20);
    await canvas.focus();
    await page.keyboard.press('Control+a');
    const lockedRect = await reveal(page, canvas, locked.id);
    await page.keyboard.down('Control');
    await page.mouse.click(
      lockedRect.x +
        Math.max(20, Math.min(lockedRect.width / 2, 200)) -
        Math.min(0, lockedRect.x - (await canvas.boundingBox())!.x),
      lockedRect.y + lockedRect.height / 2,
    );
    await page.keyboard.up('Control');
    const count = before.layers.flatMap((layer) => layer.items).length - 1;
    await expect(page.getByRole('status', { name: 'Selection' })).toHaveText(
      new RegExp(`^${count} items selected`),
    );
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/timeline'))
        writes.push(new URL(request.url()).pathname.replace(/^.*\/timeline/, '/timeline'));
    });
    const { pxPerSecond } = await view(page);
    const from = centre(await reveal(page, canvas, item.id));
    await page.keyboard.down('Alt');
    await drag(page, from, { x: from.x + pxPerSecond, y: from.y });
    await page.keyboard.up('Alt');
    await settled(page);
    await expect(page.getByRole('status', { name: 'Last action' })).toHaveText(/done\.$/);
    expect(writes).toEqual(['/timeline/operations/batch']);
    const moved = await fetchTimeline(page, projectId);
    expect(moved.revision).toBe(before.revision + 1);
    expect(findItem(moved, item.id)!.start_seconds).toBeCloseTo(item.start_seconds + 1, 2);

    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await settled(page);
    expect(writes).toEqual(['/timeline/operations/batch', '/timeline/operations/batch']);
    const back = await fetchTimeline(page, projectId);
    for (const layer of before.layers)
      for (const original of layer.items)
        expect(findItem(back, original.id)!.start_seconds).toBe(original.start_seconds);
    // The drop and the undo drew only what changed: the same as a band drawn afresh.
    await expectSameAsFreshBand(page, canvas);
  });
});
