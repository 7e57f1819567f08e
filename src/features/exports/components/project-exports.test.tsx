/**
 * A project’s exports on the simulator’s handlers (msw): the list, the error state, and a
 * still that cannot be loaded (lapsed or unreachable) shown as such instead of a broken image.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createHandlers } from '@mocks/handlers/create-handlers.ts';
import { createSimulator } from '@mocks/simulator.ts';
import { API_BASE_URL } from '@/api/client.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { ProjectExports } from './project-exports.tsx';
import { setupTestServer } from '@/test/msw-server.ts';

const simulator = createSimulator({ seed: 7 });
const server = setupTestServer(
  ...createHandlers(simulator, API_BASE_URL, { defaultApiKey: 'vcs_test_demo_paid' }),
);

async function projectIdOf(name: string): Promise<string> {
  const response = await fetch(`${API_BASE_URL}/projects?limit=50`);
  const { projects } = (await response.json()) as { projects: Array<{ id: string; name: string }> };
  return projects.find((project) => project.name === name)!.id;
}

describe('ProjectExports', () => {
  it('shows “Preview unavailable” when an export’s still cannot be loaded', async () => {
    renderWithProviders(
      <ProjectExports projectId={await projectIdOf('Delivery check - short cut')} />,
    );
    const table = await screen.findByRole('table');
    const stills = within(table).getAllByRole('img');
    expect(stills.length).toBeGreaterThan(1);
    fireEvent.error(stills[0]!);
    expect(await within(table).findByText('Preview unavailable')).toBeInTheDocument();
    // Only that one: the others still show, and the frame and rationale stay.
    expect(within(table).getAllByRole('img')).toHaveLength(stills.length - 1);
    expect(within(table).getAllByText(/^Frame \d+/)).toHaveLength(stills.length);
  });

  it('says what went wrong when the exports cannot be loaded', async () => {
    server.use(
      http.get(`${API_BASE_URL}/projects/:projectId/exports`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'forbidden',
              message: 'This key cannot read exports.',
              param: '',
              doc_url: '',
            },
          },
          { status: 403 },
        ),
      ),
    );
    renderWithProviders(<ProjectExports projectId="p1" />);
    expect(await screen.findByText('Your key does not allow this')).toBeInTheDocument();
    expect(screen.getByText(/This key cannot read exports\./)).toBeInTheDocument();
  });
});
