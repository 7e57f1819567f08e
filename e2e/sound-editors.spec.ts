import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import {
  fetchWords,
  INTERVIEW,
  layerNamed,
  listen,
  loudestWithin,
  overlaps,
  pause,
  playFrom,
  quietPause,
  SILENT,
  SPOKEN,
} from './sound-helpers.ts';
import { fetchTimeline } from './timeline-helpers.ts';
import { signInWithDemo } from './fixtures.ts';
import type { CaptionWord, Timeline } from '../src/api/schema.gen.ts';
import type { SoundLevel } from '../src/playback/sound-test-hooks.ts';

/**
 * The preview's sound in the other editors of a project: the caption styler plays the mix as the
 * timeline does, and in the Words view a cut is heard at once: the word after the cut follows the
 * word before it, the words in between never heard. Heard through the page's tap
 * (window.__cutroomSound), on the demo's talking-head project.
 */
test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 150_000 });

async function openProject(page: Page, view: 'captions' | 'words'): Promise<string> {
  await signInWithDemo(page, '/projects');
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  const projectId = await page.evaluate(async (name) => {
    const body = (await (await fetch('/api/v1/projects?limit=50&offset=0')).json()) as {
      projects: Array<{ id: string; name: string }>;
    };
    return body.projects.find((project) => project.name === name)?.id ?? null;
  }, INTERVIEW);
  expect(projectId, `seeded project “${INTERVIEW}”`).not.toBeNull();
  await page.goto(`/projects/${projectId}/${view}`);
  await page.waitForFunction(() => window.__cutroomSound !== undefined, null, { timeout: 30_000 });
  return projectId!;
}

const ends = (word: CaptionWord) => /[.?!]$/.test(word.word);

/**
 * A sentence away from the music, with a spoken word before and after it long enough to be
 * measured: the stretch a cut by words takes out.
 */
function sentenceToCut(timeline: Timeline, words: readonly CaptionWord[]) {
  const music = layerNamed(timeline, 'Music').items;
  const quiet = (word: CaptionWord) =>
    !music.some((bed) => overlaps(bed, word.startSeconds! - 1.5, word.endSeconds! + 1.5));
  const long = (word: CaptionWord) => word.endSeconds! - word.startSeconds! >= 0.25;
  for (let first = 1; first < words.length; first += 1) {
    if (!ends(words[first - 1]!) || words[first]!.startSeconds! < 30) continue;
    const last = words.findIndex((word, i) => i >= first && ends(word));
    const before = words[first - 1]!;
    const after = words[last + 1];
    if (last < 0 || last - first < 2 || last - first > 14 || !after) continue;
    if (!quiet(before) || !quiet(after) || !long(before) || !long(after)) continue;
    return { first, last, before, after };
  }
  throw new Error('The interview has no sentence away from the music to cut.');
}

/** The level heard at each step of `seconds` from `from` for `length` (an envelope). */
function envelope(levels: readonly SoundLevel[], from: number, length: number): number[] {
  const points: number[] = [];
  for (let t = 0; t < length; t += 0.02) {
    const level = levels.find((candidate) => candidate.from <= from + t && from + t < candidate.to);
    points.push(level?.rms ?? 0);
  }
  return points;
}

function correlation(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  const mean = (xs: readonly number[]) => xs.slice(0, n).reduce((sum, x) => sum + x, 0) / n;
  const ma = mean(a);
  const mb = mean(b);
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i += 1) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

test('the caption styler plays the sound: a seeded pause silent, the words around it heard, the meter moving', async ({
  page,
}) => {
  const projectId = await openProject(page, 'captions');
  const timeline = await fetchTimeline(page, projectId);
  const pauseAt = quietPause(timeline, await fetchWords(page, projectId));
  await page
    .getByRole('slider', { name: 'Playhead' })
    .fill(String(pauseAt.before.startSeconds! - 0.3));
  await page.evaluate(() => window.__cutroomSound!.listen());
  await page.getByRole('button', { name: 'Play', exact: true }).click();
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
  expect(await page.evaluate(() => window.__cutroomSound!.status())).toMatchObject({
    state: 'playing',
    clock: 'sound',
  });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  // The volume and mute are the same controls as the timeline's (one setting on the device).
  await page.getByRole('button', { name: 'Mute sound' }).click();
  await expect(page.getByRole('button', { name: 'Mute sound' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('after a cut made by words, the word after the cut is heard right after the word before it', async ({
  page,
}) => {
  const projectId = await openProject(page, 'words');
  const timeline = await fetchTimeline(page, projectId);
  const words = await fetchWords(page, projectId);
  const { first, last, before, after } = sentenceToCut(timeline, words);
  const length = after.endSeconds! - after.startSeconds!;

  // The word after the sentence, as heard before the cut (its envelope, to know it again).
  await playFrom(page, after.startSeconds! - 0.3);
  const uncut = await listen(page, after.endSeconds! + 0.05);
  const heardBefore = envelope(uncut, after.startSeconds!, length);
  expect(loudestWithin(uncut, after.startSeconds!, after.endSeconds!)).toBeGreaterThan(SPOKEN);
  await pause(page);

  // Cut the sentence by its words.
  const transcript = page.getByRole('listbox', { name: /Transcript/ });
  await transcript.getByRole('option').nth(first).click();
  await transcript
    .getByRole('option')
    .nth(last)
    .click({ modifiers: ['Shift'] });
  await expect(page.getByText(`${last - first + 1} words selected`)).toBeVisible();
  await page.keyboard.press('Delete');
  const review = page.getByRole('region', { name: 'Review the change' });
  await review.getByRole('button', { name: /^Cut / }).click();
  await expect(review).toBeHidden({ timeout: 20_000 });
  await expect
    .poll(async () => (await fetchTimeline(page, projectId)).revision)
    .toBe(timeline.revision + 1);

  const now = await fetchWords(page, projectId);
  const was = (word: CaptionWord) => now.find((candidate) => candidate.id === word.id)!;
  const [b, a] = [was(before), was(after)];
  expect(b.startSeconds).toBeCloseTo(before.startSeconds!, 2);
  // The words after moved left by the cut; the gap between the two is the padding's.
  expect(a.startSeconds! - b.endSeconds!).toBeLessThan(0.4);

  await playFrom(page, b.startSeconds! - 0.3, { onsetAbove: 0.02 });
  const cut = await listen(page, a.endSeconds! + 0.05);
  expect(loudestWithin(cut, b.startSeconds!, b.endSeconds!)).toBeGreaterThan(SPOKEN);
  expect(loudestWithin(cut, a.startSeconds!, a.endSeconds!)).toBeGreaterThan(SPOKEN);
  // After the word before, the next sound starts where the word after now is (within 40 ms):
  // nothing of the sentence cut is heard in between.
  const next = cut.find((level) => level.onset !== null && level.onset > b.endSeconds! + 0.03);
  expect(next, 'a sound after the word before the cut').toBeDefined();
  expect(Math.abs(next!.onset! - a.startSeconds!)).toBeLessThanOrEqual(0.04);
  // And it is that word: its envelope is the one heard before the cut.
  const heardAfter = envelope(cut, a.startSeconds!, length);
  expect(correlation(heardBefore, heardAfter)).toBeGreaterThan(0.8);
  await pause(page);
});
