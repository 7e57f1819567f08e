/**
 * The Words view's first paragraph as bench:words and words-first-paint-trace.ts see it: a probe
 * that runs before the app's code records when the transcript's first word enters the DOM and the
 * animation frame after it (ms from navigation start), and says so on the console.
 *
 * The bench waits for that console message rather than polling the page: Playwright's
 * `waitForFunction` evaluates its injected script in the page first (~20–30 ms of the main thread
 * at load ~7), and after `goto` that lands when the document's `load` fires, which is when the
 * preloaded data has come in: in the very task the first render was due to start.
 */
import type { Page } from 'playwright-core';

export const TRANSCRIPT_LIST = '[role="listbox"][aria-label^="Transcript"]';
const SEEN = 'cutroom-bench: first word painted';

/** The probe, for `page.addInitScript`. Pages whose path matches `skip` are left alone. */
export function firstWordProbe(skip?: RegExp): string {
  return `
  window.__name = (fn) => fn;
  (() => {
    ${skip ? `if (${skip.toString()}.test(location.pathname)) return;` : ''}
    const observer = new MutationObserver(() => {
      if (window.__wordsFirstWord !== undefined) return;
      if (!document.querySelector('${TRANSCRIPT_LIST} [role="option"]')) return;
      window.__wordsFirstWord = performance.now();
      requestAnimationFrame((at) => {
        window.__wordsFirstFrame = at;
        console.debug('${SEEN}');
      });
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  })();
`;
}

declare global {
  interface Window {
    __wordsFirstWord?: number;
    __wordsFirstFrame?: number;
  }
}

/**
 * Runs `navigate` (a `goto`, a click) and waits for the probe's first word and its frame, without
 * evaluating anything in the page until then. Resolves to both, in ms from navigation start.
 */
export async function firstWordAfter(
  page: Page,
  navigate: () => Promise<unknown>,
): Promise<{ dom: number; frame: number }> {
  const seen = page.waitForEvent('console', {
    predicate: (message) => message.text() === SEEN,
    timeout: 120_000,
  });
  await Promise.all([seen, navigate()]);
  return page.evaluate(() => ({ dom: window.__wordsFirstWord!, frame: window.__wordsFirstFrame! }));
}
