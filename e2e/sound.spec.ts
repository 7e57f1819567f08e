import { expect, test } from './fixtures.ts';
import { openTimeline } from './timeline-helpers.ts';

/**
 * Playback as one transport per project (src/playback/) and, on it, the preview's sound: every
 * view of a project shows the same moment, and what is heard follows the cut.
 */
test.use({ viewport: { width: 1440, height: 900 } });

test.describe('playback', () => {
  test('the timeline and the caption styler keep the same moment', async ({ page }) => {
    await openTimeline(page, 'Podcast highlights #41');
    const field = page.getByLabel('Playhead (s)');
    await field.fill('5.5');
    await field.press('Enter');
    await page.getByRole('link', { name: '← Project' }).click();
    await page.getByRole('link', { name: 'Captions', exact: true }).click();
    const slider = page.getByRole('slider', { name: 'Playhead' });
    await expect(slider).toHaveValue(/^5\.5/);
    await slider.fill('7');
    await page.goBack();
    await page.goBack();
    await expect(page.getByLabel('Playhead (s)')).toHaveValue('7');
  });
});
