/**
 * Firefox ESR smoke suite: sign in, every route with its data (no uncaught exception, no console
 * error, the main heading and the screen's primary control shown), and one real edit per editor,
 * checked through the API: a timeline item moved by a pointer drag and by the keyboard, a caption
 * word's colour, a clip status filter, an upload of a small file and a plan revise. The Chromium
 * specs (e2e/*.spec.ts) cover each screen in depth; this suite finds what only Firefox does.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, ElementHandle } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type {
  CaptionWord,
  Clip,
  MediaAsset,
  Project,
  Timeline,
  TimelineItem,
} from '../../src/api/schema.gen.ts';
import { clipTitle } from '../../src/features/clips/components/clip-parts.tsx';
import { eventually, FirefoxSession, launchFirefox, type Tab } from './harness.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let session: FirefoxSession | undefined;

beforeAll(async () => {
  browser = await launchFirefox();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await session?.close();
  session = undefined;
});

/** A signed-in tab of a fresh browser context. */
async function signedIn(): Promise<Tab> {
  session = await FirefoxSession.open(browser, baseURL);
  return session.signIn();
}

async function projectId(tab: Tab, name: string): Promise<string> {
  const { projects } = await tab.api<{ projects: Project[] }>('/projects?limit=50');
  const found = projects.find((project) => project.name === name);
  expect(found, `seeded project “${name}”`).toBeDefined();
  return found!.id;
}

/** What the routes' paths and headings are made of: seeded data, read through the API. */
interface RouteData {
  lena: string;
  pricing: string;
  lighthouse: string;
  latest: { id: string; revision: number };
  clip: Clip;
  shared: MediaAsset;
  batch: string;
}

async function routeData(tab: Tab): Promise<RouteData> {
  const { projects } = await tab.api<{ projects: Project[] }>('/projects?limit=50');
  const byName = (name: string) => {
    const found = projects.find((project) => project.name === name);
    expect(found, `seeded project “${name}”`).toBeDefined();
    return found!.id;
  };
  const lighthouse = byName('Faceless: The Lighthouse Keeper');
  const { revisions } = await tab.api<{ revisions: Array<{ id: string; revision: number }> }>(
    `/projects/${lighthouse}/faceless/plans`,
  );
  const { clips } = await tab.api<{ clips: Clip[] }>('/clips?limit=20');
  const { assets } = await tab.api<{ assets: MediaAsset[] }>('/workspace/media/assets?limit=100');
  const { runs } = await tab.api<{ runs: Array<{ resource_type: string; resource_id: string }> }>(
    '/admin/recovery/trigger-runs',
  );
  const shared = assets.find((asset) => asset.name === 'Podcast ep 41 - Growth loops.mp4');
  const batch = runs.find((run) => run.resource_type === 'clip-batch')?.resource_id;
  expect(clips[0], 'a clip').toBeDefined();
  expect(shared, 'the seeded share-page asset').toBeDefined();
  expect(batch, 'the seeded clip batch').toBeDefined();
  return {
    lena: byName('Customer testimonial - Lena'),
    pricing: byName('Pricing explained in 45s'),
    lighthouse,
    latest: revisions.reduce((a, b) => (b.revision > a.revision ? b : a)),
    clip: clips[0]!,
    shared: shared!,
    batch: batch!,
  };
}

interface RouteCheck {
  name: string;
  path: (data: RouteData) => string;
  heading: (data: RouteData) => string;
  /** The screen's primary control (or, for a read-only screen, its main content). */
  control: (data: RouteData) => { role: string; name: string };
}

const ROUTES: RouteCheck[] = [
  {
    name: 'projects',
    path: () => '/projects',
    heading: () => 'Projects',
    control: () => ({ role: 'button', name: 'New project' }),
  },
  {
    name: 'a project',
    path: (d) => `/projects/${d.lena}`,
    heading: () => 'Customer testimonial - Lena',
    control: () => ({ role: 'link', name: 'Open timeline' }),
  },
  {
    name: 'timeline editor',
    path: (d) => `/projects/${d.lena}/timeline`,
    heading: () => 'Timeline',
    control: () => ({ role: 'toolbar', name: 'Timeline tools' }),
  },
  {
    name: 'caption styler',
    path: (d) => `/projects/${d.pricing}/captions`,
    heading: () => 'Captions',
    control: () => ({ role: 'list', name: 'Caption words' }),
  },
  {
    name: 'production plan revisions',
    path: (d) => `/projects/${d.lighthouse}/plans`,
    heading: () => 'Production plan: The Lighthouse Keeper',
    control: (d) => ({ role: 'link', name: `Review the latest revision (${d.latest.revision})` }),
  },
  {
    name: 'a plan revision',
    path: (d) => `/projects/${d.lighthouse}/plans/${d.latest.id}`,
    heading: (d) => `The Lighthouse Keeper · revision ${d.latest.revision}`,
    control: () => ({ role: 'button', name: 'Approve plan' }),
  },
  {
    name: 'review queue',
    path: () => '/review',
    heading: () => 'Review queue',
    control: () => ({ role: 'listbox', name: 'Revisions waiting for a decision' }),
  },
  {
    name: 'clip library',
    path: () => '/clips',
    heading: () => 'Clips',
    control: () => ({ role: 'button', name: 'New clip' }),
  },
  {
    name: 'a clip',
    path: (d) => `/clips/${d.clip.clip_id}`,
    heading: (d) => clipTitle(d.clip),
    control: () => ({ role: 'list', name: 'Pipeline' }),
  },
  {
    name: 'a share page',
    path: (d) => `/clips/share/${d.shared.id}`,
    heading: (d) => `Share page · ${d.shared.name}`,
    control: () => ({ role: 'button', name: 'Copy link' }),
  },
  {
    name: 'a clip batch',
    path: (d) => `/clip-batches/${d.batch}`,
    heading: () => 'Clip batch',
    control: () => ({ role: 'link', name: 'See the batch’s source with its clips' }),
  },
  {
    name: 'media library',
    path: () => '/media',
    heading: () => 'Media library',
    control: () => ({ role: 'button', name: 'Create folder' }),
  },
  {
    name: 'a media asset',
    path: (d) => `/media/assets/${d.shared.id}`,
    heading: (d) => d.shared.name,
    control: () => ({ role: 'button', name: 'Ask for short suggestions' }),
  },
  {
    name: 'ops',
    path: () => '/ops',
    heading: () => 'Ops',
    control: () => ({ role: 'table', name: 'Background runs still working' }),
  },
  {
    name: 'publishing',
    path: () => '/publishing',
    heading: () => 'Publishing',
    control: () => ({ role: 'button', name: 'Schedule post' }),
  },
  {
    name: 'settings',
    path: () => '/settings',
    heading: () => 'Workspace settings',
    control: () => ({ role: 'button', name: 'Register webhook' }),
  },
  {
    name: 'onboarding',
    path: () => '/onboarding',
    heading: () => 'Set up your brand',
    control: () => ({ role: 'button', name: 'Scan website' }),
  },
  {
    name: 'AI edit style',
    path: () => '/ai-style',
    heading: () => 'AI edit style',
    control: () => ({ role: 'button', name: 'Dry run' }),
  },
];

describe('Firefox ESR: the harness', () => {
  it('the harness sees a console error and an uncaught exception (else the checks below prove nothing)', async () => {
    session = await FirefoxSession.open(browser, baseURL);
    const tab = await session.newTab('/login');
    await tab.find('heading', 'Sign in to Cutroom');
    await tab.page.evaluate(() => {
      console.error('harness check: console');
      setTimeout(() => {
        throw new Error('harness check: uncaught');
      });
    });
    await eventually(
      async () => tab.errors,
      (errors) =>
        expect(errors).toEqual([
          'console error: harness check: console',
          expect.stringContaining('harness check: uncaught'),
        ]),
    );
    expect(() => tab.expectNoErrors('harness check')).toThrow();
  });
});

describe('Firefox ESR: signed in, every route with its data', () => {
  let routes: FirefoxSession;
  let tab: Tab;
  let data: RouteData;
  beforeAll(async () => {
    routes = await FirefoxSession.open(browser, baseURL);
    tab = await routes.signIn();
    tab.expectNoErrors('sign-in');
    data = await routeData(tab);
  });
  afterAll(async () => {
    await routes?.close();
  });

  for (const route of ROUTES) {
    it(`${route.name}: no console error or uncaught exception, its heading and primary control`, async () => {
      const path = route.path(data);
      const before = tab.errors.length;
      await tab.goto(path);
      await tab.find('heading', route.heading(data));
      const control = route.control(data);
      await tab.find(control.role, control.name);
      // What the screen logs while its data arrives counts too.
      await tab.page.waitForNetworkIdle({ idleTime: 300, timeout: 15_000 }).catch(() => undefined);
      expect(tab.errors.slice(before), `console errors and uncaught exceptions (${path})`).toEqual(
        [],
      );
    });
  }
});

describe('Firefox ESR: one real edit per editor, checked through the API', () => {
  it('timeline: an item moves by a pointer drag and by the keyboard', async () => {
    const tab = await signedIn();
    const id = await projectId(tab, 'AMA cutdown (ep 44)');
    const timeline = () => tab.api<Timeline>(`/projects/${id}/timeline`);
    const before = await timeline();
    // The last item of an unlocked layer: nothing after it, so it can move right.
    const item = before.layers
      .filter((layer) => layer.items.length > 0 && !/locked/i.test(layer.name))
      .map((layer) => [...layer.items].sort((a, b) => a.start_seconds - b.start_seconds).at(-1)!)
      .find((candidate) => candidate.type === 'video' || candidate.type === 'audio');
    expect(item, 'a movable item').toBeDefined();
    const startOf = async () =>
      (await timeline()).layers.flatMap((layer) => layer.items).find((i) => i.id === item!.id)!
        .start_seconds;

    await tab.goto(`/projects/${id}/timeline`);
    await tab.find('toolbar', 'Timeline tools');
    await tab.page.waitForFunction(() => window.__cutroomTimeline !== undefined);
    const rect = await revealItem(tab, item!);
    const { pxPerSecond } = await tab.page.evaluate(() => window.__cutroomTimeline!.view());
    const from = { x: rect.x + Math.min(rect.width / 2, 30), y: rect.y + rect.height / 2 };
    const seconds = Math.max(1, Math.round(60 / pxPerSecond));
    // Alt: no snapping to other items' edges, so the item lands where the pointer leaves it.
    const mouse = tab.page.mouse;
    await tab.page.keyboard.down('Alt');
    await mouse.move(from.x, from.y);
    await mouse.down();
    await mouse.move(from.x + 6, from.y, { steps: 2 });
    await mouse.move(from.x + seconds * pxPerSecond, from.y, { steps: 12 });
    await mouse.up();
    await tab.page.keyboard.up('Alt');
    const dragged = await eventually(startOf, (start) =>
      expect(start).toBeCloseTo(item!.start_seconds + seconds, 1),
    );
    await tab.find('status', 'Last action');
    await eventually(
      () => tab.page.$eval('[aria-label="Last action"]', (element) => element.textContent),
      (text) => expect(text).toBe('Move 1 item done.'),
    );

    // The keyboard: the item selected by a click, Shift+→ moves it a second.
    const at = await revealItem(tab, item!);
    await mouse.click(at.x + Math.min(at.width / 2, 30), at.y + at.height / 2);
    await eventually(
      () => tab.page.$eval('[aria-label="Selection"]', (element) => element.textContent ?? ''),
      (text) => expect(text).toContain(`“${item!.name}”`),
    );
    await tab.page.keyboard.down('Shift');
    await tab.page.keyboard.press('ArrowRight');
    await tab.page.keyboard.up('Shift');
    await eventually(startOf, (start) => expect(start).toBeCloseTo(dragged + 1, 3));
    tab.expectNoErrors('timeline edits');
  });

  it('captions: a word’s colour', async () => {
    const tab = await signedIn();
    const id = await projectId(tab, 'Pricing explained in 45s');
    const words = async () =>
      (await tab.api<{ words: CaptionWord[] }>(`/projects/${id}/captions/words?limit=500`)).words;
    const all = await words();
    const counts = new Map<string, number>();
    for (const word of all) counts.set(word.word, (counts.get(word.word) ?? 0) + 1);
    const word = all.find(
      (candidate) => counts.get(candidate.word) === 1 && /^[A-Za-z]{4,}$/.test(candidate.word),
    );
    expect(word, 'a word that occurs once').toBeDefined();

    await tab.goto(`/projects/${id}/captions`);
    await tab.find('list', 'Caption words');
    await tab
      .fill('searchbox', 'Search words', word!.word)
      .catch(() => tab.fill('textbox', 'Search words', word!.word));
    await tab.click('button', word!.word);
    await tab.find('textbox', 'Colour (hex)');
    await tab.fill('textbox', 'Colour (hex)', '#ff00aa');
    await tab.page.keyboard.press('Enter');
    await eventually(
      () => tab.page.$eval('[aria-label="Save status"]', (element) => element.textContent),
      (text) => expect(text).toBe('All changes saved'),
    );
    await eventually(words, (now) =>
      expect(now.find((candidate) => candidate.id === word!.id)?.style?.color).toBe('#ff00aa'),
    );
    tab.expectNoErrors('caption colour');
  });

  it('clips: a status filter shows the clips the API lists in that status', async () => {
    const tab = await signedIn();
    const { clips: failed } = await tab.api<{ clips: Clip[] }>('/clips?status=failed&limit=50');
    expect(failed.length, 'seeded failed clips').toBeGreaterThan(0);
    await tab.goto('/clips');
    await tab.find('list', 'Clips');
    // The checkbox's name carries the count ("Failed (3)"): found by the start of its label.
    const box = await tab.page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((input) =>
        /^Failed\s*\(\d+\+?\)$/.test(input.labels?.[0]?.textContent?.trim() ?? ''),
      ),
    );
    await (box.asElement() as ElementHandle<Element>).click();
    await eventually(
      async () => new URL(tab.page.url()).searchParams.get('status'),
      (status) => expect(status).toContain('failed'),
    );
    const shown = await eventually(
      () =>
        tab.page.$$eval(
          '[aria-label="Clips"][data-fresh="true"] article a[href^="/clips/"]',
          (links) => links.map((link) => link.getAttribute('href')!.slice('/clips/'.length)),
        ),
      (ids) => expect(ids.length).toBeGreaterThan(0),
    );
    const failedIds = new Set(failed.map((clip) => clip.clip_id));
    for (const clipId of new Set(shown)) expect(failedIds.has(clipId), clipId).toBe(true);
    tab.expectNoErrors('clip filter');
  });

  it('media: an upload of a small file', async () => {
    const tab = await signedIn();
    const name = `e2e-firefox-${Date.now().toString(36)}.mp4`;
    const dir = mkdtempSync(join(tmpdir(), 'cutroom-firefox-'));
    const path = join(dir, name);
    writeFileSync(path, Buffer.alloc(64 * 1024, 7));
    try {
      await tab.goto('/media');
      await tab.find('heading', 'Media library');
      const input = await tab.page.waitForSelector('input[type="file"]');
      await input!.uploadFile(path);
      await tab.find('list', 'Uploads');
      await eventually(
        () =>
          tab.page.$$eval('[aria-label="Uploads"] li', (rows) =>
            rows.map((row) => row.textContent ?? ''),
          ),
        (rows) => expect(rows.find((row) => row.includes(name))).toContain('Uploaded'),
        60_000,
      );
      const { assets } = await tab.api<{ assets: MediaAsset[] }>(
        `/workspace/media/assets?name_prefix=${encodeURIComponent(name)}`,
      );
      expect(assets.map((asset) => [asset.name, asset.size_bytes])).toEqual([[name, 64 * 1024]]);
      tab.expectNoErrors('upload');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('plans: a revise creates the next revision with the change', async () => {
    const tab = await signedIn();
    const id = await projectId(tab, 'Faceless: The Lighthouse Keeper');
    const revisions = async () =>
      (
        await tab.api<{ revisions: Array<{ id: string; revision: number; status: string }> }>(
          `/projects/${id}/faceless/plans`,
        )
      ).revisions;
    const before = await revisions();
    const source = before.find((revision) => revision.status === 'assets_ready');
    expect(source, 'an assets_ready revision').toBeDefined();
    await tab.goto(`/projects/${id}/plans/${source!.id}?tab=storyboard`);
    await tab.find('heading', `The Lighthouse Keeper · revision ${source!.revision}`);
    await tab.click('button', 'Edit scene 4');
    await tab.find('dialog', 'Edit scene 4');
    const prompt = 'the keeper hauls the shutter lever, sparks in the rain (Firefox)';
    await tab.fill('textbox', 'Image prompt', prompt);
    await tab.click('button', 'Save to draft');
    await tab.click('button', 'Review and send');
    await tab.click('button', 'Create revision');
    const created = Math.max(...before.map((revision) => revision.revision)) + 1;
    await tab.find('heading', `The Lighthouse Keeper · revision ${created}`);
    const after = await eventually(revisions, (now) => expect(now).toHaveLength(before.length + 1));
    const revision = after.find((candidate) => candidate.revision === created)!;
    const plan = await tab.api<unknown>(`/projects/${id}/faceless/plans/${revision.id}`);
    expect(JSON.stringify(plan)).toContain(prompt);
    tab.expectNoErrors('plan revise');
  });
});

/** Scrolls the timeline canvas so the item is in view; its rectangle in the page. */
async function revealItem(
  tab: Tab,
  item: TimelineItem,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const rectOf = () => tab.page.evaluate((id) => window.__cutroomTimeline!.itemRect(id), item.id);
  // The timeline's canvas (the studio's frame is an application too).
  const box = await tab.page.$eval(
    '[role="application"][aria-label^="Timeline canvas"]',
    (element) => {
      const r = element.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    },
  );
  const rect = await rectOf();
  expect(rect, `item ${item.id} on the canvas`).not.toBeNull();
  // Room to its right for the drag (60 px) and more: a pointer near the canvas's edge scrolls
  // the view, which would carry the item further than the pointer moved.
  const inX = rect!.x >= box.x && rect!.x + Math.min(rect!.width, 60) + 200 <= box.x + box.width;
  const inY = rect!.y >= box.y + 28 && rect!.y + rect!.height <= box.y + box.height;
  if (!inX || !inY) {
    await tab.page.$eval(
      '[role="application"][aria-label^="Timeline canvas"]',
      (element, dx, dy) => {
        element.scrollLeft += dx;
        element.scrollTop += dy;
      },
      inX ? 0 : rect!.x - box.x - 80,
      inY ? 0 : rect!.y - box.y - 60,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return (await rectOf())!;
}
