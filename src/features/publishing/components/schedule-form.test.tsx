/**
 * The scheduler on the simulator's handlers (msw): a refusal the service answers itself (a 400
 * naming its field) is shown with the field as the form labels it, and nothing of the draft is lost.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '@mocks/handlers/create-handlers.ts';
import { createSimulator } from '@mocks/simulator.ts';
import { API_BASE_URL } from '@/api/client.ts';
import type { Export } from '@/api/schema.gen.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { ScheduleForm } from './schedule-form.tsx';

const simulator = createSimulator({ seed: 7 });
const server = setupServer(
  ...createHandlers(simulator, API_BASE_URL, { defaultApiKey: 'vcs_test_demo_paid' }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

async function liveExport(): Promise<{ projectId: string; exportId: string }> {
  const projects = (await (await fetch(`${API_BASE_URL}/projects?limit=50`)).json()) as {
    projects: Array<{ id: string; name: string }>;
  };
  const projectId = projects.projects.find((p) => p.name === 'Delivery check - short cut')!.id;
  const list = (await (
    await fetch(`${API_BASE_URL}/projects/${projectId}/exports?limit=50`)
  ).json()) as { exports: Export[] };
  const live = list.exports.find(
    (item) => item.status === 'complete' && Date.parse(item.expires_at ?? '') > Date.now(),
  )!;
  return { projectId, exportId: live.export_id };
}

describe('ScheduleForm', () => {
  it('names the field a 400 refuses as the form labels it, keeping what was typed', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(`${API_BASE_URL}/publishing/shortform/schedule`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'invalid_request',
              message: 'The platform needs at least 15 minutes to prepare a scheduled post.',
              param: 'scheduled_for',
              doc_url: '',
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { projectId, exportId } = await liveExport();
    renderWithProviders(
      <ScheduleForm
        organizationId="org_demo"
        initialProjectId={projectId}
        initialExportId={exportId}
        onScheduled={() => {}}
      />,
    );
    const form = await screen.findByRole('form', { name: 'Schedule a post' });
    const account = within(form).getByLabelText('Account');
    await waitFor(() =>
      expect(within(account).getByRole('option', { name: /@cutroom\.studio/ })).toBeInTheDocument(),
    );
    await user.selectOptions(
      account,
      within(account).getByRole('option', { name: /@cutroom\.studio/ }),
    );
    await waitFor(() => expect(within(form).getByLabelText('Export')).toHaveValue(exportId));
    await user.type(within(form).getByLabelText('Caption'), 'Launch day');
    await user.click(within(form).getByRole('button', { name: 'Schedule post' }));

    const alert = await within(form).findByText('Check “Date and time”.');
    expect(alert.closest('[role="alert"]')).toHaveTextContent(
      'The platform needs at least 15 minutes to prepare a scheduled post.',
    );
    expect(within(form).getByLabelText('Caption')).toHaveValue('Launch day');
  });
});
