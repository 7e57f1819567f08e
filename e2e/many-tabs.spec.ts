/**
 * Many tabs of one browser, with the back/forward cache on, as Chrome runs for its users.
 *
 * Playwright starts Chromium with `--disable-back-forward-cache` (playwright-core's
 * chromiumSwitches, "avoids surprises like main request not being intercepted during
 * page.goBack()"); this spec's browser is launched without it (`ignoreDefaultArgs` below), so
 * pages left by a full navigation stay alive in the cache, with whatever they hold open. A
 * browser allows six HTTP/1.1 connections per host: when every tab, and every cached page, kept
 * a live-event stream of its own, the seventh tab's page never loaded. The stack is the spec's own
 * (its `npm start` on a free port) so that its stream count (`cutroom_sse_streams_open`) is this
 * browser's alone.
 */
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { BrowserContext, Page, Request } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.ts';
import { expect, signInWithDemo, test } from './fixtures.ts';
import { freePort, startApp, stopApp } from './app-server.ts';

test.use({
  launchOptions: { ...chromiumLaunchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] },
});
test.describe.configure({ mode: 'serial' });

/** What each page must take at most, from its navigation's start to its screen. */
const PAGE_BUDGET_MS = 3_000;
const LIVE_EVENT_MARK = 'cutroom:live-event';

let app: ChildProcess | undefined;
let appOrigin: string | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  app = await startApp(port, {
    SESSION_SECRET: 'e2e-many-tabs-secret-0123456789abcdef',
    // Exports finish in seconds.
    SIM_TIME_SCALE: '4',
  });
  appOrigin = `http://localhost:${port}`;
});
test.afterAll(async () => {
  await stopApp(app);
});

function origin(): string {
  if (!appOrigin) throw new Error('the stack did not start');
  return appOrigin;
}

/** `cutroom_sse_streams_open` of the spec's BFF: the live-event streams open on the server. */
async function streamsOpenOnServer(): Promise<number> {
  const text = await (await fetch(`${origin()}/metrics`)).text();
  const line = /^cutroom_sse_streams_open (\d+)$/m.exec(text);
  if (!line?.[1]) throw new Error('no cutroom_sse_streams_open in /metrics');
  return Number(line[1]);
}

/** The `/bff/events` requests of each page still open (an event stream never finishes). */
class StreamWatch {
  readonly open = new Map<Page, Set<Request>>();
  readonly opened: Array<{ page: Page; url: string; at: number }> = [];
  watch(page: Page): void {
    const streams = new Set<Request>();
    this.open.set(page, streams);
    page.on('request', (request) => {
      if (!new URL(request.url()).pathname.startsWith('/bff/events')) return;
      streams.add(request);
      this.opened.push({ page, url: request.url(), at: Date.now() });
    });
    const done = (request: Request) => streams.delete(request);
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    page.on('close', () => streams.clear());
  }
  holders(): Page[] {
    return [...this.open].filter(([, streams]) => streams.size > 0).map(([page]) => page);
  }
}

/**
 * The most intervals that overlap at one instant. The browser times one request's end and the
 * next one's start in different places, a millisecond or two apart: an end within `slackMs` of a
 * start counts as before it (a part sent alongside another overlaps it by a second or more).
 */
function mostAtOnce(intervals: ReadonlyArray<{ from: number; to: number }>, slackMs = 20): number {
  const edges = intervals.flatMap(({ from, to }) => [
    { at: from, step: 1 },
    { at: to - slackMs, step: -1 },
  ]);
  // At the same instant, an end comes before a start.
  edges.sort((a, b) => a.at - b.at || a.step - b.step);
  let now = 0;
  let most = 0;
  for (const edge of edges) {
    now += edge.step;
    most = Math.max(most, now);
  }
  return most;
}

const projectsList = (page: Page) => page.getByRole('list', { name: 'Projects' });
const liveStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /^(Live updates|Polling|Connecting)/ });

/** Signs in, in the context's first tab, on the project list. */
async function signedInTab(context: BrowserContext, streams: StreamWatch): Promise<Page> {
  const page = await context.newPage();
  streams.watch(page);
  await signInWithDemo(page, '/projects');
  await expect(projectsList(page)).toBeVisible();
  return page;
}

/** Opens the app's project list in a new tab; answers how long the page took to show it. */
async function openProjectsTab(context: BrowserContext, streams: StreamWatch, n: number) {
  const page = await context.newPage();
  streams.watch(page);
  // A tab that gets no connection waits for ever: say which one.
  await page.goto('/projects', { waitUntil: 'commit', timeout: 15_000 }).catch((error: Error) => {
    throw new Error(`tab ${n} never received its page: ${error.message}`);
  });
  await expect(projectsList(page)).toBeVisible({ timeout: 15_000 });
  // From the navigation's start (the page's time origin) to its list on screen.
  const ms = await page.evaluate(() => performance.now());
  return { page, ms };
}

/**
 * Creates a project through the BFF from outside the browser's tabs (the API, as another client
 * would): the simulator sends `project.created`. Answers its name and the event's id (from the
 * BFF's delivery log).
 */
async function createProjectElsewhere(context: BrowserContext, name: string) {
  const session = (await (await context.request.get('/bff/session')).json()) as {
    csrf_token: string;
  };
  const created = await context.request.post('/api/v1/projects', {
    headers: { 'x-csrf-token': session.csrf_token },
    data: { name },
  });
  expect(created.status()).toBe(201);
  const project = (await created.json()) as { id: string };
  let eventId: string | undefined;
  await expect
    .poll(
      async () => {
        const log = (await (await context.request.get('/bff/webhook-deliveries')).json()) as {
          deliveries: Array<{ event_id: string | null; event_type: string; subject: string }>;
        };
        eventId = log.deliveries.find(
          (entry) => entry.event_type === 'project.created' && entry.subject === project.id,
        )?.event_id as string | undefined;
        return eventId;
      },
      { message: 'the project.created webhook reached the BFF' },
    )
    .toBeTruthy();
  return { name, eventId: eventId as string };
}

/** How many times the page applied the event (the mark the app leaves for each one). */
const timesApplied = (page: Page, eventId: string) =>
  page.evaluate(
    ([mark, id]) =>
      performance
        .getEntriesByName(mark as string)
        .filter((entry) => (entry as PerformanceMark).detail?.id === id).length,
    [LIVE_EVENT_MARK, eventId],
  );

/** The event's project is on each tab's screen once, and each tab applied the event once. */
async function expectShownOnceInEach(tabs: Page[], project: { name: string; eventId: string }) {
  for (const page of tabs) {
    await expect(projectsList(page).getByRole('link', { name: project.name })).toHaveCount(1);
    await expect.poll(() => timesApplied(page, project.eventId)).toBe(1);
  }
  // Nothing arrives twice later either (a replay after a hand-over, a late relay).
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const page of tabs) expect(await timesApplied(page, project.eventId)).toBe(1);
}

test('twelve tabs each load within 3 s; one stream serves them all and an event reaches each once', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: origin() });
  const streams = new StreamWatch();
  const first = await signedInTab(context, streams);
  await expect(liveStatus(first)).toHaveText('Live updates', { timeout: 15_000 });

  const tabs = [first];
  for (let n = 2; n <= 12; n += 1) {
    const { page, ms } = await openProjectsTab(context, streams, n);
    expect(ms, `tab ${n} showed its page after ${Math.round(ms)} ms`).toBeLessThan(PAGE_BUDGET_MS);
    tabs.push(page);
  }
  for (const page of tabs) await expect(liveStatus(page)).toHaveText('Live updates');
  // One tab holds the stream; the server has one open for this browser.
  expect(streams.holders()).toHaveLength(1);
  expect(await streamsOpenOnServer()).toBe(1);

  const project = await createProjectElsewhere(context, `Many tabs ${Date.now()}`);
  await expectShownOnceInEach(tabs, project);
  expect(await streamsOpenOnServer()).toBe(1);
  await context.close();
  await expect.poll(streamsOpenOnServer).toBe(0);
});

test('closing the leader tab hands the stream over within 2 s; an event sent meanwhile arrives once', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: origin() });
  const streams = new StreamWatch();
  const first = await signedInTab(context, streams);
  const tabs = [first];
  for (let n = 2; n <= 4; n += 1) tabs.push((await openProjectsTab(context, streams, n)).page);
  for (const page of tabs) await expect(liveStatus(page)).toHaveText('Live updates');
  const before = await createProjectElsewhere(context, `Before the hand-over ${Date.now()}`);
  await expectShownOnceInEach(tabs, before);

  const [leader] = streams.holders();
  if (!leader) throw new Error('no tab holds the stream');
  const rest = tabs.filter((page) => page !== leader);
  // The next leader's stream is held back a moment, so the event below reaches the server while
  // no tab holds the stream: the new stream must replay it.
  await context.route('**/bff/events*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  const openedBefore = streams.opened.length;
  const closedAt = Date.now();
  await leader.close();
  const during = await createProjectElsewhere(context, `During the hand-over ${Date.now()}`);

  await expect.poll(() => streams.holders().length, { timeout: 5_000 }).toBe(1);
  const next = streams.opened.slice(openedBefore).at(-1);
  if (!next) throw new Error('no tab took the stream over');
  expect(rest).toContain(next.page);
  await expect.poll(streamsOpenOnServer, { timeout: 5_000 }).toBe(1);
  const handOverMs = Date.now() - closedAt;
  expect(handOverMs, `the stream was handed over in ${handOverMs} ms`).toBeLessThan(2_000);
  // It resumed after the last event the tabs saw.
  expect(new URL(next.url).searchParams.get('last_event_id')).toBe(before.eventId);

  await expectShownOnceInEach(rest, during);
  for (const page of rest) await expect(liveStatus(page)).toHaveText('Live updates');
  await context.close();
});

test('finished work is announced once: in the tab that started it, not in every tab', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: origin() });
  const first = await context.newPage();
  await signInWithDemo(first, '/projects');
  await projectsList(first).getByRole('link').first().click();
  await expect(first.getByRole('region', { name: 'Exports' })).toBeVisible();
  const projectPath = new URL(first.url()).pathname;
  const openProject = async () => {
    const page = await context.newPage();
    await page.goto(projectPath);
    await expect(page.getByRole('region', { name: 'Exports' })).toBeVisible();
    await expect(liveStatus(page)).toHaveText('Live updates');
    return page;
  };
  await expect(liveStatus(first)).toHaveText('Live updates');
  // The second tab (not the one holding the stream: the first) starts the export.
  const starter = await openProject();
  await starter.getByRole('button', { name: 'Export video' }).click();
  await starter
    .getByRole('dialog', { name: 'Export this project' })
    .getByRole('button', { name: 'Start export' })
    .click();
  // A tab opened after it knows this browser started the export (stored), as the first learns.
  const tabs = [first, starter, await openProject()];
  // Its outcome, whichever (the first project may be one an earlier test made, with nothing to
  // render): either is announced the same way.
  const toast = (page: Page) =>
    page.getByRole('region', { name: 'Notifications' }).getByText(/^Export (ready|failed)$/);
  await expect(toast(starter)).toBeVisible({ timeout: 30_000 });
  // Every tab hears of it (its jobs list shows it finished), but the others say nothing.
  for (const page of tabs) {
    await expect(
      page
        .getByRole('region', { name: 'Jobs' })
        .getByRole('listitem', { name: /^Export job, (complete|completed|succeeded|failed)$/ }),
    ).not.toHaveCount(0);
  }
  // Toasts leave by themselves after a while: look at every tab, again and again, for 3 s.
  const others = tabs.filter((page) => page !== starter);
  for (const until = Date.now() + 3_000; Date.now() < until;) {
    for (const page of others) expect(await toast(page).count(), 'a toast in another tab').toBe(0);
    expect(await toast(starter).count()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await context.close();
});

test('twenty-one navigations back and forth in one tab: every page loads within 3 s', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: origin() });
  await context.addInitScript(() => {
    // Whether this document came back from the back/forward cache (and how often).
    window.addEventListener('pageshow', (event) => {
      if (event.persisted) {
        const counted = Number(document.documentElement.dataset.restored ?? '0');
        document.documentElement.dataset.restored = String(counted + 1);
      }
    });
  });
  const page = await context.newPage();
  await signInWithDemo(page, '/projects');
  await expect(liveStatus(page)).toHaveText('Live updates', { timeout: 15_000 });

  const screens = [
    { path: '/media', heading: 'Media library' },
    { path: '/clips', heading: 'Clips' },
    { path: '/projects', heading: 'Projects' },
  ];
  const shown = async (heading: string) => {
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({
      timeout: 15_000,
    });
    await expect(liveStatus(page)).toHaveText('Live updates', { timeout: 15_000 });
  };
  let restored = 0;
  // Eleven full page loads forward (each page left goes into the cache), then ten back.
  const visited: Array<(typeof screens)[number]> = [];
  for (let step = 0; step < 11; step += 1) {
    const screen = screens[step % screens.length] as (typeof screens)[number];
    const startedAt = Date.now();
    await page.goto(screen.path, { waitUntil: 'commit' });
    await shown(screen.heading);
    const ms = Date.now() - startedAt;
    expect(ms, `load ${step + 1} (${screen.path}) took ${ms} ms`).toBeLessThan(PAGE_BUDGET_MS);
    visited.push(screen);
  }
  for (let step = 0; step < 10; step += 1) {
    visited.pop();
    const screen = visited.at(-1) as (typeof screens)[number];
    const startedAt = Date.now();
    // A page restored from the cache fires no load event: wait for its screen instead.
    await page.goBack({ waitUntil: 'commit' });
    await shown(screen.heading);
    const ms = Date.now() - startedAt;
    expect(ms, `back ${step + 1} (${screen.path}) took ${ms} ms`).toBeLessThan(PAGE_BUDGET_MS);
    if ((await page.evaluate(() => document.documentElement.dataset.restored)) !== undefined) {
      restored += 1;
    }
  }
  // The cache was on and the app's pages were kept in it (not merely reloaded)...
  expect(restored, 'pages restored from the back/forward cache').toBeGreaterThan(0);
  // ...holding nothing open: the page on screen has the one stream.
  await expect.poll(streamsOpenOnServer).toBe(1);
  await context.close();
});

test('uploads in three tabs: two parts at a time in all, a page still loads, leaving asks first, a closed tab’s upload is left to resume', async ({
  browser,
}, info) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: origin() });
  // When each part's request was on the wire, by the browser's own network timing.
  const partsSent: Array<{ from: number; to: number }> = [];
  context.on('requestfinished', (request) => {
    if (request.method() !== 'PUT' || new URL(request.url()).pathname !== '/bff/uploads/part') {
      return;
    }
    const timing = request.timing();
    partsSent.push({
      from: timing.startTime + timing.requestStart,
      to: timing.startTime + timing.responseEnd,
    });
  });

  const first = await context.newPage();
  await signInWithDemo(first, '/media');
  const tabs = [first, await context.newPage(), await context.newPage()];
  const names = tabs.map((_, n) => `e2e-many-tabs-${Date.now()}-${n}.mp4`);
  for (const [n, page] of tabs.entries()) {
    // A slow uplink (4 MiB/s), as most are: a part takes over a second, so the tabs' uploads overlap.
    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.enable');
    await devtools.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 4 * 1024 * 1024,
    });
    if (n > 0) await page.goto('/media');
    await expect(page.getByRole('heading', { level: 1, name: /Media library/ })).toBeVisible();
    // Something the user did on the page: browsers ask before leaving only then.
    await page.getByRole('heading', { level: 1 }).click();
  }
  // The three uploads start together.
  await Promise.all(
    tabs.map((page, n) => {
      const path = info.outputPath(names[n] as string);
      // The last tab's file is larger: it is still going when that tab is closed below.
      writeFileSync(path, Buffer.alloc((n === 2 ? 36 : 16) * 1024 * 1024, n + 1));
      return page.getByLabel('Choose files to upload').setInputFiles(path);
    }),
  );
  for (const page of tabs) {
    await expect(page.getByRole('note')).toContainText(
      'Keep this tab open until the uploads finish: leaving or reloading it stops them.',
    );
    // Another tab's upload in progress is that tab's: not listed here as unfinished.
    await expect(page.getByRole('list', { name: 'Unfinished uploads' })).toHaveCount(0);
  }

  // The uploads leave connections for a new tab's page.
  const { page: reader, ms } = await openProjectsTab(context, new StreamWatch(), 4);
  expect(
    ms,
    `a tab opened during the uploads showed its page after ${Math.round(ms)} ms`,
  ).toBeLessThan(PAGE_BUDGET_MS);
  await reader.close();

  // Leaving a tab whose upload is going asks first; staying keeps it going.
  const leaving = tabs[0] as Page;
  const asked = new Promise<string>((resolve) =>
    leaving.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    }),
  );
  await leaving.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
  expect(leaving.isClosed()).toBe(false);

  // A tab closed anyway: its upload is unfinished, for the other tabs to resume.
  const closing = tabs[2] as Page;
  // Only an upload the service has begun (a part of it received) is left to resume.
  await expect(
    closing.getByRole('list', { name: 'Uploads' }).getByRole('listitem', { name: names[2] }),
  ).toContainText(/part [1-9]\d* of \d+ received/, { timeout: 30_000 });
  closing.once('dialog', (dialog) => void dialog.accept());
  await closing.close({ runBeforeUnload: true });
  await expect.poll(() => closing.isClosed()).toBe(true);
  // Read in a tab never asked to leave: a page whose beforeunload was dismissed is in a state
  // Playwright handles poorly (microsoft/playwright#37597).
  await expect((tabs[1] as Page).getByRole('list', { name: 'Unfinished uploads' })).toContainText(
    names[2] as string,
  );

  for (const [n, page] of tabs.slice(0, 2).entries()) {
    const row = page
      .getByRole('list', { name: 'Uploads' })
      .getByRole('listitem', { name: names[n] });
    await expect(row.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('note')).toHaveCount(0);
  }
  expect(partsSent.length).toBeGreaterThanOrEqual(8);
  expect(mostAtOnce(partsSent), 'upload parts in flight at once, across the tabs').toBe(2);
  // Nothing left to lose: the tab closes without asking.
  await leaving.close({ runBeforeUnload: true });
  await expect.poll(() => leaving.isClosed()).toBe(true);
  await context.close();
});
