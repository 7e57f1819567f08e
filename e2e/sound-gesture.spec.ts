import { expect, test } from './fixtures.ts';
import { openInterview } from './sound-helpers.ts';

/**
 * A browser that lets a page make sound only after a person's gesture on it (Chromium's policy
 * for sites the person has not used yet): the preview asks for a click, and frames play
 * meanwhile. Headless Chromium never refuses sound (and Playwright's scripts count as gestures),
 * so the page's AudioContext is given that policy here: suspended, and resumed only after a
 * trusted press, click or key in the page.
 */
test.use({ viewport: { width: 1440, height: 900 } });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    let allowed = false;
    for (const type of ['pointerdown', 'mousedown', 'keydown', 'click'])
      window.addEventListener(
        type,
        (event) => {
          if (event.isTrusted) allowed = true;
        },
        { capture: true },
      );
    const Original = window.AudioContext;
    window.AudioContext = class extends Original {
      constructor(options?: AudioContextOptions) {
        super(options);
        if (!allowed) void Original.prototype.suspend.call(this);
      }

      override resume(): Promise<void> {
        return allowed ? super.resume() : new Promise(() => {});
      }
    };
  });
});

test.describe('a browser that waits for a gesture before sound', () => {
  // Opening the studio on the interview (timeline, frames, sound) takes more than the default
  // 30 s on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('asks for a click, and sound starts with it', async ({ page }) => {
    await openInterview(page);
    // Played from a script: no press, click or key in this page yet.
    await page.evaluate(() => window.__cutroomSound!.playWithoutGesture());
    const enable = page.getByRole('button', { name: 'Click to enable sound' });
    await expect(enable).toBeVisible();
    // The frames play meanwhile, by the wall clock.
    await expect(page.getByRole('status', { name: 'Playback state' })).toHaveText('Playing');
    expect((await page.evaluate(() => window.__cutroomSound!.status())).clock).toBe('wall');
    await enable.click();
    await expect(enable).toBeHidden();
    await expect
      .poll(async () => (await page.evaluate(() => window.__cutroomSound!.status())).clock)
      .toBe('sound');
  });
});
