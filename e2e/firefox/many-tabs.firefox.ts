/**
 * Firefox ESR with many tabs of the app (e2e/many-tabs.spec.ts does it in depth in Chromium, with
 * the back/forward cache on): eight tabs of one browser each show their page, the browser holds
 * one live-event stream for all of them (the BFF's `cutroom_sse_streams_open`), and an event
 * reaches each tab's screen once.
 */
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eventually, FirefoxSession, launchFirefox, type Tab } from './harness.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let session: FirefoxSession | undefined;

beforeAll(async () => {
  browser = await launchFirefox();
});
afterAll(async () => {
  await session?.close();
  await browser?.close();
});

/** The live-event streams open on the suite's BFF. */
async function streamsOpen(): Promise<number> {
  const text = await (await fetch(`${baseURL}/metrics`)).text();
  const value = /^cutroom_sse_streams_open (\d+)$/m.exec(text)?.[1];
  if (value === undefined) throw new Error('no cutroom_sse_streams_open in /metrics');
  return Number(value);
}

/** Creates a project through the API (the simulator sends `project.created`); its event's id. */
async function createProject(tab: Tab, name: string): Promise<string> {
  const projectId = await tab.page.evaluate(async (projectName) => {
    const session = (await (await fetch('/bff/session')).json()) as { csrf_token: string };
    const response = await fetch('/api/v1/projects', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
      body: JSON.stringify({ name: projectName }),
    });
    if (response.status !== 201) throw new Error(`POST /projects: ${response.status}`);
    return ((await response.json()) as { id: string }).id;
  }, name);
  const deliveries = () =>
    tab.page.evaluate(async () => {
      const log = (await (await fetch('/bff/webhook-deliveries')).json()) as {
        deliveries: Array<{ event_id: string | null; event_type: string; subject: string | null }>;
      };
      return log.deliveries;
    });
  const found = await eventually(deliveries, (entries) =>
    expect(
      entries.find(
        (entry) => entry.event_type === 'project.created' && entry.subject === projectId,
      ),
    ).toBeDefined(),
  );
  const entry = found.find((candidate) => candidate.subject === projectId);
  return entry?.event_id as string;
}

/** How many times the tab applied the event (the User Timing mark the app leaves for each). */
function timesApplied(tab: Tab, eventId: string): Promise<number> {
  return tab.page.evaluate(
    (id) =>
      performance
        .getEntriesByName('cutroom:live-event')
        .filter((entry) => (entry as PerformanceMark).detail?.id === id).length,
    eventId,
  );
}

describe('Firefox ESR: many tabs', () => {
  it('eight tabs each show their page; one live stream serves them; an event reaches each once', async () => {
    const before = await streamsOpen();
    session = await FirefoxSession.open(browser, baseURL);
    const tabs = [await session.signIn(), ...(await session.openTabs(7, '/projects'))];
    for (const tab of tabs) {
      await tab.find('list', 'Projects');
      await tab.find('status', 'Live updates');
    }
    expect(await streamsOpen()).toBe(before + 1);

    const name = `Firefox tabs ${Date.now()}`;
    const eventId = await createProject(tabs[0] as Tab, name);
    for (const tab of tabs) {
      await tab.find('link', name);
      await eventually(
        () => timesApplied(tab, eventId),
        (times) => expect(times).toBe(1),
      );
    }
    // Nothing arrives twice later either.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const tab of tabs) {
      expect(await timesApplied(tab, eventId)).toBe(1);
      const links = await tab.page.$$(`::-p-aria([name="${name}"][role="link"])`);
      expect(links).toHaveLength(1);
    }
    expect(await streamsOpen()).toBe(before + 1);
    session.expectNoErrors('eight tabs');
    await session.close();
    session = undefined;
    await eventually(streamsOpen, (open) => expect(open).toBe(before));
  });
});
