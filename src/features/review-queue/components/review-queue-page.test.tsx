import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHandlers } from '@mocks/handlers/create-handlers.ts';
import { createSimulator } from '@mocks/simulator.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { createReviewBffFake } from '@/test/review-bff-fake.ts';
import { useLaterStore } from '../state/later-store.ts';
import { ReviewQueuePage } from './review-queue-page.tsx';

const apiBase = `${window.location.origin}/api/v1`;
const simulator = createSimulator({ seed: 11 });
simulator.stop();
const review = createReviewBffFake();
const server = setupServer(
  ...review.handlers,
  ...createHandlers(simulator, apiBase, { defaultApiKey: 'vcs_test_demo_paid' }),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // jsdom lays nothing out: the selected row has nowhere to scroll.
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => {
  review.notes.length = 0;
  review.decisions.length = 0;
  server.resetHandlers();
  localStorage.clear();
  useLaterStore.setState({ marked: {} });
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const search = { state: 'all', order: 'oldest' } as const;

function renderQueue(plan = 'pro', props: Partial<Parameters<typeof ReviewQueuePage>[0]> = {}) {
  return renderWithProviders(
    <ReviewQueuePage search={search} organizationId="org_demo" plan={plan} {...props} />,
    { path: '/review' },
  );
}

/** The queue, read whole (the first render of a file also compiles the simulator's validators). */
const queueRead = () => screen.findByText(/revisions wait for a decision/, {}, { timeout: 10_000 });

const options = () =>
  within(screen.getByRole('listbox', { name: 'Revisions waiting for a decision' })).getAllByRole(
    'option',
  );

describe('ReviewQueuePage', () => {
  it('lists what waits, moves with j/k and the arrows, and leaves keys typed in a field alone', async () => {
    const user = userEvent.setup();
    renderQueue();
    expect(await queueRead()).toBeInTheDocument();
    const rows = options();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows[0]).toHaveAttribute('aria-selected', 'true');
    const listbox = screen.getByRole('listbox');
    expect(listbox).toHaveAttribute('aria-activedescendant', rows[0]?.id);

    await user.keyboard('j');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    expect(listbox).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowUp}k');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(options().at(-1)).toHaveAttribute('aria-selected', 'true');

    // In the order select, j and x are the select's.
    screen.getByLabelText('Order').focus();
    await user.keyboard('jx');
    expect(options().at(-1)).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText('Reviewed · for later')).not.toBeInTheDocument();

    // x marks the selected revision for later: it moves to the end, and says so.
    listbox.focus();
    await user.keyboard('{Home}x');
    expect(await screen.findByText(/marked reviewed, for later/)).toBeInTheDocument();
    expect(within(options().at(-1)!).getByText('Reviewed · for later')).toBeInTheDocument();
  });

  it('approves with a, stating what it spends and the balance; the row leaves', async () => {
    const user = userEvent.setup();
    renderQueue();
    await queueRead();
    const before = options().length;
    const first = options()[0]!;
    const revisionId = first.getAttribute('data-revision-id');
    await user.keyboard('a');
    const dialog = await screen.findByRole('dialog', { name: /^Approve the (plan|assets) of/ });
    expect(dialog).toHaveTextContent(/This will spend [\d,]+ credits?\./);
    expect(dialog).toHaveTextContent(/Workspace balance: [\d,]+ credits; [\d,]+ left after\./);
    const confirm = within(dialog).getByRole('button', { name: /^Approve and spend/ });
    await waitFor(() => expect(confirm).toHaveFocus());
    // Keys typed in the dialog are the dialog's.
    await user.keyboard('j');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(options()).toHaveLength(before - 1));
    expect(options().some((option) => option.getAttribute('data-revision-id') === revisionId)).toBe(
      false,
    );
    expect(screen.getByText(/approved: (preproduction|generation) started/)).toBeInTheDocument();
  });

  it('requests changes with r on a revision with an open note, refused in words without one; the row moves after those waiting', async () => {
    const user = userEvent.setup();
    const first = renderQueue();
    await queueRead();
    const waiting = options()
      .filter((option) => /to approve/.test(option.textContent ?? ''))
      .map((option) => option.getAttribute('data-revision-id') ?? '');
    const [without, withNote] = waiting;
    if (!without || !withNote) throw new Error('two revisions to approve expected');
    // Another reviewer wrote a note on the second one; this page reads the queue again (a reload).
    review.addNote({
      project_id: 'p',
      revision_id: withNote,
      anchor: { kind: 'scene', scene_index: 0 },
      author_id: 'user_other',
    });
    first.unmount();
    renderQueue();
    await queueRead();
    const row = (id: string) =>
      options().find((option) => option.getAttribute('data-revision-id') === id)!;
    expect(await within(row(withNote)).findByText('1 open note')).toBeInTheDocument();

    const select = async (id: string) => {
      await user.click(row(id));
    };
    await select(without);
    await user.keyboard('r');
    const selected = screen.getByRole('region', { name: 'Selected revision' });
    expect(within(selected).getByRole('status')).toHaveTextContent(/needs an open note/);
    expect(screen.getByRole('button', { name: 'Request changes' })).toBeDisabled();
    expect(review.decisions).toHaveLength(0);

    await select(withNote);
    await user.keyboard('r');
    expect(await within(selected).findByText(/^Changes requested on /)).toBeInTheDocument();
    expect(review.decisions.map((decision) => decision.revision_id)).toEqual([withNote]);
    await waitFor(() =>
      expect(within(row(withNote)).getByText('Changes requested · 1 open note')).toBeVisible(),
    );
    // It waits for its creator now: after every revision that waits for the reviewer.
    expect(options().at(-1)?.getAttribute('data-revision-id')).toBe(withNote);
    expect(screen.getByText(/1 with changes requested/)).toBeInTheDocument();
  });

  it('a free workspace: approving says it needs a paid plan, before any request', async () => {
    const approvals: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/approve')) approvals.push(request.url);
    });
    const user = userEvent.setup();
    renderQueue('free');
    await queueRead();
    const approve = screen.getByRole('button', { name: /needs a paid plan/ });
    expect(approve).toBeDisabled();
    await user.keyboard('a');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Selected revision' })).getByRole('status'),
    ).toHaveTextContent(/needs a paid plan/);
    expect(approvals).toEqual([]);
    server.events.removeAllListeners();
  });

  it('a balance below what approving spends blocks it, with both numbers', async () => {
    server.use(
      http.get(`${apiBase}/credits`, () =>
        HttpResponse.json({
          balance: 5,
          unit: 'credits',
          plan: 'pro',
          period_end: '2030-01-01T00:00:00Z',
        }),
      ),
    );
    const user = userEvent.setup();
    renderQueue();
    await queueRead();
    expect(
      await screen.findByText(
        /^Not enough credits: approving spends [\d,]+ credits and the workspace has 5 credits\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Approve (plan|assets)$/ })).toBeDisabled();
    await user.keyboard('a');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('falls back to every project’s list when the service lacks the workspace list, with one notice', async () => {
    const first = renderQueue();
    await queueRead();
    const fromWorkspace = options().map((option) => option.getAttribute('data-revision-id'));
    server.use(
      http.get(`${apiBase}/faceless/plans`, () =>
        HttpResponse.json(
          { error: { code: 'not_found', message: 'No route GET /faceless/plans.' } },
          { status: 404 },
        ),
      ),
    );
    first.unmount();
    renderQueue();
    const notice = await screen.findByText(/does not list plans across the workspace/);
    await waitFor(() => expect(notice).toHaveTextContent(/\(\d+ of \d+ projects read\)/));
    expect(screen.getAllByText(/does not list plans across the workspace/)).toHaveLength(1);
    await queueRead();
    expect(
      options()
        .map((option) => option.getAttribute('data-revision-id'))
        .sort(),
    ).toEqual([...fromWorkspace].sort());
  });

  it('shows the service’s refusal in words, with a retry; and an empty queue says so', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    server.use(
      http.get(`${apiBase}/faceless/plans`, () =>
        HttpResponse.json(
          { error: { code: 'internal_error', message: 'The plan store is down.' } },
          { status: 500 },
        ),
      ),
    );
    renderQueue();
    expect(await screen.findByRole('alert')).toHaveTextContent(/plan store is down/i);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    server.use(
      http.get(`${apiBase}/faceless/plans`, () =>
        HttpResponse.json({
          plans: [],
          bounds: {
            limit: 25,
            offset: 0,
            total: 0,
            returned: 0,
            has_more: false,
            truncated: false,
          },
        }),
      ),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'Nothing waits for a decision' }),
    ).toBeInTheDocument();
  });
});
