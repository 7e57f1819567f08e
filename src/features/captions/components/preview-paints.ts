/**
 * How many times the caption preview has painted in this page, and when (performance.now()): the
 * first paint and the last. Plain numbers the preview keeps as it paints; only the test hooks
 * (preview-test-hooks.ts, under automation) read them.
 */
export const previewPaints: { count: number; firstAt: number | null; lastAt: number } = {
  count: 0,
  firstAt: null,
  lastAt: 0,
};

export function notePreviewPaint(): void {
  const now = performance.now();
  previewPaints.count += 1;
  previewPaints.firstAt ??= now;
  previewPaints.lastAt = now;
}
