/**
 * The caption styler screen on the simulator's real handlers (msw): loading, empty and error
 * states, the brand's colours and fonts (not set up, loading, failed, set), and what a save that
 * fails shows: 400 with the field named, 409 (the conflict banner, the change still applied) and
 * 429 (kept as unsaved, saved on request). Each error case is added with `server.use()`.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHandlers } from '@mocks/handlers/create-handlers.ts';
import { createSimulator } from '@mocks/simulator.ts';
import { API_BASE_URL } from '@/api/client.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { fixtureBrand } from '../testing/caption-fixtures.ts';
import { layOutWordList } from '../testing/list-layout.ts';
import { CaptionsPage } from './captions-page.tsx';

const simulator = createSimulator({ seed: 11 });
const server = setupServer(
  ...createHandlers(simulator, API_BASE_URL, { defaultApiKey: 'vcs_test_demo_free' }),
);
const WORDS = `${API_BASE_URL}/projects/:projectId/captions/words`;
const ONBOARDING = `${API_BASE_URL}/onboarding`;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  layOutWordList();
  // jsdom has no canvas: the preview paints nothing (the painter has its own tests).
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  Element.prototype.scrollTo = () => undefined;
  // Retries of a 429 wait no time (backoff's jitter is random × ceiling).
  vi.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const apiError = (status: number, code: string, message: string, param = '') =>
  HttpResponse.json({ error: { code, message, param, doc_url: '' } }, { status });

async function projectIdOf(name: string): Promise<string> {
  const response = await fetch(`${API_BASE_URL}/projects?limit=50`);
  const { projects } = (await response.json()) as { projects: Array<{ id: string; name: string }> };
  return projects.find((project) => project.name === name)!.id;
}

async function openPage(name = 'Pasta hack') {
  const projectId = await projectIdOf(name);
  renderWithProviders(<CaptionsPage projectId={projectId} query="" onQueryChange={() => {}} />);
  const list = await screen.findByRole('list', { name: 'Caption words' }, { timeout: 10_000 });
  return { projectId, list };
}

/** Selects the list's first word; returns its text. */
async function selectFirstWord(list: HTMLElement): Promise<string> {
  const row = within(list)
    .getAllByRole('listitem')
    .find((item) => item.hasAttribute('data-word-id'))!;
  const button = within(row).getAllByRole('button')[0]!;
  await userEvent.click(button);
  return button.textContent!;
}

async function typeColour(value: string) {
  const hex = screen.getByRole('textbox', { name: 'Colour (hex)' });
  await userEvent.clear(hex);
  await userEvent.type(hex, `${value}{Enter}`);
}

const saveStatus = () => screen.getByRole('status', { name: 'Save status' });

/**
 * The banner shows once the save and its three retries have failed: four requests, which take
 * more than the default second on a loaded machine. A test that gave up sooner would leave the
 * last retry to land in the next test (a change made elsewhere there, a 409).
 */
const findUnsavedBanner = () =>
  screen.findByRole('region', { name: 'Unsaved changes' }, { timeout: 10_000 });

describe('CaptionsPage states', () => {
  it('shows a loading state, then the words with their summary', async () => {
    const projectId = await projectIdOf('Pasta hack');
    renderWithProviders(<CaptionsPage projectId={projectId} query="" onQueryChange={() => {}} />);
    expect(await screen.findByText('Loading caption words…')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Caption words' })).toBeInTheDocument();
    expect(screen.getByLabelText('Summary')).toHaveTextContent(/\d+ words · \d+ emphasised word/);
    expect(saveStatus()).toHaveTextContent('All changes saved');
  });

  it('says when the project has no captions yet, with the way to add them', async () => {
    server.use(
      http.get(WORDS, () =>
        HttpResponse.json({
          success: true,
          words: [],
          items: [],
          count: 0,
          warnings: [],
          pagination: { total: 0, returned: 0, offset: 0, limit: 500, hasMore: false },
          summary: { totalWords: 0, emphasisCount: 0, hasEmphasis: false },
          hint: '',
        }),
      ),
    );
    const projectId = await projectIdOf('Pasta hack');
    renderWithProviders(<CaptionsPage projectId={projectId} query="" onQueryChange={() => {}} />);
    expect(await screen.findByText('This project has no captions yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'timeline' })).toBeInTheDocument();
  });

  it('shows why the words did not load, and loads them on retry', async () => {
    server.use(
      http.get(WORDS, () => apiError(500, 'internal_error', 'The service failed.'), {
        once: true,
      }),
    );
    const projectId = await projectIdOf('Pasta hack');
    renderWithProviders(<CaptionsPage projectId={projectId} query="" onQueryChange={() => {}} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service failed.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Caption words' })).toBeInTheDocument();
  });
});

describe('CaptionsPage brand colours and fonts', () => {
  it('before onboarding: says there is no brand yet, and links to set one up', async () => {
    await openPage();
    expect(await screen.findByText(/No brand colours yet/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Set up your brand' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Caption style' }));
    expect(screen.queryByRole('group', { name: /brand colours/ })).toBeNull();
  });

  it('while the brand loads, says so', async () => {
    server.use(
      http.get(ONBOARDING, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    await openPage();
    expect(screen.getByText('Loading your brand’s colours…')).toBeVisible();
  });

  it('offers the brand’s colours first (labelled) and its font, once onboarding saved them', async () => {
    server.use(
      http.get(ONBOARDING, () =>
        HttpResponse.json({
          status: 'complete',
          brand_context: fixtureBrand(),
          completed_at: '2026-11-23T10:00:00Z',
        }),
      ),
    );
    await openPage();
    expect(await screen.findByText(/brand colours and fonts are offered first/)).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Caption style' }));
    const colour = screen.getByRole('group', { name: 'Colour' });
    const groups = within(colour).getAllByRole('group');
    expect(groups[0]).toHaveAccessibleName('Colour: Northwind Coffee brand colours');
    expect(
      within(groups[0]!).getByRole('button', { name: 'Use Primary (#1e40af) for colour' }),
    ).toBeVisible();
    const font = screen.getAllByRole('combobox', { name: 'Font' })[0]!;
    expect(within(font).getAllByRole('group')[0]).toHaveAttribute(
      'label',
      'Brand fonts (Northwind Coffee)',
    );
  });

  it('says the brand failed to load (the styler works on), and loads it on retry', async () => {
    server.use(
      http.get(ONBOARDING, () => apiError(500, 'internal_error', 'Brand store down.'), {
        once: true,
      }),
    );
    await openPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Brand colours could not be loaded.');
    expect(alert).toHaveTextContent('Brand store down.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No brand colours yet/)).toBeVisible();
  });
});

describe('CaptionsPage saving', () => {
  it('a 400 names the field and says what the service said; nothing stays unsaved', async () => {
    server.use(
      http.patch(WORDS, () =>
        apiError(400, 'invalid_request', 'Colour is not allowed here.', 'updates[0].style.color'),
      ),
    );
    const { list } = await openPage();
    await selectFirstWord(list);
    await typeColour('#123456');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('updates[0].style.color');
    expect(alert).toHaveTextContent('Colour is not allowed here.');
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
  });

  it('a 409 shows what changed elsewhere and that the change is still applied', async () => {
    server.use(
      http.patch(
        WORDS,
        () => apiError(409, 'revision_conflict', 'The words changed since you read them.'),
        { once: true },
      ),
    );
    const { list } = await openPage();
    await selectFirstWord(list);
    await typeColour('#3355ff');
    const conflict = await screen.findByRole('alert');
    expect(conflict).toHaveTextContent('Someone else changed these captions');
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
    await userEvent.click(within(conflict).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Someone else changed these captions')).toBeNull();
  });

  it('a 429 (after the retries) keeps the change, marked unsaved, and saves it on request', async () => {
    server.use(http.patch(WORDS, () => apiError(429, 'rate_limited', 'Slow down.')));
    const { list } = await openPage();
    await selectFirstWord(list);
    await typeColour('#22cc88');
    const banner = await findUnsavedBanner();
    expect(within(banner).getByRole('heading')).toHaveTextContent('1 change not saved yet');
    expect(banner).toHaveTextContent('The service is busy');
    expect(within(list).getByText('Unsaved')).toBeVisible();
    expect(saveStatus()).toHaveTextContent('1 unsaved change');

    server.resetHandlers();
    await userEvent.click(within(banner).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
  });

  it('Discard drops the unsaved change (the words as saved come back)', async () => {
    server.use(http.patch(WORDS, () => apiError(429, 'rate_limited', 'Slow down.')));
    const { list } = await openPage();
    await selectFirstWord(list);
    await typeColour('#44aa11');
    const banner = await findUnsavedBanner();
    await userEvent.click(within(banner).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
    expect(within(list).queryByText('Unsaved')).toBeNull();
    expect(saveStatus()).toHaveTextContent('All changes saved');
  });

  it('keyboard: the inspector’s tabs move with the arrows; Ctrl+Z undoes the last change', async () => {
    const { list } = await openPage();
    const text = await selectFirstWord(list);
    expect(screen.getByRole('tabpanel')).toHaveTextContent(`Styling “${text}”`);
    const tab = screen.getByRole('tab', { name: /^Selected words/ });
    tab.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Caption style' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Caption style' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{ArrowLeft}');
    await typeColour('#abcdef');
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'));
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('{Control>}z{/Control}');
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Last action' })).toHaveTextContent(/Undid|Undo/),
    );
  });
});
