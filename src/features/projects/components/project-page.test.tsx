import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '@mocks/handlers/create-handlers.ts';
import { createSimulator } from '@mocks/simulator.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { ProjectPage } from './project-page.tsx';

const apiBase = `${window.location.origin}/api/v1`;
const simulator = createSimulator({ seed: 7 });
const server = setupServer(
  ...createHandlers(simulator, apiBase, { defaultApiKey: 'vcs_test_demo_paid' }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function firstProject(): Promise<{ id: string; name: string }> {
  const response = await fetch(`${apiBase}/projects?limit=1`);
  const body = (await response.json()) as { projects: { id: string; name: string }[] };
  return body.projects[0]!;
}

/** The seeded project that has an expired export. */
async function projectWithExpiredExport(): Promise<{ id: string; name: string }> {
  const response = await fetch(`${apiBase}/projects?limit=50`);
  const { projects } = (await response.json()) as { projects: { id: string; name: string }[] };
  for (const project of projects) {
    const list = await fetch(`${apiBase}/projects/${project.id}/exports?limit=50`);
    const { exports } = (await list.json()) as { exports: { expires_at?: string }[] };
    if (exports.some((e) => e.expires_at && Date.parse(e.expires_at) < Date.now())) return project;
  }
  throw new Error('The seed has no expired export');
}

describe('ProjectPage', () => {
  it('shows every project field, its jobs and its exports, with expired links marked', async () => {
    const project = await projectWithExpiredExport();
    renderWithProviders(<ProjectPage projectId={project.id} />);
    expect(await screen.findByRole('heading', { level: 1, name: project.name })).toBeVisible();
    for (const label of [
      'Project ID',
      'Status',
      'Aspect ratio',
      'Created',
      'Updated',
      'Thumbnail',
    ]) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByText(project.id)).toBeInTheDocument();
    const exportsTable = await screen.findByRole('table');
    expect(within(exportsTable).getByText(/Link expired/)).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Jobs' })).toBeInTheDocument();
  });

  it('says the project was not found', async () => {
    renderWithProviders(<ProjectPage projectId="00000000-0000-0000-0000-000000000000" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
  });

  it('rolls back an optimistic rename the service refuses', async () => {
    const project = await firstProject();
    server.use(
      http.patch(`${apiBase}/projects/:projectId`, () =>
        HttpResponse.json(
          { error: { code: 'insufficient_access', message: 'This key is read-only.' } },
          { status: 403 },
        ),
      ),
    );
    renderWithProviders(<ProjectPage projectId={project.id} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
    const form = screen.getByRole('region', { name: 'Edit project details' });
    const name = within(form).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Renamed');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Your key does not allow this',
    );
    expect(screen.getByRole('heading', { level: 1, name: project.name })).toBeVisible();
  });
});
