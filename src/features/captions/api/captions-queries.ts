/**
 * The caption styler's server state: every word of the project (paged through `limit` 500, the
 * first page first, then the rest four at a time), the ids matching a search, the Caption Looks
 * and the caption fonts. The caption style's options are shared (`@/api/caption-queries.ts`).
 */
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client.ts';
import { queryKeys } from '@/api/query-keys.ts';
import type { CaptionSpan, CaptionWord } from '@/api/schema.gen.ts';
import type { WordsDoc } from '../model/caption-doc.ts';

/** The most words the service lists per request. */
export const WORDS_PAGE_LIMIT = 500;
const PARALLEL_PAGES = 4;

type WordPage = Awaited<ReturnType<typeof fetchWordPage>>;

function fetchWordPage(
  projectId: string,
  offset: number,
  signal: AbortSignal | undefined,
  matchText?: string,
) {
  return unwrap(
    api.GET('/projects/{projectId}/captions/words', {
      params: {
        path: { projectId },
        query: {
          limit: WORDS_PAGE_LIMIT,
          offset,
          ...(matchText !== undefined ? { match_text: matchText } : {}),
        },
      },
      signal,
    }),
  );
}

/** Every page after the first, a few at a time, in order. */
async function fetchRest(
  first: WordPage,
  fetchPage: (offset: number) => Promise<WordPage>,
): Promise<WordPage[]> {
  const total = first.pagination?.total ?? first.words.length;
  const offsets: number[] = [];
  for (let offset = first.words.length; offset < total; offset += WORDS_PAGE_LIMIT)
    offsets.push(offset);
  const pages: WordPage[] = [];
  for (let i = 0; i < offsets.length; i += PARALLEL_PAGES)
    pages.push(...(await Promise.all(offsets.slice(i, i + PARALLEL_PAGES).map(fetchPage))));
  return pages;
}

export async function fetchAllWords(projectId: string, signal?: AbortSignal): Promise<WordsDoc> {
  const first = await fetchWordPage(projectId, 0, signal);
  const rest = await fetchRest(first, (offset) => fetchWordPage(projectId, offset, signal));
  const words: CaptionWord[] = [];
  const spans = new Map<string, CaptionSpan>();
  for (const page of [first, ...rest]) {
    words.push(...page.words);
    for (const span of page.captions ?? []) spans.set(span.timelineItemId, span);
  }
  return {
    words,
    fps: first.fps ?? 30,
    spans,
    total: first.pagination?.total ?? words.length,
  };
}

export const captionWordsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.captions.words(projectId),
    queryFn: ({ signal }) => fetchAllWords(projectId, signal),
    // Edits keep it fresh; reading 10,000 words again on every focus would only get in the way.
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });

export interface SearchMatches {
  ids: string[];
  total: number;
}

/** The ids of the words containing `text` (the service's `match_text`), every page. */
export const captionSearchQueryOptions = (projectId: string, text: string) =>
  queryOptions({
    queryKey: queryKeys.captions.search(projectId, text),
    queryFn: async ({ signal }): Promise<SearchMatches> => {
      const first = await fetchWordPage(projectId, 0, signal, text);
      const rest = await fetchRest(first, (offset) =>
        fetchWordPage(projectId, offset, signal, text),
      );
      const ids = [first, ...rest].flatMap((page) => page.words.map((word) => word.id));
      return { ids, total: first.pagination?.total ?? ids.length };
    },
    enabled: text.length > 0,
    staleTime: 30_000,
  });

export const captionFontsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.captionFonts,
    queryFn: ({ signal }) => unwrap(api.GET('/caption-fonts', { signal })),
    staleTime: 10 * 60_000,
  });
