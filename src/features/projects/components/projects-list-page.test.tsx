import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createHandlers } from '@mocks/handlers/create-handlers.ts';
import { createSimulator } from '@mocks/simulator.ts';
import type { DeletionFlowSlot } from '@/components/deletion-flow-slot.ts';
import { renderWithProviders } from '@/test/render.tsx';
import type { ProjectsPage } from '../api/projects-queries.ts';
import { ProjectsListPage as ListPage } from './projects-list-page.tsx';
import { setupTestServer } from '@/test/msw-server.ts';
import { createReviewBffFake } from '@/test/review-bff-fake.ts';

// The route hands the page the deletions feature's flow; these cases never open it.
const NoDeletionFlow: DeletionFlowSlot = () => null;
const ProjectsListPage = ({ page }: { page: ProjectsPage }) => (
  <ListPage page={page} DeletionFlow={NoDeletionFlow} />
);

// The simulator's handlers hold the happy paths; each error case is added with server.use().
const apiBase = `${window.location.origin}/api/v1`;
const review = createReviewBffFake();
const server = setupTestServer(
  ...review.handlers,
  ...createHandlers(createSimulator({ seed: 7 }), apiBase, { defaultApiKey: 'vcs_test_demo_paid' }),
);

describe('ProjectsListPage', () => {
  it('lists a page of projects with its position', async () => {
    renderWithProviders(<ProjectsListPage page={{ limit: 5, offset: 0 }} />);
    // The first render of the file loads the page's modules: over testing-library's 1 s default on
    // a loaded machine.
    const list = await screen.findByRole('list', { name: 'Projects' }, { timeout: 5_000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText(/Showing 1–5 of \d+/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      '/projects?offset=5&limit=5',
    );
  });

  it('counts each project’s open review notes, linking to its production plan', async () => {
    const { projects } = (await (await fetch(`${apiBase}/projects?limit=5`)).json()) as {
      projects: Array<{ id: string; name: string }>;
    };
    const [first] = projects;
    if (!first) throw new Error('no project');
    for (const revision of ['r1', 'r2']) {
      review.addNote({ project_id: first.id, revision_id: revision, author_id: 'user_other' });
    }
    renderWithProviders(<ProjectsListPage page={{ limit: 5, offset: 0 }} />);
    const count = await screen.findByRole('link', { name: /^2 open notes on 2 revisions/ });
    expect(count).toHaveAttribute('href', `/projects/${first.id}/plans`);
    expect(screen.getAllByRole('link', { name: /open notes?/ })).toHaveLength(1);
    review.notes.length = 0;
  });

  it('shows the empty state when the workspace has no projects', async () => {
    server.use(
      http.get(`${apiBase}/projects`, () =>
        HttpResponse.json({
          projects: [],
          bounds: {
            limit: 10,
            offset: 0,
            total: 0,
            returned: 0,
            has_more: false,
            truncated: false,
          },
        }),
      ),
    );
    renderWithProviders(<ProjectsListPage page={{ limit: 10, offset: 0 }} />);
    expect(
      await screen.findByRole('heading', { name: 'No projects yet' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
  });

  it('explains a server error and offers a retry', async () => {
    server.use(
      http.get(`${apiBase}/projects`, () =>
        HttpResponse.json(
          { error: { code: 'internal_error', message: 'Database unavailable.' } },
          { status: 500 },
        ),
      ),
    );
    renderWithProviders(<ProjectsListPage page={{ limit: 10, offset: 0 }} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The video service had a problem');
    expect(alert).toHaveTextContent('Database unavailable.');
    server.resetHandlers();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Projects' })).toBeInTheDocument();
  });

  it('checks the new project form before sending and names the offending field', async () => {
    server.use(
      http.post(`${apiBase}/projects`, () =>
        HttpResponse.json(
          { error: { code: 'invalid_request', message: 'Name is taken.', param: 'name' } },
          { status: 400 },
        ),
      ),
    );
    renderWithProviders(<ProjectsListPage page={{ limit: 10, offset: 0 }} />);
    await screen.findByRole('list', { name: 'Projects' });
    await userEvent.click(screen.getAllByRole('button', { name: 'New project' })[0]!);
    const form = screen.getByRole('region', { name: 'New project' });
    // The form is loaded on demand (the list is a first screen): under Vitest its first import
    // is also its first transform, which takes more than findBy's default second on a busy machine.
    const create = await within(form).findByRole(
      'button',
      { name: 'Create project' },
      { timeout: 10_000 },
    );
    await userEvent.click(create);
    expect(within(form).getByText('Give the project a name.')).toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText('Name'), 'Teaser');
    await userEvent.click(within(form).getByRole('button', { name: 'Create project' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Check “name”');
    expect(alert).toHaveTextContent('Name is taken.');
  });
});
