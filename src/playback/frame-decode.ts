/**
 * A preview frame's answer made a bitmap (`decode`) at a size of a few steps (`decodeSizeFor`),
 * and the wait a frame that can wait does for a held pointer's release and the idle moment after
 * it (`afterRelease`, `released`), both given up when their frame is no longer needed.
 */
import { whenReleased } from '@/lib/pointer-held.ts';
import { whenIdle } from '@/lib/when-idle.ts';

export interface FrameSize {
  width: number;
  height: number;
}

/** Decoded heights come in steps of this many pixels. */
const DECODE_STEP = 240;

/** The size frames are decoded at for a view of `size` device pixels: its height's next step. */
export function decodeSizeFor(size: FrameSize): FrameSize {
  if (size.width <= 0 || size.height <= 0) return { width: 0, height: 0 };
  const height = Math.ceil(size.height / DECODE_STEP) * DECODE_STEP;
  return { width: Math.round((height * size.width) / size.height), height };
}

/**
 * `work`, unless `signal` aborts first: then it rejects at once (a decode playback has left must
 * not hold its fetch slot), and a bitmap that `work` still makes is closed.
 */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal, release?: (value: T) => void) {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('The frame is no longer needed.', 'AbortError'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) release?.(value);
        else resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * The formats frames are asked for, best first. SVG: a raster frame decodes off the main thread,
 * but the service's encoding adds to each frame's wait, and on a small machine shared with the
 * page the SVG's 20 ms of main thread costs less than the lost time. A service that answers only
 * raster frames is decoded as well.
 */
export const FRAME_FORMATS = 'image/svg+xml, image/jpeg;q=0.5, image/png;q=0.4';

/** The height a raster frame is asked for at `size`: the service's range is 90 to 1920. */
export function rasterHeight(size: FrameSize): number {
  return Math.min(1920, Math.max(90, Math.round(size.height)));
}

/** A JPEG, PNG or SVG answer as a bitmap at `size`. */
export async function decode(
  blob: Blob,
  size: FrameSize,
  signal: AbortSignal,
): Promise<ImageBitmap> {
  const close = (bitmap: ImageBitmap) => bitmap.close();
  const resize = { resizeWidth: size.width, resizeHeight: size.height };
  if (!blob.type.startsWith('image/svg'))
    return unlessAborted(createImageBitmap(blob, resize), signal, close);
  // Chromium cannot decode SVG in createImageBitmap from a blob: through an image element.
  const url = URL.createObjectURL(blob);
  try {
    const image = new Image();
    image.src = url;
    await unlessAborted(image.decode(), signal);
    return await unlessAborted(createImageBitmap(image, resize), signal, close);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * How long after a drag's release work that waited for it may still wait for an idle moment: the
 * release's own frames (canvases rasterised at their new size) come first.
 */
export const AFTER_RELEASE_IDLE_MS = 1000;

/**
 * Calls `then` once no pointer is held and the page is next idle (at once with no pointer held);
 * returns its cancel.
 */
export function afterRelease(then: () => void): () => void {
  let cancelIdle: (() => void) | null = null;
  const stopWaiting = whenReleased(() => {
    cancelIdle = whenIdle(then, AFTER_RELEASE_IDLE_MS);
  });
  return () => {
    stopWaiting();
    cancelIdle?.();
  };
}

/** Resolves as `afterRelease` calls, or at once when `signal` aborts. */
export function released(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    let stop: (() => void) | null = null;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      stop?.();
      signal.removeEventListener('abort', finish);
      resolve();
    };
    signal.addEventListener('abort', finish, { once: true });
    stop = afterRelease(finish);
    if (done) stop();
  });
}
