/**
 * jsdom lays nothing out, so the virtualised word list would show no row: its scroller reports a
 * height (TanStack Virtual reads `clientHeight`), every other element keeps jsdom's 0.
 */
import { vi } from 'vitest';

export function layOutWordList(height = 600): void {
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return this.getAttribute('data-testid') === 'word-list-scroller' ? height : 0;
  });
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
    return this.getAttribute('data-testid') === 'word-list-scroller' ? 800 : 0;
  });
}
