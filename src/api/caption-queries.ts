/**
 * The project's caption words (every page: the caption styler's document, the Words view's
 * transcript) and caption style: read by the caption styler (which edits them), the Words view
 * (which cuts them) and the timeline's preview (which paints captions with them); and the Caption
 * Looks, offered by the caption styler, the AI edit style screen and onboarding. Each resource's
 * one `queryOptions` lives here.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client.ts';
import { FIRST_WORDS_PAGE_LIMIT, WORDS_PAGE_LIMIT } from './caption-word-pages.ts';
import { queryKeys } from './query-keys.ts';
import type { CaptionSpan, CaptionWord } from './schema.gen.ts';

export const captionStyleQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.captions.style(projectId),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/projects/{projectId}/captions/style', {
          params: { path: { projectId } },
          signal,
        }),
      ),
    staleTime: 60_000,
  });

export const captionLooksQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.captionLooks,
    queryFn: ({ signal }) => unwrap(api.GET('/caption-looks', { signal })),
    staleTime: 10 * 60_000,
  });

/**
 * Every caption word of a project, with the frame rate and the caption spans: one resource read
 * by the caption styler (its document, with the style), the Words view and the timeline's preview.
 */
export interface WordsDoc {
  /** In caption order (sequence), as the service lists them. */
  words: readonly CaptionWord[];
  fps: number;
  /** Caption item spans by timeline item id. */
  spans: ReadonlyMap<string, CaptionSpan>;
  /** Emphasis count and total as the service summarised them when loaded. */
  total: number;
}

const PARALLEL_PAGES = 4;

export type WordPage = Awaited<ReturnType<typeof fetchWordPage>>;

export function fetchWordPage(
  projectId: string,
  offset: number,
  signal: AbortSignal | undefined,
  matchText?: string,
  limit = WORDS_PAGE_LIMIT,
) {
  return unwrap(
    api.GET('/projects/{projectId}/captions/words', {
      params: {
        path: { projectId },
        query: {
          limit,
          offset,
          ...(matchText !== undefined ? { match_text: matchText } : {}),
        },
      },
      signal,
    }),
  );
}

/** Every page after the first, a few at a time, in order. */
export async function fetchRest(
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

/** The document of the words listed so far (every page, or the first while the rest loads). */
export function wordsDocOf(pages: readonly WordPage[]): WordsDoc {
  const first = pages[0];
  const words: CaptionWord[] = [];
  const spans = new Map<string, CaptionSpan>();
  for (const page of pages) {
    words.push(...page.words);
    for (const span of page.captions ?? []) spans.set(span.timelineItemId, span);
  }
  return {
    words,
    fps: first?.fps ?? 30,
    spans,
    total: first?.pagination?.total ?? words.length,
  };
}

export async function fetchAllWords(
  projectId: string,
  signal?: AbortSignal,
  firstPage?: () => Promise<WordPage>,
): Promise<WordsDoc> {
  const first = await (firstPage ? firstPage() : fetchWordPage(projectId, 0, signal));
  const rest = await fetchRest(first, (offset) => fetchWordPage(projectId, offset, signal));
  return wordsDocOf([first, ...rest]);
}

/**
 * The first page of the words: what the Words view shows while the rest loads. The whole list
 * starts from it (one request, not two, when both are asked for together).
 */
/** How long the first page's answer may start the whole list (and is fresh for its own query). */
const FIRST_PAGE_FRESH_MS = 5_000;

export const captionWordsFirstPageQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.captions.wordsFirstPage(projectId),
    queryFn: ({ signal }) => fetchWordPage(projectId, 0, signal, undefined, FIRST_WORDS_PAGE_LIMIT),
    staleTime: FIRST_PAGE_FRESH_MS,
    refetchOnWindowFocus: false,
  });

export const captionWordsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.captions.words(projectId),
    queryFn: ({ signal, client }) => {
      // Starts from the first page the Words view asked for to show early: its request while in
      // flight, or its answer while fresh (the Words view asks for the rest once the first
      // paragraphs are on screen); never from an older answer.
      const firstPage = captionWordsFirstPageQueryOptions(projectId);
      const state = client.getQueryState(firstPage.queryKey);
      const fresh =
        state?.data !== undefined &&
        !state.isInvalidated &&
        Date.now() - state.dataUpdatedAt < FIRST_PAGE_FRESH_MS;
      return fetchAllWords(
        projectId,
        signal,
        state?.fetchStatus === 'fetching'
          ? () => client.fetchQuery({ ...firstPage, staleTime: 0 })
          : fresh
            ? () => Promise.resolve(state.data!)
            : undefined,
      );
    },
    // Edits keep it fresh; reading 10,000 words again on every focus would only get in the way.
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
