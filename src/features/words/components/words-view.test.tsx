/**
 * The Words view on the simulator's real handlers (msw), while a talk's words are still loading:
 * the first paragraphs show (read-only, saying how many words are in) before the other pages
 * are asked for, the first page is asked for once (at the URL the BFF preloads), and the editable
 * transcript replaces them.
 */
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { createHandlers } from '@mocks/handlers/create-handlers.ts';
import { createSimulator } from '@mocks/simulator.ts';
import { INTERVIEW_PROJECT_NAME } from '@mocks/store/seed-interview.ts';
import { FIRST_WORDS_PAGE_SEARCH } from '@/api/caption-word-pages.ts';
import { API_BASE_URL } from '@/api/client.ts';
import type { CutList } from '@/api/bff-schema.gen.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { WordsView } from './words-view.tsx';

const server = setupServer(
  ...createHandlers(createSimulator({ seed: 5 }), API_BASE_URL, {
    defaultApiKey: 'vcs_test_demo_paid',
  }),
  // The BFF's cut list: none yet.
  http.get('*/bff/projects/:projectId/cuts', () => HttpResponse.json<CutList>({ cuts: [] })),
);
const WORDS = `${API_BASE_URL}/projects/:projectId/captions/words`;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  Element.prototype.scrollTo = () => undefined;
  Element.prototype.scrollIntoView = () => undefined;
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

async function interviewId(): Promise<string> {
  const response = await fetch(`${API_BASE_URL}/projects?limit=50`);
  const { projects } = (await response.json()) as { projects: Array<{ id: string; name: string }> };
  return projects.find((project) => project.name === INTERVIEW_PROJECT_NAME)!.id;
}

it('shows the first paragraphs while the other pages load, then the transcript to edit', async () => {
  const projectId = await interviewId();
  const firstPages: string[] = [];
  // The other pages are asked for once the first paragraphs show, not in their way.
  let restAskedWithPreview: boolean | null = null;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.get(WORDS, async ({ request }) => {
      const offset = new URL(request.url).searchParams.get('offset') ?? '0';
      // Returning nothing falls through to the simulator's own handler.
      if (offset === '0') firstPages.push(request.url);
      else {
        restAskedWithPreview ??=
          screen.queryByRole('listbox', { name: /^Transcript \(loading\)/ }) !== null;
        await held;
      }
    }),
  );
  renderWithProviders(<WordsView projectId={projectId} />);

  const early = await screen.findByRole('listbox', { name: /^Transcript \(loading\)/ });
  expect(early).toHaveAttribute('aria-busy', 'true');
  expect(screen.getByRole('status')).toHaveTextContent(
    /Loading the rest of the transcript: 200 of 475 words so far/,
  );
  // The first words as said, in order.
  expect(early.querySelectorAll('[role="option"]').length).toBeGreaterThan(50);
  expect(screen.queryByRole('button', { name: /^Cut/ })).toBeNull();
  await waitFor(() => expect(restAskedWithPreview).toBe(true));

  release();
  const transcript = await screen.findByRole(
    'listbox',
    { name: /^Transcript: 475 words in \d+ paragraphs/ },
    { timeout: 10_000 },
  );
  expect(transcript).toBeInTheDocument();
  await waitFor(() =>
    expect(screen.queryByRole('listbox', { name: /^Transcript \(loading\)/ })).toBeNull(),
  );
  // The page list and the whole document share one request for the first page, at the URL a
  // deep link's document preloads (a preload answers only the very same URL).
  expect(firstPages).toHaveLength(1);
  expect(new URL(firstPages[0]!).search).toBe(`?${FIRST_WORDS_PAGE_SEARCH}`);
});
