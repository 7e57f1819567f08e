/**
 * The Firefox suite's harness: Debian's Firefox ESR driven over WebDriver BiDi by puppeteer-core
 * (Playwright's Firefox is a build of its own, which cannot be downloaded here). A `FirefoxSession`
 * is one browser context (its own cookies and storage, as one person's browser); it opens any
 * number of tabs, each recording its console errors and uncaught exceptions. Elements are found
 * by role and accessible name (puppeteer's ARIA selectors, answered by Firefox's accessibility
 * tree over BiDi).
 */
import { expect } from 'vitest';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** The editors use the whole window at this size (timeline, preview and inspector together). */
export const VIEWPORT = { width: 1440, height: 900 };

export function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: {
      // No first-run pages, update checks or telemetry pings in a test profile.
      'browser.shell.checkDefaultBrowser': false,
      'app.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
    },
  });
}

/** A selector for the element with this ARIA role and exact accessible name. */
export function byRole(role: string, name?: string): string {
  if (name === undefined) return `::-p-aria([role="${role}"])`;
  return `::-p-aria([name="${name.replaceAll('"', '\\"')}"][role="${role}"])`;
}

/** One browser tab, with what went wrong in it. */
export class Tab {
  /** Console errors and uncaught exceptions, in order. */
  readonly errors: string[] = [];

  constructor(
    readonly page: Page,
    private readonly baseURL: string,
  ) {
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => {
      this.errors.push(`uncaught: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(`${this.baseURL}${path}`);
  }

  /** Waits until the element with this role and name is shown. */
  async find(role: string, name?: string, timeout = 30_000) {
    const handle = await this.page.waitForSelector(byRole(role, name), { visible: true, timeout });
    if (!handle) throw new Error(`no ${role} “${name ?? ''}”`);
    return handle;
  }

  async click(role: string, name?: string): Promise<void> {
    await this.page.locator(byRole(role, name)).setTimeout(30_000).click();
  }

  /** Replaces a field's text, as typing would. */
  async fill(role: string, name: string, value: string): Promise<void> {
    await this.page.locator(byRole(role, name)).setTimeout(30_000).fill(value);
  }

  /** GET of the API through the BFF, with this tab's session. */
  api<T>(path: string): Promise<T> {
    return this.page.evaluate(async (target) => {
      const response = await fetch(`/api/v1${target}`);
      if (!response.ok) throw new Error(`GET ${target}: ${response.status}`);
      return (await response.json()) as T;
    }, path);
  }

  /** Nothing went wrong in this tab so far. */
  expectNoErrors(context: string): void {
    expect(this.errors, `console errors and uncaught exceptions (${context})`).toEqual([]);
  }
}

/** One person's browser: a context of its own (cookies, storage), with any number of tabs. */
export class FirefoxSession {
  readonly tabs: Tab[] = [];

  private constructor(
    private readonly context: BrowserContext,
    readonly baseURL: string,
  ) {}

  static async open(browser: Browser, baseURL: string): Promise<FirefoxSession> {
    return new FirefoxSession(await browser.createBrowserContext(), baseURL);
  }

  /** A new tab, at `path` when given. */
  async newTab(path?: string): Promise<Tab> {
    const page = await this.context.newPage();
    await page.setViewport(VIEWPORT);
    const tab = new Tab(page, this.baseURL);
    this.tabs.push(tab);
    if (path !== undefined) await tab.goto(path);
    return tab;
  }

  /** `count` tabs, all at `path`, opened one after another. */
  async openTabs(count: number, path: string): Promise<Tab[]> {
    const opened: Tab[] = [];
    for (let index = 0; index < count; index += 1) opened.push(await this.newTab(path));
    return opened;
  }

  /** Signs in through the login screen with the demo workspace; the session's tabs share it. */
  async signIn(tab?: Tab): Promise<Tab> {
    const at = tab ?? (await this.newTab());
    await at.goto('/projects');
    await at.find('heading', 'Sign in to Cutroom');
    await at.click('button', 'Use demo workspace');
    await at.find('heading', 'Projects');
    return at;
  }

  /** Every tab's errors together. */
  expectNoErrors(context: string): void {
    for (const tab of this.tabs) tab.expectNoErrors(context);
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}

/** Polls `read` until `check` passes (or the time is up, failing with the last mismatch). */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => void,
  timeoutMs = 20_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    try {
      check(value);
      return value;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
