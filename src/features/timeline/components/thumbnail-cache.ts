import type { ThumbnailSource } from './timeline-drawing.ts';

/** Thumbnail images by URL, loaded once; a load schedules a redraw of the items layer. */
export class ThumbnailCache implements ThumbnailSource {
  private readonly images = new Map<string, HTMLImageElement | null>();
  private readonly onLoad: () => void;

  constructor(onLoad: () => void, private readonly limit = 300) {
    this.onLoad = onLoad;
  }

  get(url: string): CanvasImageSource | null {
    const image = this.images.get(url);
    if (image === undefined) {
      this.load(url);
      return null;
    }
    return image && image.complete && image.naturalWidth > 0 ? image : null;
  }

  private load(url: string): void {
    if (this.images.size >= this.limit || typeof Image === 'undefined') {
      this.images.set(url, null);
      return;
    }
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => this.onLoad();
    image.onerror = () => this.images.set(url, null);
    image.src = url;
    this.images.set(url, image);
  }
}
