/**
 * Test hooks of the caption preview, for the browser tests and benchmarks only: installed as
 * `window.__cutroomCaptions` under automation (navigator.webdriver), from a chunk of their own
 * that caption-preview.tsx imports only then; a user's browser never loads this module.
 */
import { previewPaints } from './preview-paints.ts';

export interface CaptionsTestHooks {
  /** How many times the preview has painted. */
  paints(): number;
  /** When it first painted (performance.now()), or null before it. */
  firstPaintAt(): number | null;
  /** When it last painted. */
  paintedAt(): number;
}

declare global {
  interface Window {
    __cutroomCaptions?: CaptionsTestHooks;
  }
}

export function installPreviewTestHooks(): void {
  window.__cutroomCaptions ??= {
    paints: () => previewPaints.count,
    firstPaintAt: () => previewPaints.firstAt,
    paintedAt: () => previewPaints.lastAt,
  };
}
