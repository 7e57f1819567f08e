/**
 * Cutroom's timeline on its real route, driven as bench:timeline drives it: the editor behind an
 * interface the peer's page also implements (Lib), what to touch, commits watched on the toolbar,
 * and the smooth gestures (drag, scroll, Ctrl+wheel zoom sweep, fit, marquee, group drag and its
 * undo), each measured in its window (gesture-window.ts) with the same input (gesture-input.ts)
 * and checked to have done something. Shared by bench:timeline and bench:words (the timeline of
 * the clean-up's result).
 */
import type { CDPSession, Page } from 'playwright-core';
import type { Timeline, TimelineItem } from '../../src/api/schema.gen.ts';
import { fmt } from './fmt.ts';
import {
  ALT,
  alongWaypoints,
  DRAG_LEGS_PX,
  GESTURE_FRAMES,
  pointerGesture,
  press,
  SCROLL_DELTAS,
  wheel,
  ZOOM_DELTAS,
} from './gesture-input.ts';
import { type GestureFigures, type MeasuredEditor, measure } from './gesture-window.ts';
import { longestLoafGoal } from './timeline-goals.ts';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Item = Pick<
  TimelineItem,
  'id' | 'type' | 'name' | 'layer_index' | 'start_seconds' | 'end_seconds'
>;
export type TimelineData = Pick<Timeline, 'revision' | 'layers' | 'fps'>;

export interface Lib extends MeasuredEditor {
  /** The time area (where items are), in client coordinates. */
  area: Rect;
  itemRect(id: string): Promise<Rect | null>;
  zoom(): Promise<number>;
  scroll(): Promise<{ left: number; top: number }>;
  setScroll(left: number): Promise<void>;
  /** Start and end of an item as the editor holds it now (Cutroom: on the server). */
  span(id: string): Promise<{ start: number; end: number } | null>;
  /** A page expression giving the zoom, sampled every frame by the recorder. */
  zoomSample: string;
}

/** Cutroom's timeline of `items` items in `page`, at its route. */
export async function cutroomLib(
  page: Page,
  cdp: CDPSession,
  projectId: string,
  items: number,
): Promise<Lib> {
  const canvas = page.getByRole('application', { name: /Timeline canvas/ });
  const box = (await canvas.boundingBox())!;
  const size = await canvas.evaluate((el) => ({ w: el.clientWidth, h: el.clientHeight }));
  return {
    name: 'cutroom',
    page,
    cdp,
    area: { x: box.x, y: box.y, width: size.w, height: size.h },
    itemRect: (id) => page.evaluate((item) => window.__cutroomTimeline!.itemRect(item), id),
    zoom: () => page.evaluate(() => window.__cutroomTimeline!.view().pxPerSecond),
    scroll: () =>
      page.evaluate(() => {
        const view = window.__cutroomTimeline!.view();
        return { left: view.scrollX, top: view.scrollY };
      }),
    setScroll: async (left) => {
      await canvas.evaluate((el, x) => {
        el.scrollLeft = x;
      }, left);
      await page.waitForTimeout(100);
    },
    // Read on the server, in the page (only the item crosses over).
    span: (id) =>
      page.evaluate(
        async ({ project, item }) => {
          const response = await fetch(`/api/v1/projects/${project}/timeline`);
          const timeline = (await response.json()) as TimelineData;
          for (const layer of timeline.layers)
            for (const candidate of layer.items)
              if (candidate.id === item)
                return { start: candidate.start_seconds, end: candidate.end_seconds };
          return null;
        },
        { project: projectId, item: id },
      ),
    zoomSample: '() => window.__cutroomTimeline.view().pxPerSecond',
    longestLoafGoal: (gesture) => longestLoafGoal(items, gesture),
  };
}

export const STATUS_SELECTOR = '[role="toolbar"][aria-label="Timeline tools"] [role="status"]';

export async function revisionShown(page: Page): Promise<number> {
  const text = (await page.locator(STATUS_SELECTOR).textContent()) ?? '';
  const match = /^Revision (\d+)$/.exec(text.trim());
  if (!match) throw new Error(`the toolbar says “${text}”, not a revision`);
  return Number(match[1]);
}

/** Time from the last pointer release (or key press) to the toolbar showing `Revision n`. */
export async function commitTime(
  page: Page,
  revision: number,
  after: 'pointer' | 'key',
): Promise<number> {
  return page.evaluate(
    async ({ revision: n, after: from }) => {
      const rec = window.__rec!;
      const since = from === 'pointer' ? rec.lastPointerUp : rec.lastKeyDown;
      const at = await Promise.race([
        rec.statusAfter(since, `^Revision ${n}$`),
        new Promise<number>((resolve) => setTimeout(() => resolve(Number.NaN), 60_000)),
      ]);
      return at - since;
    },
    { revision, after },
  );
}

/**
 * An item of `types` with room after it on its row (`roomSeconds`), long enough to grab, nearest
 * the middle of the project: the same item for every editor.
 */
export function pickItem(
  timeline: TimelineData,
  types: readonly string[],
  minSeconds: number,
  roomSeconds: number,
  avoid: ReadonlySet<string> = new Set(),
): Item {
  const all = timeline.layers.flatMap((layer) => layer.items);
  const end = Math.max(...all.map((item) => item.end_seconds));
  let best: { item: Item; score: number } | null = null;
  for (const layer of timeline.layers) {
    const row = [...layer.items].sort((a, b) => a.start_seconds - b.start_seconds);
    for (const [i, item] of row.entries()) {
      if (!types.includes(item.type) || avoid.has(item.id)) continue;
      if (item.end_seconds - item.start_seconds < minSeconds) continue;
      const next = row[i + 1]?.start_seconds ?? Number.POSITIVE_INFINITY;
      if (next - item.end_seconds < roomSeconds) continue;
      const score = Math.abs(item.start_seconds - end * 0.4) + layer.index * 3;
      if (!best || score < best.score) best = { item, score };
    }
  }
  if (!best) throw new Error(`no ${types.join('/')} item with ${roomSeconds} s of room`);
  return best.item;
}

/**
 * Waits (outside any measuring window) until the editor's zoom and scroll have stopped changing:
 * on a loaded machine an editor may still be working through a gesture's input when its events
 * have all been sent, and the next gesture must start from where this one ended.
 */
export async function settled(lib: Lib): Promise<void> {
  const read = async () => JSON.stringify([await lib.zoom(), await lib.scroll()]);
  let last = await read();
  let same = 0;
  for (let i = 0; i < 300 && same < 3; i += 1) {
    await lib.page.waitForTimeout(100);
    const now = await read();
    same = now === last ? same + 1 : 0;
    last = now;
  }
}

/** Scrolls so the item starts a third into the time area; returns its rectangle. */
export async function bringIntoView(lib: Lib, item: Item): Promise<Rect> {
  const zoom = await lib.zoom();
  await lib.setScroll(Math.max(0, item.start_seconds * zoom - lib.area.width / 3));
  const rect = await lib.itemRect(item.id);
  if (!rect) throw new Error(`${lib.name}: item ${item.id} is not drawn after scrolling to it`);
  return rect;
}

export const centre = (rect: Rect) => ({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 });

/** Every item's start on the server. */
export async function serverStarts(page: Page, projectId: string): Promise<Map<string, number>> {
  const entries = await page.evaluate(async (id) => {
    const timeline = (await (await fetch(`/api/v1/projects/${id}/timeline`)).json()) as {
      layers: Array<{ items: Array<{ id: string; start_seconds: number }> }>;
    };
    return timeline.layers.flatMap((layer) =>
      layer.items.map((item) => [item.id, item.start_seconds] as [string, number]),
    );
  }, projectId);
  return new Map(entries);
}

/** The JS heap in use after a forced GC (MB). */
export async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usedSize / 1024 / 1024;
}

/**
 * Opens Cutroom's timeline of the project (`items` items) in `page`, signed in and with RECORDER
 * as an init script: the first frame with items (ms from navigation), the heap after load, then
 * the toolbar's status watched and the working zoom (~40 px/s, as a person zooms in to edit).
 */
export async function openCutroomTimeline(
  page: Page,
  cdp: CDPSession,
  base: string,
  projectId: string,
  items: number,
): Promise<{ lib: Lib; firstDrawMs: number; heapMb: number }> {
  await page.goto(`${base}/projects/${projectId}/timeline`);
  // The canvas's test hooks record when the first frame with items was drawn (performance.now()).
  await page.waitForFunction(() => window.__cutroomTimeline?.firstDrawAt() != null, undefined, {
    timeout: 120_000,
  });
  const firstDrawMs = await page.evaluate(() => window.__cutroomTimeline!.firstDrawAt()!);
  await page.waitForTimeout(1000);
  const heap = await heapMb(cdp);
  await page.evaluate((selector) => window.__rec!.watchStatus(selector), STATUS_SELECTOR);
  const canvas = page.getByRole('application', { name: /Timeline canvas/ });
  await canvas.focus();
  // Working zoom, not measured.
  for (
    let i = 0;
    i < 40 && (await page.evaluate(() => window.__cutroomTimeline!.view().pxPerSecond)) < 32;
    i += 1
  ) {
    await page.keyboard.press('+');
  }
  return { lib: await cutroomLib(page, cdp, projectId, items), firstDrawMs, heapMb: heap };
}

/** Commits of Cutroom's timeline, each watched until the toolbar shows the next revision. */
export interface Commits {
  /** Time from the release to "Revision N+1" (throws after 60 s without it). */
  commit(what: string): Promise<number>;
  revision(): number;
  setRevision(revision: number): void;
}

/**
 * Commits from the revision the toolbar shows now. A trim is checked first (a dry run): when the
 * service warns, the review dialog opens and is applied, and the time runs from that click.
 */
export async function revisionCommits(page: Page): Promise<Commits> {
  let revision = await revisionShown(page);
  return {
    commit: async (what) => {
      const target = revision + 1;
      const direct = commitTime(page, target, 'pointer');
      const reviewed = page.evaluate(
        (done) => window.__rec!.dialogBefore('^Review:', window.__rec!.lastPointerUp, done),
        `^Revision ${target}$`,
      );
      let ms: number;
      if (await Promise.race([reviewed, direct.then(() => false)])) {
        const dialog = page.getByRole('dialog', { name: /Review:/ });
        await dialog.getByRole('button', { name: 'Apply trim' }).click();
        ms = await commitTime(page, target, 'pointer');
      } else {
        ms = await direct;
      }
      if (!Number.isFinite(ms)) throw new Error(`cutroom: the ${what} was not committed in 60 s`);
      revision = target;
      return ms;
    },
    revision: () => revision,
    setRevision: (n) => {
      revision = n;
    },
  };
}

/**
 * Drags one item of `types` out and back in straight legs, 0 → +160 → −20 → +120 → +40 px,
 * dropped 40 px right of where it was, with Alt (no snapping to other items' edges; the frame grid
 * stays), so that each display frame's input moves it by 2.7-6 px (2-5 frames of video at the
 * working zoom): each frame has something new to show. The damped sine used before, with
 * snapping, held the item still for 57-60 of its ~130 frames (edges of 1,000 items within 8 px
 * everywhere at this zoom, and sub-frame steps near its turning points): Chromium presented nothing
 * new then, and the figure said 27.7-29.2 a second whatever the editor did (frame census,
 * 2026-11-25 04:20). The peer and the trivial page get the same input. With `commit` (Cutroom),
 * the window stays open until the move is committed.
 */
export async function dragGesture(
  lib: Lib,
  timeline: TimelineData,
  commit: Commits['commit'] | null,
  types: readonly string[] = ['video', 'image', 'text'],
): Promise<{ figures: GestureFigures; item: Item }> {
  const zoom = await lib.zoom();
  const dragged = pickItem(timeline, types, 60 / zoom, 80 / zoom);
  const rect = await bringIntoView(lib, dragged);
  const from = { x: rect.x + Math.min(rect.width / 2, 30), y: rect.y + rect.height / 2 };
  const before = await lib.span(dragged.id);
  const figures = await measure(lib, 'drag', async (gesture) => {
    await pointerGesture(
      lib,
      from,
      (t) => ({ x: from.x + alongWaypoints(DRAG_LEGS_PX, t), y: from.y }),
      { modifiers: ALT },
    );
    await gesture.motionEnd();
    const commitMs = commit ? await commit('drag') : undefined;
    await gesture.done();
    const after = await lib.span(dragged.id);
    const moved = before && after ? after.start - before.start : 0;
    return {
      effect: `“${dragged.name}” moved ${fmt(moved, 2)} s`,
      // Cutroom's drag holds Alt (no snapping to edges): it ends right of where it began. The peer
      // has no such modifier, and its dragLine may snap the drop elsewhere (once 0.87 s left): it
      // did its work if the item moved at all.
      ok: commit ? moved > 0 : moved !== 0,
      ...(commitMs !== undefined ? { commitMs } : {}),
    };
  });
  return { figures, item: dragged };
}

/** The wheel over the time area from the project's start, right then back left. */
export async function scrollGesture(lib: Lib): Promise<GestureFigures> {
  await lib.setScroll(0);
  const middle = centre(lib.area);
  return measure(lib, 'scroll', async () => {
    const start = await lib.scroll();
    await wheel(lib, middle, SCROLL_DELTAS);
    await lib.page.waitForTimeout(50);
    const end = await lib.scroll();
    return {
      effect: `scrolled ${Math.round(end.left - start.left)} px`,
      ok: end.left > start.left,
    };
  });
}

/** The Ctrl+wheel zoom sweep around the pointer: out, then in (the zoom sampled every frame). */
export async function zoomGesture(lib: Lib): Promise<GestureFigures> {
  const figures = await measure(
    lib,
    'zoom',
    async () => {
      await wheel(lib, centre(lib.area), ZOOM_DELTAS, true);
      return { effect: '', ok: true };
    },
    lib.zoomSample,
  );
  const samples = figures.samples as number[];
  const low = Math.min(...samples);
  const high = Math.max(...samples);
  figures.effect = `zoom ${fmt(high)} → ${fmt(low, 2)} → ${fmt(samples.at(-1) ?? NaN)} px/s`;
  figures.ok = high / low > 5;
  return figures;
}

/** Fit to project (the 0 key). */
export async function fitGesture(lib: Lib): Promise<GestureFigures> {
  return measure(lib, 'fit', async () => {
    const start = await lib.zoom();
    await press(lib, '0', 'Digit0');
    await lib.page.waitForTimeout(400);
    const end = await lib.zoom();
    return { effect: `${fmt(start)} → ${fmt(end, 2)} px/s`, ok: end < start };
  });
}

/**
 * Cutroom's marquee over every item (at fit zoom every row and the whole project are in view):
 * done when at least `minSelected` items are selected with the items layer drawn at most twice.
 */
export async function marqueeGesture(lib: Lib, minSelected: number): Promise<GestureFigures> {
  const { page, area } = lib;
  const drawsBefore = await page.evaluate(() => window.__cutroomTimeline!.drawCounts());
  return measure(lib, 'marquee', async (gesture) => {
    // From the room fit leaves past the end (outside the auto-scroll edge) to the bottom-left.
    const from = { x: area.x + area.width - 48, y: area.y + 34 };
    const to = { x: area.x - 10, y: area.y + area.height - 24 };
    await pointerGesture(lib, from, (t) => ({
      x: from.x + (to.x - from.x) * t,
      y: from.y + (to.y - from.y) * Math.min(1, t * 1.5),
    }));
    // The selection status follows a pointer gesture after the frame that ends it: the window
    // stays open until it shows the selection, so its render is measured with the gesture.
    await gesture.motionEnd();
    const selectionStatus = page.getByRole('status', { name: 'Selection' });
    await selectionStatus
      .filter({ hasText: /items selected/ })
      .waitFor({ timeout: 2_000 })
      .catch(() => undefined);
    await gesture.done();
    const draws = await page.evaluate(() => window.__cutroomTimeline!.drawCounts());
    const status = await selectionStatus.textContent();
    const selected = Number(/^(\d+) items selected/.exec(status ?? '')?.[1] ?? 0);
    const itemsRedraws = draws.itemsDraws - drawsBefore.itemsDraws;
    const view = await page.evaluate(() => window.__cutroomTimeline!.view());
    return {
      effect: `${selected} items selected; items layer drawn ${itemsRedraws}×, overlay ${draws.overlayDraws - drawsBefore.overlayDraws}×${selected ? '' : ` (status “${status ?? ''}”, view ${fmt(view.pxPerSecond, 2)} px/s at ${Math.round(view.scrollX)}, ${Math.round(view.scrollY)})`}`,
      ok: selected >= minSelected && itemsRedraws <= 2,
    };
  });
}

/**
 * Cutroom's select all, then the whole selection dragged and dropped (its commit), then its undo
 * (Ctrl+Z until the revision returns). Over the contract's 5,000 operations a request the drag
 * ends with Escape instead (frames measured, nothing sent, no undo).
 */
export async function groupDragGesture(
  lib: Lib,
  timeline: TimelineData,
  projectId: string,
  commits: Commits,
): Promise<{ drag: GestureFigures; undo: GestureFigures | null }> {
  const { page } = lib;
  const canvas = page.getByRole('application', { name: /Timeline canvas/ });
  await canvas.focus();
  await press(lib, 'a', 'KeyA', 2);
  for (let i = 0; i < 40 && (await lib.zoom()) < 32; i += 1) await page.keyboard.press('+');
  const anchor = pickItem(timeline, ['video', 'image', 'text'], 60 / (await lib.zoom()), 0);
  const anchorRect = await bringIntoView(lib, anchor);
  const grab = {
    x: anchorRect.x + Math.min(anchorRect.width / 2, 30),
    y: anchorRect.y + anchorRect.height / 2,
  };
  const all = timeline.layers.flatMap((layer) => layer.items);
  const tooMany = all.length > 5000;
  const startsBefore = tooMany ? null : await serverStarts(page, projectId);
  const ghostsBefore = await page.evaluate(() => window.__cutroomTimeline!.drawCounts());
  const drag = await measure(lib, 'group drag', async (gesture) => {
    // Out and back in straight legs, never left of the press: 0 → 150 → 10 → 150 → 40 px, so every
    // display frame's input moves the group by 3.7-5 px (over 3 frames of video at this zoom). The
    // selection holds the item at 0 s, so left of the press the group is clamped at the project's
    // start; the damped sine used before spent 28 of its 120 events there (and more near its turning
    // points moved it by less than a frame): nothing changed on screen, Chromium presented no
    // frame, and the figure was capped near 42 a second whatever the editor did (traces, 20:30).
    // Same event count, amplitude and drop point (+40 px).
    await pointerGesture(
      lib,
      grab,
      (t) => ({ x: grab.x + alongWaypoints([0, 150, 10, 150, 40], t), y: grab.y }),
      tooMany ? { beforeRelease: () => press(lib, 'Escape', 'Escape') } : {},
    );
    await gesture.motionEnd();
    if (tooMany) {
      const ghosts = await page.evaluate(() => window.__cutroomTimeline!.drawCounts());
      const moved = ghosts.ghostMoves - ghostsBefore.ghostMoves;
      return {
        effect: `${all.length} items dragged (ghosts drawn ${ghosts.ghostDraws - ghostsBefore.ghostDraws}×, moved ${moved}×), Escape: over the 5,000 a request`,
        ok: moved > GESTURE_FRAMES / 4,
      };
    }
    const commitMs = await commits.commit('group move');
    await gesture.done();
    const after = await serverStarts(page, projectId);
    // Every item moved by the same time (each start rounded to the millisecond on its own).
    const shifts = [...after].map(([id, start]) => start - startsBefore!.get(id)!);
    const shift = Math.min(...shifts);
    return {
      effect: `${after.size} items moved ${fmt(shift, 3)}–${fmt(Math.max(...shifts), 3)} s in one request`,
      ok: shift > 0 && Math.max(...shifts) - shift < 0.0015,
      commitMs,
    };
  });
  if (tooMany) return { drag, undo: null };
  // Undo of the group move, from the key press until the revision returns.
  const undo = await measure(lib, 'undo', async (gesture) => {
    await canvas.focus();
    await press(lib, 'z', 'KeyZ', 2);
    const ms = await commitTime(page, commits.revision() + 1, 'key');
    commits.setRevision(commits.revision() + 1);
    await gesture.done();
    const after = await serverStarts(page, projectId);
    const back = [...after].every(([id, start]) => start === startsBefore!.get(id));
    return { effect: `${after.size} items back where they were`, ok: back, undoMs: ms };
  });
  drag.undoMs = undo.undoMs;
  return { drag, undo };
}
