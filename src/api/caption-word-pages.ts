/**
 * How the caption words are paged: the most the service lists per request, and the smaller first
 * page the Words view shows while the rest load. A module of its own because the BFF names the
 * first page's URL too: a deep link to the Words page preloads it with the document
 * (src/server/static/route-preloads.ts), and a preload only answers the very same URL.
 */

/** The most words the service lists per request. */
export const WORDS_PAGE_LIMIT = 500;

/** The first page is smaller: it is what a reader sees first, and arrives sooner. */
export const FIRST_WORDS_PAGE_LIMIT = 200;

/** The first page's search as the client's request writes it (`limit`, then `offset`). */
export const FIRST_WORDS_PAGE_SEARCH = `limit=${FIRST_WORDS_PAGE_LIMIT}&offset=0`;
