/**
 * Helpers of the sound specs: the demo's talking-head project (its speech is heard exactly at its
 * caption words' times), playing from a moment, and listening through the page's analyser
 * (window.__cutroomSound) with each measurement placed on the timeline.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { fetchTimeline, openTimeline } from './timeline-helpers.ts';
import type { CaptionWord, Timeline, TimelineItem } from '../src/api/schema.gen.ts';
import type { SoundLevel } from '../src/playback/sound-test-hooks.ts';

export const INTERVIEW = 'Interview: Building in Public';
/** Below this RMS a stretch is silent (about -60 dBFS); above SPOKEN it is heard. */
export const SILENT = 0.001;
export const SPOKEN = 0.01;

export async function openInterview(
  page: Page,
): Promise<{ projectId: string; timeline: Timeline; canvas: Locator }> {
  const { projectId, canvas } = await openTimeline(page, INTERVIEW);
  await page.waitForFunction(() => window.__cutroomSound !== undefined);
  return { projectId, canvas, timeline: await fetchTimeline(page, projectId) };
}

export async function fetchWords(page: Page, projectId: string): Promise<CaptionWord[]> {
  const words: CaptionWord[] = [];
  for (let offset = 0; ; offset += 500) {
    const body = (await (
      await page.request.get(
        `/api/v1/projects/${projectId}/captions/words?limit=500&offset=${offset}`,
      )
    ).json()) as { words: CaptionWord[]; pagination: { hasMore: boolean } };
    words.push(...body.words);
    if (!body.pagination.hasMore)
      return words.sort((a, b) => (a.startSeconds ?? 0) - (b.startSeconds ?? 0));
  }
}

export const layerNamed = (timeline: Timeline, name: string) =>
  timeline.layers.find((layer) => layer.name === name)!;

export const overlaps = (item: TimelineItem, from: number, to: number) =>
  item.start_seconds < to && item.end_seconds > from;

/** A long pause between two words with nothing else heard around it (no music there). */
export function quietPause(timeline: Timeline, words: readonly CaptionWord[]) {
  const music = layerNamed(timeline, 'Music').items;
  for (let i = 0; i + 1 < words.length; i += 1) {
    const before = words[i]!;
    const after = words[i + 1]!;
    const from = before.endSeconds ?? 0;
    const to = after.startSeconds ?? 0;
    if (to - from < 0.7) continue;
    if (music.some((item) => overlaps(item, from - 1.5, to + 1.5))) continue;
    return { before, after, from, to };
  }
  throw new Error('The interview has no long pause away from the music.');
}

/**
 * Moves the playhead with its field (paused), starts listening, then plays with the Play button
 * (`onsetAbove`: where each 10 ms first passes this level is noted).
 */
export async function playFrom(
  page: Page,
  seconds: number,
  options: { onsetAbove?: number } = {},
): Promise<void> {
  await pause(page);
  const field = page.getByLabel('Playhead (s)');
  await field.fill(seconds.toFixed(3));
  await field.press('Enter');
  await page.evaluate((listen) => window.__cutroomSound!.listen(listen), options);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
}

export async function pause(page: Page): Promise<void> {
  const pauseButton = page.getByRole('button', { name: 'Pause', exact: true });
  if (await pauseButton.isVisible()) await pauseButton.click();
  await expect(page.getByRole('status', { name: 'Playback state' })).toHaveText('Paused');
}

/** What was heard since `playFrom`, once playback has passed `until` on the timeline. */
export async function listen(page: Page, until: number): Promise<SoundLevel[]> {
  const levels = await page.evaluate((at) => window.__cutroomSound!.heardUntil(at), until);
  expect(
    levels.some((level) => level.from >= until),
    `playback heard up to ${until} s`,
  ).toBe(true);
  return levels;
}

/** The loudest level measured wholly inside [from, to]. */
export function loudestWithin(levels: readonly SoundLevel[], from: number, to: number): number {
  const inside = levels.filter((level) => level.from >= from && level.to <= to);
  expect(inside.length, `measurements within ${from}–${to} s`).toBeGreaterThan(2);
  return Math.max(...inside.map((level) => level.rms));
}
