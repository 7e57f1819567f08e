import { expect, expectAccessible, test } from './fixtures.ts';
import {
  allItems,
  apiPost,
  centre,
  drag,
  expectSameAsFreshBand,
  fetchTimeline,
  findItem,
  itemRect,
  lastItems,
  openTimeline,
  reveal,
  rowItems,
  settled,
  view,
  zoomTo,
} from './timeline-helpers.ts';
import type { Timeline, TimelineItem } from '../src/api/schema.gen.ts';

/**
 * Every spec uses its own seeded project (the stack is shared by the specs of one run).
 * Expected positions come from the API after the gesture, not from the screen.
 */

const startOf = async (page: Parameters<typeof fetchTimeline>[0], projectId: string, id: string) =>
  findItem(await fetchTimeline(page, projectId), id)?.start_seconds;

/** An item at the end of its row and an edge elsewhere it can snap its start to, far from other edges. */
function snapCandidate(
  timeline: Timeline,
  pxPerSecond: number,
): { item: TimelineItem; edge: number } | null {
  const edges = allItems(timeline).flatMap((item) => [
    { time: item.start_seconds, id: item.id },
    { time: item.end_seconds, id: item.id },
  ]);
  const clear = (time: number, except: string) =>
    edges.every(
      (edge) =>
        edge.id === except || Math.abs(edge.time - time) * pxPerSecond > 14 || edge.time === time,
    );
  for (const item of lastItems(timeline)) {
    const row = rowItems(timeline, item.layer_index);
    const previousEnd = row.length > 1 ? row[row.length - 2]!.end_seconds : 0;
    const length = item.end_seconds - item.start_seconds;
    const candidates = edges
      .filter(
        (edge) =>
          edge.id !== item.id &&
          edge.time >= previousEnd &&
          Math.abs(edge.time - item.start_seconds) >= 1,
      )
      .filter((edge) => edge.time - item.start_seconds < 8 && edge.time > 0.5)
      .filter((edge) => clear(edge.time, item.id) && clear(edge.time + length, item.id));
    if (candidates[0]) return { item, edge: candidates[0].time };
  }
  return null;
}

test.describe('timeline editor', () => {
  test('drag-move snaps an item to another item’s edge; Escape cancels a drag', async ({
    page,
  }) => {
    const { projectId, canvas } = await openTimeline(page, 'Customer testimonial - Lena');
    await zoomTo(page, 40);
    const before = await fetchTimeline(page, projectId);
    const candidate = snapCandidate(before, (await view(page)).pxPerSecond);
    expect(candidate, 'a free spot next to an edge').not.toBeNull();
    const { item, edge } = candidate!;

    // Escape mid-drag: nothing is written.
    let rect = await reveal(page, canvas, item.id);
    await drag(
      page,
      centre(rect),
      { x: centre(rect).x + 60, y: centre(rect).y },
      {
        beforeRelease: () => page.keyboard.press('Escape'),
      },
    );
    await page.waitForTimeout(300);
    expect((await fetchTimeline(page, projectId)).revision).toBe(before.revision);

    // Drop 3 px past the edge: the start snaps exactly onto it.
    rect = await reveal(page, canvas, item.id);
    const { pxPerSecond } = await view(page);
    const from = centre(rect);
    await drag(page, from, {
      x: from.x + (edge - item.start_seconds) * pxPerSecond + 3,
      y: from.y,
    });
    await expect.poll(() => startOf(page, projectId, item.id)).toBe(edge);
    await expect(page.getByRole('status', { name: 'Last action' })).toHaveText('Move 1 item done.');
    // The drop drew again only the tiles of what moved: the same as a band drawn afresh.
    await expectSameAsFreshBand(page, canvas);
    await expectAccessible(page);
  });

  test('a marquee selection moves as one group and undoes in one step', async ({ page }) => {
    const { projectId, canvas } = await openTimeline(page, 'Podcast highlights #41');
    const before = await fetchTimeline(page, projectId);
    const [first, second] = lastItems(before);
    expect(first && second).toBeTruthy();
    // Zoom out a step so the band starts well away from the edge (where dragging auto-scrolls).
    await page.getByRole('button', { name: 'Zoom out', exact: true }).click();
    const a = await reveal(page, canvas, first!.id);
    const b = await itemRect(page, second!.id);
    // Drag a band from empty space right of both items, back over their tails.
    const band = { x: Math.min(a.x + a.width, b.x + b.width) - 4, y: Math.min(a.y, b.y) + 2 };
    const right = Math.max(a.x + a.width, b.x + b.width) + 20;
    await drag(
      page,
      { x: right, y: band.y - 4 },
      { x: band.x, y: Math.max(a.y + a.height, b.y + b.height) - 2 },
    );
    await expect(page.getByRole('status', { name: 'Selection' })).toHaveText(/^2 items selected/);

    // Move the group 1 s right with Alt held (no edge snapping: exactly one second on the frame grid).
    const { pxPerSecond } = await view(page);
    const from = centre(await itemRect(page, first!.id));
    await page.keyboard.down('Alt');
    await drag(page, from, { x: from.x + pxPerSecond, y: from.y });
    await page.keyboard.up('Alt');
    await expect
      .poll(() => startOf(page, projectId, first!.id))
      .toBeCloseTo(first!.start_seconds + 1, 2);
    await expect
      .poll(() => startOf(page, projectId, second!.id))
      .toBeCloseTo(second!.start_seconds + 1, 2);
    await settled(page);

    // One gesture, one undo step: both come back.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => startOf(page, projectId, first!.id)).toBe(first!.start_seconds);
    await expect.poll(() => startOf(page, projectId, second!.id)).toBe(second!.start_seconds);
  });

  test('trimming a caption shows the destructive preview before applying', async ({ page }) => {
    const { projectId, canvas } = await openTimeline(page, 'Founder story - episode 3');
    const before = await fetchTimeline(page, projectId);
    const captions = before.layers.find((layer) => layer.kind === 'caption')!;
    const caption = [...captions.items].sort(
      (x, y) => y.end_seconds - y.start_seconds - (x.end_seconds - x.start_seconds),
    )[0]!;
    await zoomTo(page, 120);
    const rect = await reveal(page, canvas, caption.id);
    // Grab the end handle and pull it to 40 % of the item: caption words fall outside.
    const y = rect.y + rect.height / 2;
    await drag(page, { x: rect.x + rect.width - 2, y }, { x: rect.x + rect.width * 0.4, y });

    const dialog = page.getByRole('dialog', { name: /Review: Trim 1 item/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('This trim is destructive.')).toBeVisible();
    await expect(dialog.getByText(/caption word\(s\) would be removed/)).toBeVisible();
    await expect(dialog.getByRole('heading', { name: /Affected items/ })).toBeVisible();
    await expect(dialog.getByText(caption.name)).toBeVisible();
    await expectAccessible(page);
    // Nothing is written before the person agrees.
    expect((await fetchTimeline(page, projectId)).revision).toBe(before.revision);

    await dialog.getByRole('button', { name: 'Apply trim' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(
        async () => findItem(await fetchTimeline(page, projectId), caption.id)?.end_seconds ?? 0,
      )
      .toBeLessThan(caption.end_seconds - (caption.end_seconds - caption.start_seconds) * 0.4);
  });

  test('batch delete reports a per-item failure and keeps the failed item', async ({ page }) => {
    const { projectId, canvas } = await openTimeline(page, 'Product launch teaser');
    const before = await fetchTimeline(page, projectId);
    const locked = before.layers.find((layer) => /locked/i.test(layer.name))!.items[0]!;
    const victim = lastItems(before)[0]!;

    await page.mouse.click(
      ...(Object.values(centre(await reveal(page, canvas, victim.id))) as [number, number]),
    );
    const lockedRect = await reveal(page, canvas, locked.id);
    // Shift-click adds the watermark (near its start, which is in view).
    await page.keyboard.down('Shift');
    await page.mouse.click(
      lockedRect.x +
        Math.max(20, Math.min(lockedRect.width / 2, 200)) -
        Math.min(0, lockedRect.x - (await canvas.boundingBox())!.x),
      lockedRect.y + lockedRect.height / 2,
    );
    await page.keyboard.up('Shift');
    await expect(page.getByRole('status', { name: 'Selection' })).toHaveText(/^2 items selected/);

    await page.keyboard.press('Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete 2 items?' });
    await expect(confirm.getByText(victim.name)).toBeVisible();
    await expect(confirm.getByText(locked.name)).toBeVisible();
    await expect(confirm.getByText(/1 item is on a locked layer/)).toBeVisible();
    await expect(confirm.getByLabel(/Close the gaps/)).not.toBeChecked();
    await confirm.getByRole('button', { name: 'Delete 2 items' }).click();

    const result = page.getByRole('region', { name: 'Delete result' });
    await expect(
      result.getByRole('heading', { name: 'Deleted 1, 1 could not be deleted' }),
    ).toBeVisible();
    const failure = result.getByRole('row', { name: new RegExp(locked.name) });
    await expect(failure).toContainText('locked_layer');
    await expect(failure.getByRole('cell', { name: 'No', exact: true })).toBeVisible();
    await expect(result.getByText('Caption words removed')).toBeVisible();
    await expect(result.getByText('Gaps closed (packed)')).toBeVisible();
    await expectAccessible(page);

    const after = await fetchTimeline(page, projectId);
    expect(findItem(after, victim.id)).toBeUndefined();
    expect(findItem(after, locked.id)).toBeDefined();
    await expect(page.getByRole('status', { name: 'Selection' })).toHaveText(
      new RegExp(`Selected overlay “${locked.name}”`),
    );
  });

  test('undo and redo a keyboard nudge and an inspector trim', async ({ page }) => {
    const { projectId, canvas } = await openTimeline(page, 'AMA cutdown (ep 44)');
    const before = await fetchTimeline(page, projectId);
    const item = lastItems(before).find(
      (candidate) => candidate.type === 'video' || candidate.type === 'audio',
    )!;
    await page.mouse.click(
      ...(Object.values(centre(await reveal(page, canvas, item.id))) as [number, number]),
    );
    await expect(page.getByRole('status', { name: 'Selection' })).toContainText(`“${item.name}”`);

    await page.keyboard.press('Shift+ArrowRight');
    await expect
      .poll(() => startOf(page, projectId, item.id))
      .toBeCloseTo(item.start_seconds + 1, 3);
    await settled(page);

    const inspector = page.getByRole('region', { name: 'Inspector' });
    const duration = inspector.getByLabel('Duration (s)');
    const shorter = Math.round((item.end_seconds - item.start_seconds) * 0.5 * 30) / 30;
    await duration.fill(String(Number(shorter.toFixed(3))));
    await duration.press('Enter');
    // Cutting under captions makes the service warn: the review popover then asks first.
    const review = page.getByRole('dialog', { name: /Review: Set duration/ });
    await expect(
      review.or(page.getByRole('status', { name: 'Last action' }).getByText('Set duration done.')),
    ).toBeVisible();
    if (await review.isVisible()) await review.getByRole('button', { name: 'Apply trim' }).click();
    await expect
      .poll(async () => {
        const now = findItem(await fetchTimeline(page, projectId), item.id)!;
        return now.end_seconds - now.start_seconds;
      })
      .toBeCloseTo(shorter, 2);
    await settled(page);

    await canvas.focus();
    await page.keyboard.press('Control+z'); // undo the trim
    await expect
      .poll(async () => {
        const now = findItem(await fetchTimeline(page, projectId), item.id)!;
        return now.end_seconds - now.start_seconds;
      })
      .toBeCloseTo(item.end_seconds - item.start_seconds, 2);
    await settled(page);
    await page.keyboard.press('Control+z'); // undo the nudge
    await expect.poll(() => startOf(page, projectId, item.id)).toBe(item.start_seconds);
    await settled(page);
    await page.keyboard.press('Control+Shift+Z'); // redo the nudge
    await expect
      .poll(() => startOf(page, projectId, item.id))
      .toBeCloseTo(item.start_seconds + 1, 3);
    await settled(page);
    await expect(page.getByRole('button', { name: 'Redo', exact: true })).toBeEnabled();
  });

  test('keyboard only: select with ] and move through the inspector', async ({ page }) => {
    const { projectId, canvas } = await openTimeline(page, 'Hiring slow, firing fast (ep 42)');
    const before = await fetchTimeline(page, projectId);
    await canvas.focus();
    const selection = page.getByRole('status', { name: 'Selection' });
    // ] steps through items in time order; skip the watermark on the locked layer.
    let item: TimelineItem | undefined;
    for (let i = 0; i < 6 && !item; i += 1) {
      await page.keyboard.press(']');
      await expect(selection).toHaveText(/^Selected /);
      const text = (await selection.textContent()) ?? '';
      const candidate = allItems(before).find((entry) => text.includes(`“${entry.name}”`));
      const layer = before.layers.find((entry) => entry.index === candidate?.layer_index);
      if (candidate && layer && !/locked/i.test(layer.name)) item = candidate;
    }
    expect(item, 'an item on an unlocked layer').toBeDefined();
    const others = rowItems(before, item!.layer_index).filter((other) => other.id !== item!.id);
    const target = Math.max(item!.end_seconds, others.at(-1)?.end_seconds ?? 0) + 2;

    // F6 from the canvas to the inspector (the studio's way between its parts), then Tab to its
    // Start field.
    const start = page
      .getByRole('region', { name: 'Inspector' })
      .getByLabel('Start (s)', { exact: true });
    const inspector = page.getByRole('group', { name: 'Inspector' });
    for (
      let i = 0;
      i < 3 && !(await inspector.evaluate((el) => el.contains(document.activeElement)));
      i += 1
    ) {
      await page.keyboard.press('F6');
    }
    for (
      let i = 0;
      i < 8 && !(await start.evaluate((el) => el === document.activeElement));
      i += 1
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(start).toBeFocused();
    await page.keyboard.press('Control+a');
    await page.keyboard.type(String(target));
    await page.keyboard.press('Enter');
    await expect.poll(() => startOf(page, projectId, item!.id)).toBe(target);
    await expect(start).toHaveValue(String(target));
    await expect(page.getByRole('status', { name: 'Last action' })).toHaveText('Set start done.');
  });

  test('a 409 from a concurrent change: refetch, show what changed, re-apply only when it still applies', async ({
    page,
  }) => {
    const { projectId, canvas } = await openTimeline(page, 'Pricing explained in 45s');
    const before = await fetchTimeline(page, projectId);
    const [mine, theirs] = lastItems(before);

    // Someone else moves another item while this editor still shows the old revision.
    const concurrent = await apiPost(page, `/projects/${projectId}/timeline/move`, {
      timeline_item_id: theirs!.id,
      new_start_seconds: theirs!.start_seconds + 2,
      expected_revision: before.revision,
    });
    expect(concurrent.status).toBe(200);

    await page.mouse.click(
      ...(Object.values(centre(await reveal(page, canvas, mine!.id))) as [number, number]),
    );
    await page.keyboard.press('Shift+ArrowRight');
    const banner = page
      .getByRole('alert')
      .filter({ hasText: 'Someone else changed this timeline' });
    await expect(banner).toContainText(`“${theirs!.name}” moved`);
    await expect(banner).toContainText('re-applied');
    await expect
      .poll(() => startOf(page, projectId, mine!.id))
      .toBeCloseTo(mine!.start_seconds + 1, 3);
    expect(await startOf(page, projectId, theirs!.id)).toBeCloseTo(theirs!.start_seconds + 2, 3);
    await settled(page);
    await banner.getByRole('button', { name: 'Dismiss' }).click();

    // Now they move the same item: the pending nudge no longer applies and is not sent again.
    const current = await fetchTimeline(page, projectId);
    const theirPosition = findItem(current, mine!.id)!.start_seconds + 3;
    expect(
      (
        await apiPost(page, `/projects/${projectId}/timeline/move`, {
          timeline_item_id: mine!.id,
          new_start_seconds: theirPosition,
          expected_revision: current.revision,
        })
      ).status,
    ).toBe(200);
    await canvas.focus();
    await page.keyboard.press('Shift+ArrowRight');
    const second = page
      .getByRole('alert')
      .filter({ hasText: 'Someone else changed this timeline' });
    await expect(second).toContainText(`“${mine!.name}” moved`);
    await expect(second).toContainText('was not applied');
    await expect(second).toContainText('changed by someone else');
    await expect.poll(() => startOf(page, projectId, mine!.id)).toBe(theirPosition);
  });

  test('a 1,000-item timeline loads, is accessible, adds a zoom effect and undoes it', async ({
    page,
  }) => {
    const { projectId, canvas } = await openTimeline(page, 'Webinar recap - March');
    await expect(canvas).toHaveAttribute('aria-label', /1001 items/);
    await expect(page.getByRole('list', { name: 'Layers' }).getByRole('listitem')).not.toHaveCount(
      0,
    );
    await expectAccessible(page);
    const before = await fetchTimeline(page, projectId);
    const video = allItems(before).find(
      (item) => item.type === 'video' && item.effects.length === 0,
    )!;
    await zoomTo(page, 20);
    await page.mouse.click(
      ...(Object.values(centre(await reveal(page, canvas, video.id))) as [number, number]),
    );
    await page
      .getByRole('region', { name: 'Inspector' })
      .getByRole('button', { name: 'Add zoom effect' })
      .click();
    await expect
      .poll(async () => findItem(await fetchTimeline(page, projectId), video.id)?.effects.length)
      .toBe(1);
    // Undo removes the effect on the service too.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect
      .poll(async () => findItem(await fetchTimeline(page, projectId), video.id)?.effects.length)
      .toBe(0);
  });

  test('shows an error for a project that does not exist', async ({ page }) => {
    await openTimeline(page, 'Dashboard tour short');
    await page.goto('/projects/00000000-0000-4000-8000-000000000000/timeline');
    await expect(page.getByRole('alert')).toContainText(/Not found|not found/);
  });
});
