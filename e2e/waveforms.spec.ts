/**
 * Waveforms on the timeline (issue 40): the seeded interview's camera items draw their sound, so
 * a seeded pause reads as a flat line and speech as a filled shape. Pixels are read from the
 * band's own tiles (its canvases) at a pause's column and at a spoken word's columns.
 */
import { expect, test, type Page } from '@playwright/test';
import type { CaptionWord } from '../src/api/schema.gen.ts';
import { fetchTimeline, openTimeline, view, zoomTo } from './timeline-helpers.ts';

const PROJECT = 'Interview: Building in Public';

/** Pixels of the waveform's colour (all channels over 180) in the column at client x, over y. */
async function brightInColumn(page: Page, x: number, top: number, bottom: number): Promise<number> {
  return page.evaluate(
    ({ x: clientX, top: y0, bottom: y1 }) => {
      const canvases = [
        ...document.querySelectorAll<HTMLCanvasElement>('canvas[aria-hidden="true"]'),
      ];
      for (const canvas of canvases) {
        const rect = canvas.getBoundingClientRect();
        if (clientX < rect.left || clientX >= rect.right || y0 < rect.top || y1 > rect.bottom)
          continue;
        const ratio = canvas.width / rect.width;
        const ctx = canvas.getContext('2d');
        if (!ctx) continue;
        const px = Math.floor((clientX - rect.left) * ratio);
        const from = Math.floor((y0 - rect.top) * ratio);
        const to = Math.ceil((y1 - rect.top) * ratio);
        const data = ctx.getImageData(px, from, 1, to - from).data;
        let bright = 0;
        for (let i = 0; i < data.length; i += 4)
          if (data[i]! > 180 && data[i + 1]! > 180 && data[i + 2]! > 180) bright += 1;
        return bright / ratio;
      }
      return -1;
    },
    { x, top, bottom },
  );
}

test('the interview’s camera items draw their waveform: flat over a seeded pause, full over speech', async ({
  page,
}) => {
  const { projectId, canvas } = await openTimeline(page, PROJECT);
  const timeline = await fetchTimeline(page, projectId);
  const words = await page.evaluate(async (id) => {
    const all: CaptionWord[] = [];
    for (let offset = 0; ; offset += 500) {
      const response = await fetch(
        `/api/v1/projects/${id}/captions/words?limit=500&offset=${offset}`,
      );
      const page = ((await response.json()) as { words: CaptionWord[] }).words;
      all.push(...page);
      if (page.length < 500) return all;
    }
  }, projectId);
  words.sort((a, b) => a.startSeconds! - b.startSeconds!);
  const interview = timeline.layers.find((layer) => layer.name === 'Interview')!;
  // A seeded pause of over a second after the opening's music, and the word after it.
  const index = words.findIndex(
    (word, i) =>
      i > 0 && word.startSeconds! > 30 && word.startSeconds! - words[i - 1]!.endSeconds! > 1,
  );
  const pause = { start: words[index - 1]!.endSeconds!, end: words[index]!.startSeconds! };
  const spoken = words.slice(index, index + 6);

  await zoomTo(page, 40);
  const { pxPerSecond } = await view(page);
  await canvas.evaluate((el, x) => (el.scrollLeft = x), pause.start * pxPerSecond - 150);
  const xOf = (seconds: number) =>
    page.evaluate((s) => window.__cutroomTimeline!.timeToClientX(s), seconds);
  const rowCentre = await page.evaluate(
    (layer) => window.__cutroomTimeline!.rowCenterClientY(layer),
    interview.index,
  );
  // The waveform fills the item's lower part: from 20 px below the item's top to 3 px above its bottom.
  const top = rowCentre - 28 + 4 + 21;
  const bottom = rowCentre + 28 - 4 - 4;
  const pauseX = await xOf((pause.start + pause.end) / 2);

  // Speech: some column of the next words is filled well beyond a hairline (its peaks arrive).
  await expect
    .poll(
      async () => {
        let most = 0;
        for (const word of spoken) {
          for (const f of [0.3, 0.5, 0.7]) {
            const x = await xOf(word.startSeconds! + f * (word.endSeconds! - word.startSeconds!));
            most = Math.max(most, await brightInColumn(page, x, top, bottom));
          }
        }
        return most;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(6);
  // The pause: only the flat line through the middle.
  const flat = await brightInColumn(page, pauseX, top, bottom);
  expect(flat).toBeGreaterThanOrEqual(0);
  expect(flat).toBeLessThanOrEqual(2);
});
