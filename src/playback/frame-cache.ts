/**
 * Decoded preview frames kept for playback, bounded by bytes (width × height × 4 each): the least
 * recently used frame is closed and dropped when a new one would pass the budget. A frame that is
 * on screen is pinned (never dropped while pinned), so a missing next frame can always fall back
 * to the last one shown.
 */
import { ByteCache } from '@/lib/byte-cache.ts';

/** What the cache needs of a frame (an ImageBitmap fits). */
export interface CachedFrame {
  readonly width: number;
  readonly height: number;
  close(): void;
}

export const bytesOf = (frame: Pick<CachedFrame, 'width' | 'height'>): number =>
  frame.width * frame.height * 4;

export class FrameCache<F extends CachedFrame = CachedFrame> extends ByteCache<F> {
  constructor(budgetBytes: number) {
    super({ budgetBytes, bytesOf, release: (frame) => frame.close() });
  }
}
