/**
 * The caption styler's own server state: the ids of the words matching a search (every page, as
 * the project's words are read) and the caption fonts. Every word of the project and the caption
 * style are shared with the other editors (`@/api/caption-queries.ts`).
 */
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client.ts';
import { fetchRest, fetchWordPage } from '@/api/caption-queries.ts';
import { queryKeys } from '@/api/query-keys.ts';

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
