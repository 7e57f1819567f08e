/**
 * Helpers of the timeline specs. The canvas is not in the accessibility tree, so pointer gestures
 * use coordinates from the editor's own time ↔ pixel maths (window.__cutroomTimeline, installed
 * only under automation); everything else is found by role and name.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { Timeline, TimelineItem } from '../src/api/schema.gen.ts';
import { signInWithDemo } from './fixtures.ts';

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Signs in, finds a seeded project by name and opens its timeline. */
export async function openTimeline(
  page: Page,
  projectName: string,
): Promise<{ projectId: string; canvas: Locator }> {
  await signInWithDemo(page, '/projects');
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  const projectId = await page.evaluate(async (name) => {
    const response = await fetch('/api/v1/projects?limit=50&offset=0');
    const body = (await response.json()) as { projects?: Array<{ id: string; name: string }> };
    return body.projects?.find((project) => project.name === name)?.id ?? null;
  }, projectName);
  expect(projectId, `seeded project “${projectName}”`).not.toBeNull();
  await page.goto(`/projects/${projectId}/timeline`);
  const canvas = page.getByRole('application', { name: /Timeline canvas/ });
  // The studio loads the timeline, its canvas and the preview: slower than one element.
  await expect(canvas).toBeVisible({ timeout: 20_000 });
  await page.waitForFunction(() => window.__cutroomTimeline !== undefined);
  return { projectId: projectId!, canvas };
}

export async function fetchTimeline(page: Page, projectId: string): Promise<Timeline> {
  return page.evaluate(
    async (id) => (await (await fetch(`/api/v1/projects/${id}/timeline`)).json()) as Timeline,
    projectId,
  );
}

/** A write straight to the API with the session's CSRF token (a concurrent editor, in tests). */
export async function apiPost(
  page: Page,
  path: string,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ path: target, body: payload }) => {
      const session = (await (await fetch('/bff/session')).json()) as { csrf_token: string };
      const response = await fetch(`/api/v1${target}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
        body: JSON.stringify(payload),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { path, body },
  );
}

export function allItems(timeline: Timeline): TimelineItem[] {
  return timeline.layers.flatMap((layer) => layer.items);
}

export function findItem(timeline: Timeline, id: string): TimelineItem | undefined {
  return allItems(timeline).find((item) => item.id === id);
}

/** Items of a layer sorted by start. */
export function rowItems(timeline: Timeline, layerIndex: number): TimelineItem[] {
  const layer = timeline.layers.find((candidate) => candidate.index === layerIndex);
  return [...(layer?.items ?? [])].sort((a, b) => a.start_seconds - b.start_seconds);
}

/** The last item of each unlocked, non-empty layer (nothing after it, so it can move right). */
export function lastItems(timeline: Timeline): TimelineItem[] {
  return timeline.layers
    .filter((layer) => layer.items.length > 0 && !/locked/i.test(layer.name))
    .map((layer) => rowItems(timeline, layer.index).at(-1)!);
}

export async function view(page: Page): Promise<{
  pxPerSecond: number;
  scrollX: number;
  scrollY: number;
  width: number;
  height: number;
}> {
  return page.evaluate(() => window.__cutroomTimeline!.view());
}

export async function itemRect(page: Page, itemId: string): Promise<Rect> {
  const rect = await page.evaluate((id) => window.__cutroomTimeline!.itemRect(id), itemId);
  expect(rect, `item ${itemId} on the canvas`).not.toBeNull();
  return rect!;
}

/** Scrolls the canvas so the item is in view (its start 80 px from the left edge). */
export async function reveal(page: Page, canvas: Locator, itemId: string): Promise<Rect> {
  const v = await view(page);
  const rect = await itemRect(page, itemId);
  const box = (await canvas.boundingBox())!;
  const inX = rect.x >= box.x && rect.x + Math.min(rect.width, 40) <= box.x + v.width;
  const inY = rect.y >= box.y + 28 && rect.y + rect.height <= box.y + v.height;
  if (!inX || !inY) {
    await canvas.evaluate(
      (el, { dx, dy }) => {
        el.scrollLeft += dx;
        el.scrollTop += dy;
      },
      { dx: inX ? 0 : rect.x - box.x - 80, dy: inY ? 0 : rect.y - box.y - 60 },
    );
    await page.waitForTimeout(50);
  }
  return itemRect(page, itemId);
}

/** Zooms in with the toolbar until the canvas shows at least `pxPerSecond`. */
export async function zoomTo(page: Page, pxPerSecond: number): Promise<void> {
  for (let i = 0; i < 20 && (await view(page)).pxPerSecond < pxPerSecond; i += 1) {
    await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
  }
}

/** Press, move in steps, release: a real pointer gesture. */
export async function drag(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
  options: { steps?: number; beforeRelease?: () => Promise<void> } = {},
): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + Math.sign(to.x - from.x || 1) * 5, from.y, { steps: 2 });
  await page.mouse.move(to.x, to.y, { steps: options.steps ?? 12 });
  await options.beforeRelease?.();
  await page.mouse.up();
}

export const centre = (rect: Rect) => ({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 });

/** Waits until no write is in flight (the toolbar shows the revision again). */
export async function settled(page: Page): Promise<void> {
  await expect(
    page.getByRole('toolbar', { name: 'Timeline tools' }).getByText(/^Revision \d+$/),
  ).toBeVisible();
}

/** Waits until the waveform peaks the band asked for have arrived (each arrival redraws it). */
export async function waveformsLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__cutroomTimeline?.waveformsLoading() === 0);
}

/**
 * The canvas shows what a band drawn afresh at the same place shows: a screenshot, then one after
 * scrolling far away and back (every tile drawn again). Tiles drawn again only where something
 * changed (a selection, a commit, an undo) must not differ from that.
 */
export async function expectSameAsFreshBand(page: Page, canvas: Locator): Promise<void> {
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 1, box.y + box.height - 2);
  await waveformsLoaded(page);
  await page.waitForTimeout(400);
  const shown = await canvas.screenshot();
  const { scrollX } = await view(page);
  await canvas.evaluate((el, x) => (el.scrollLeft = x > 10_000 ? 0 : x + 10_000), scrollX);
  await page.waitForTimeout(300);
  await canvas.evaluate((el, x) => (el.scrollLeft = x), scrollX);
  await waveformsLoaded(page);
  await page.waitForTimeout(400);
  expect((await view(page)).scrollX).toBe(scrollX);
  expect((await canvas.screenshot()).equals(shown), 'the canvas as drawn afresh').toBe(true);
}
