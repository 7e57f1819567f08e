/** The preroll's frames wait for a held pointer's release; the frame shown does not. */
import { Blob as NodeBlob } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_URL } from '@/api/client.ts';
import { setupTestServer } from '@/test/msw-server.ts';
import { PreviewFrames, UNDER_TEXT } from './preview-frames.ts';

const server = setupTestServer();
const fire = (type: string) => window.dispatchEvent(new Event(type));

/** The frames asked of the service, by time; answered once `gate` resolves. */
function answerFrames(gate: Promise<void> = Promise.resolve()): number[] {
  const asked: number[] = [];
  server.use(
    http.get(`${API_BASE_URL}/projects/:projectId/preview-frame`, async ({ request }) => {
      asked.push(Number(new URL(request.url).searchParams.get('at_seconds')));
      await gate;
      return new HttpResponse(new Uint8Array([1]), {
        headers: { 'content-type': 'image/png', 'x-timeline-revision': '1' },
      });
    }),
  );
  return asked;
}

describe('PreviewFrames while a pointer is held', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The answer's body is Node's Blob (fetch is Node's under jsdom).
    vi.stubGlobal('Blob', NodeBlob);
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 2, height: 2, close: () => undefined })),
    );
  });
  afterEach(() => {
    fire('pointerup');
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('fetches the frame shown at once and the preroll after the release', async () => {
    const asked = answerFrames();
    const frames = new PreviewFrames('project-1');
    frames.fps = 30;
    const stop = frames.listen(() => undefined);
    fire('pointerdown');

    const shown = frames.request(1, { ...UNDER_TEXT, frame: 30 }, true);
    frames.preroll(1, { ...UNDER_TEXT }, { time: 1, duration: 60 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await shown).not.toBeNull();
    expect(asked).toEqual([1]);

    fire('pointerup');
    await vi.waitFor(() => expect(asked.length).toBeGreaterThan(1));
    expect(asked.slice(1).every((seconds) => seconds > 1)).toBe(true);
    stop();
  });

  it('decodes a preroll frame answered during a drag after it, its fetch slot free meanwhile', async () => {
    let answer = () => undefined as void;
    const asked = answerFrames(new Promise((resolve) => (answer = resolve)));
    const frames = new PreviewFrames('project-2');
    frames.fps = 30;
    const stop = frames.listen(() => undefined);
    frames.preroll(1, { ...UNDER_TEXT }, { time: 1, duration: 60 });
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(asked.length).toBeGreaterThan(0));
    // Asked for before the press, answered during the drag: decoded after it.
    fire('pointerdown');
    answer();
    await vi.advanceTimersByTimeAsync(1000);
    expect(createImageBitmap).not.toHaveBeenCalled();
    // Waiting, they hold no fetch slot: the frame shown still comes.
    expect(await frames.request(1, { ...UNDER_TEXT, frame: 90 }, true)).not.toBeNull();
    expect(asked).toContain(3);

    fire('pointerup');
    await vi.waitFor(() => expect(createImageBitmap).toHaveBeenCalled());
    stop();
  });
});
