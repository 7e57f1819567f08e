import { expect, expectAccessible, test } from './fixtures.ts';
import {
  fetchWords,
  layerNamed,
  listen,
  loudestWithin,
  openInterview,
  overlaps,
  pause,
  playFrom,
  quietPause,
  SILENT,
  SPOKEN,
} from './sound-helpers.ts';
import { fetchTimeline, openTimeline, reveal, settled } from './timeline-helpers.ts';

/**
 * Playback as one transport per project (src/playback/) and, on it, the preview's sound: every
 * view of a project shows the same moment, and what is heard is the service's mix of the cut, in
 * sync with the frames. Sound is heard through an analyser tapped onto what the page's
 * AudioContext sends to the speakers (window.__cutroomSound, under automation only); each
 * measurement is placed on the timeline by the transport's own mapping. On the demo's talking-head
 * project, whose speech is heard exactly at its caption words' times.
 */
test.use({ viewport: { width: 1440, height: 900 } });

test.describe('playback', () => {
  // Two editors opened and gone back through: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 90_000 });

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

test.describe('the preview’s sound', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a seeded pause is silent and speech is heard; the meter moves; accessible while playing', async ({
    page,
  }) => {
    const { projectId, timeline } = await openInterview(page);
    const pauseAt = quietPause(timeline, await fetchWords(page, projectId));
    await playFrom(page, pauseAt.before.startSeconds! - 0.3);
    const levels = await listen(page, pauseAt.after.endSeconds!);
    expect(loudestWithin(levels, pauseAt.from + 0.03, pauseAt.to - 0.03)).toBeLessThan(SILENT);
    expect(
      loudestWithin(levels, pauseAt.before.startSeconds!, pauseAt.before.endSeconds!),
    ).toBeGreaterThan(SPOKEN);
    expect(
      loudestWithin(levels, pauseAt.after.startSeconds!, pauseAt.after.endSeconds!),
    ).toBeGreaterThan(SPOKEN);
    const meter = page.getByRole('meter', { name: 'Sound level' });
    await expect
      .poll(async () => Number(await meter.getAttribute('aria-valuenow')))
      .toBeGreaterThan(-60);
    await expectAccessible(page);
    const status = await page.evaluate(() => window.__cutroomSound!.status());
    expect(status).toMatchObject({ state: 'playing', context: 'running', clock: 'sound' });
  });

  test('the music bed fades in, heard rising; muting the speech leaves the music', async ({
    page,
  }) => {
    const { projectId, timeline } = await openInterview(page);
    const music = layerNamed(timeline, 'Music');
    const bed = music.items.find((item) => (item.audio?.fade_in_seconds ?? 0) >= 1)!;
    expect(bed, 'a music bed with a fade-in').toBeDefined();
    const fade = bed.audio!.fade_in_seconds;
    // The music alone: the fade-in rises.
    await page.getByRole('button', { name: `Solo “${music.name}” in playback` }).click();
    await playFrom(page, bed.start_seconds);
    const rising = await listen(page, bed.start_seconds + fade);
    const quarter = fade / 4;
    const parts = [0, 1, 2, 3].map((q) =>
      loudestWithin(rising, bed.start_seconds + q * quarter, bed.start_seconds + (q + 1) * quarter),
    );
    for (let q = 1; q < 4; q += 1) expect(parts[q]!).toBeGreaterThan(parts[q - 1]!);
    expect(parts[0]! * 2).toBeLessThan(parts[3]!);
    await page.getByRole('button', { name: `Solo “${music.name}” in playback` }).click();

    // After the fade, words over the bed: with the speech layer muted only the bed is heard.
    const words = (await fetchWords(page, projectId)).filter(
      (word) =>
        word.startSeconds! > bed.start_seconds + fade &&
        word.endSeconds! < bed.end_seconds - (bed.audio?.fade_out_seconds ?? 0) - 0.5,
    );
    const word = words.find((w) => w.endSeconds! - w.startSeconds! > 0.25)!;
    await playFrom(page, word.startSeconds! - 0.4);
    const both = await listen(page, word.endSeconds!);
    await page.getByRole('button', { name: 'Mute “Interview” in playback' }).click();
    await playFrom(page, word.startSeconds! - 0.4);
    const bedOnly = await listen(page, word.endSeconds!);
    const withSpeech = loudestWithin(both, word.startSeconds!, word.endSeconds!);
    const withoutSpeech = loudestWithin(bedOnly, word.startSeconds!, word.endSeconds!);
    expect(withoutSpeech).toBeGreaterThan(SPOKEN / 4);
    expect(withoutSpeech).toBeLessThan(withSpeech * 0.8);
  });

  test('an item set to 0 % on the server is silent over its stretch', async ({ page }) => {
    const { projectId, timeline, canvas } = await openInterview(page);
    const words = await fetchWords(page, projectId);
    const music = layerNamed(timeline, 'Music').items;
    // An interview item away from the music, with words in it.
    const item = layerNamed(timeline, 'Interview').items.find(
      (candidate) =>
        !music.some((bed) =>
          overlaps(bed, candidate.start_seconds - 1, candidate.end_seconds + 1),
        ) && words.some((w) => w.startSeconds! > candidate.start_seconds + 0.5),
    )!;
    const word = words.find(
      (w) => w.startSeconds! > item.start_seconds + 0.3 && w.endSeconds! < item.end_seconds,
    )!;
    await playFrom(page, word.startSeconds! - 0.3);
    expect(
      loudestWithin(await listen(page, word.endSeconds!), word.startSeconds!, word.endSeconds!),
    ).toBeGreaterThan(SPOKEN);
    await pause(page);

    // Its volume to 0 % through the inspector (saved on the service).
    const field = page.getByLabel('Playhead (s)');
    await field.fill(((item.start_seconds + item.end_seconds) / 2).toFixed(3));
    await field.press('Enter');
    const rect = await reveal(page, canvas, item.id);
    await page.mouse.click(rect.x + Math.min(10, rect.width / 2), rect.y + rect.height / 2);
    const volume = page.getByLabel('Volume (%)');
    await volume.fill('0');
    await volume.press('Enter');
    await settled(page);
    const saved = await fetchTimeline(page, projectId);
    expect(
      layerNamed(saved, 'Interview').items.find((i) => i.id === item.id)?.audio?.volume_percent,
    ).toBe(0);
    await playFrom(page, word.startSeconds! - 0.3);
    expect(
      loudestWithin(await listen(page, word.endSeconds!), word.startSeconds!, word.endSeconds!),
    ).toBeLessThan(SILENT);
  });

  test('seeking keeps frames and sound in sync', async ({ page }) => {
    const { projectId, timeline } = await openInterview(page);
    const words = await fetchWords(page, projectId);
    const music = layerNamed(timeline, 'Music').items;
    // Words that start after a silence (a pause of 0.3 s or more), away from the music.
    const onsets = words.filter((word, i) => {
      const before = words[i - 1];
      return (
        before !== undefined &&
        word.startSeconds! - before.endSeconds! >= 0.3 &&
        !music.some((bed) => overlaps(bed, word.startSeconds! - 1, word.endSeconds! + 1))
      );
    });
    expect(onsets.length).toBeGreaterThan(3);
    const heard: number[] = [];
    for (const word of [onsets[1]!, onsets[Math.floor(onsets.length / 2)]!, onsets.at(-2)!]) {
      await playFrom(page, word.startSeconds! - 0.25, { onsetAbove: 0.02 });
      const levels = await listen(page, word.startSeconds! + 0.2);
      const first = levels.find(
        (level) => level.onset !== null && level.onset > word.startSeconds! - 0.2,
      );
      expect(first, `the word “${word.word}” heard`).toBeDefined();
      heard.push(first!.onset! - word.startSeconds!);
      // Each frame shows what is heard then.
      const offsets = await page.evaluate(() => window.__cutroomSound!.frameOffsets(1500));
      expect(offsets.length).toBeGreaterThanOrEqual(3);
      const sorted = offsets.map(Math.abs).sort((a, b) => a - b);
      expect(sorted[Math.floor(sorted.length * 0.95)]!).toBeLessThanOrEqual(0.04);
    }
    // The sound of each word starts where its words say (within 40 ms).
    for (const offset of heard) expect(Math.abs(offset)).toBeLessThanOrEqual(0.04);
  });

  test('a chunk that fails plays silent without stopping the frames, said once', async ({
    page,
  }) => {
    const { projectId, timeline } = await openInterview(page);
    const words = await fetchWords(page, projectId);
    const music = layerNamed(timeline, 'Music').items;
    // A 2-second chunk with speech in it and in the one after it.
    const chunk = [...Array(100).keys()].find((index) => {
      const from = index * 2;
      const spoken = (a: number, b: number) =>
        words.some((w) => w.startSeconds! >= a && w.endSeconds! <= b);
      return (
        from > 10 &&
        spoken(from + 0.1, from + 1.9) &&
        spoken(from + 2.1, from + 3.9) &&
        !music.some((bed) => overlaps(bed, from - 2, from + 4))
      );
    })!;
    const from = chunk * 2;
    await page.route(
      (url) =>
        url.pathname.endsWith('/preview-audio') &&
        Number(url.searchParams.get('start_seconds')) === from,
      (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'internal_error', message: 'Mixer down.' } }),
        }),
    );
    await playFrom(page, from - 1);
    const levels = await listen(page, from + 3.5);
    expect(loudestWithin(levels, from + 0.1, from + 1.9)).toBeLessThan(SILENT);
    expect(loudestWithin(levels, from + 2.1, from + 3.9)).toBeGreaterThan(SPOKEN);
    // The frames went on through the gap, by the clock.
    const { playhead } = await page.evaluate(() => window.__cutroomSound!.status());
    expect(playhead).toBeGreaterThan(from + 3.5);
    await expect(page.getByRole('status', { name: 'Sound status' })).toHaveText(
      'Sound is catching up: a stretch plays silent.',
    );
  });

  test('the shuttle says sound is muted at 2×', async ({ page }) => {
    await openInterview(page);
    await page.getByRole('button', { name: 'Forward ▶▶' }).click();
    await page.getByRole('button', { name: 'Forward ▶▶' }).click();
    await expect(page.getByRole('status', { name: 'Playback state' })).toHaveText('Playing 2×');
    await expect(page.getByRole('status', { name: 'Sound status' })).toHaveText(
      'Sound muted at 2×: it plays at 1× forward.',
    );
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
  });

  test('mute and volume are remembered on the device', async ({ page }) => {
    await openInterview(page);
    await page.getByRole('button', { name: 'Mute sound' }).click();
    await page.getByRole('slider', { name: 'Volume' }).fill('40');
    await page.reload();
    await expect(page.getByRole('slider', { name: 'Volume' })).toHaveValue('40');
    // Moving the volume unmutes (as players do); mute again and it stays after a reload.
    await page.getByRole('button', { name: 'Mute sound' }).click();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Mute sound' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
