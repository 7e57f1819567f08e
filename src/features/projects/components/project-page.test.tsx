import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createHandlers } from '@mocks/handlers/create-handlers.ts';
import { createSimulator } from '@mocks/simulator.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { ProjectPage } from './project-page.tsx';
import { setupTestServer } from '@/test/msw-server.ts';
import { createReviewBffFake } from '@/test/review-bff-fake.ts';

const apiBase = `${window.location.origin}/api/v1`;
const simulator = createSimulator({ seed: 7 });
const server = setupTestServer(
  ...createReviewBffFake().handlers,
  ...createHandlers(simulator, apiBase, { defaultApiKey: 'vcs_test_demo_paid' }),
);

async function firstProject(): Promise<{ id: string; name: string }> {
  const response = await fetch(`${apiBase}/projects?limit=1`);
  const body = (await response.json()) as { projects: { id: string; name: string }[] };
  return body.projects[0]!;
}

describe('ProjectPage', () => {
  it('shows every project field, and the sections the route composes in', async () => {
    const project = await firstProject();
    renderWithProviders(
      <ProjectPage projectId={project.id} actions={<button type="button">Slot action</button>}>
        <section aria-label="Slot section" />
      </ProjectPage>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: project.name })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Slot action' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Slot section' })).toBeInTheDocument();
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
