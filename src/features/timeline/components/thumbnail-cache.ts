import type { ThumbnailSource } from './timeline-drawing.ts';

/**
 * Thumbnails by URL, loaded once and rasterised once per strip height into a small canvas, then
 * used as a repeating pattern: a whole strip is one fill, whatever its width or the zoom (drawing
 * an SVG image tile by tile re-rasterises it every frame). A load is told with its URL.
 */
/** The key a drawing that missed a thumbnail waits for it by. */
export const thumbnailKey = (url: string): string => `thumbnail|${url}`;

export class ThumbnailCache implements ThumbnailSource {
  private readonly images = new Map<string, HTMLImageElement | null>();
  private readonly patterns = new Map<string, CanvasPattern | null>();
  private readonly onLoad: (url: string) => void;
  private readonly limit: number;

  constructor(onLoad: (url: string) => void, limit = 300) {
    this.onLoad = onLoad;
    this.limit = limit;
  }

  get(url: string): CanvasImageSource | null {
    const image = this.images.get(url);
    if (image === undefined) {
      this.load(url);
      return null;
    }
    return image && image.complete && image.naturalWidth > 0 ? image : null;
  }

  pattern(url: string, height: number): CanvasPattern | null {
    const ratio = typeof devicePixelRatio === 'number' ? devicePixelRatio : 1;
    const key = `${url}|${height}|${ratio}`;
    const cached = this.patterns.get(key);
    if (cached !== undefined) return cached;
    const image = this.get(url);
    if (!image || typeof document === 'undefined') return null;
    const tileHeight = Math.max(1, Math.round(height * ratio));
    const tileWidth = Math.max(1, Math.round((tileHeight * 9) / 16));
    const tile = document.createElement('canvas');
    tile.width = tileWidth + Math.max(1, Math.round(ratio)); // a one-pixel gap between frames
    tile.height = tileHeight;
    const tileCtx = tile.getContext('2d', { willReadFrequently: true });
    if (!tileCtx) return null;
    tileCtx.drawImage(image, 0, 0, tileWidth, tileHeight);
    // A pattern is not tied to the context that made it; the layers' contexts can fill with it.
    const pattern = tileCtx.createPattern(tile, 'repeat-x');
    this.patterns.set(key, pattern);
    return pattern;
  }

  private load(url: string): void {
    if (this.images.size >= this.limit || typeof Image === 'undefined') {
      this.images.set(url, null);
      return;
    }
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => this.onLoad(url);
    image.onerror = () => this.images.set(url, null);
    image.src = url;
    this.images.set(url, image);
  }
}
