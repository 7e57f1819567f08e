import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '@mocks/handlers/create-handlers.ts';
import { createSimulator } from '@mocks/simulator.ts';
import { queryKeys } from '@/api/query-keys.ts';
import type { components } from '@/api/schema.gen.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { ReviewCountBadge } from './review-count-badge.tsx';

const apiBase = `${window.location.origin}/api/v1`;
const simulator = createSimulator({ seed: 11 });
simulator.stop();
const server = setupServer(
  ...createHandlers(simulator, apiBase, { defaultApiKey: 'vcs_test_demo_paid' }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
});
afterAll(() => server.close());

type ListResponse = components['schemas']['FacelessPlanWorkspaceListResponse'];

async function waiting() {
  const query = 'status=draft&status=assets_ready&status=failed&limit=100';
  return ((await (await fetch(`${apiBase}/faceless/plans?${query}`)).json()) as ListResponse).plans;
}

describe('the navigation count', () => {
  it('counts what waits, and follows the plan review’s own approvals and revisions at once', async () => {
    const plans = await waiting();
    const draft = plans.find((entry) => entry.revision.status === 'draft');
    if (!draft) throw new Error('no draft');
    // Failed runs revised since do not wait.
    const count = plans.filter(
      (entry) =>
        entry.revision.status !== 'failed' || entry.latest_revision === entry.revision.revision,
    ).length;
    const lists: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/faceless/plans')) lists.push(url.search);
    });
    const { queryClient } = renderWithProviders(<ReviewCountBadge />);
    expect(
      await screen.findByText(`: ${count} waiting`, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    // One number read, not the queue's revisions with their plans.
    expect(lists).toEqual(['?waiting=true&limit=0&offset=0']);

    // The plan review approves the draft's plan (its cache gets the service's answer).
    const approved = await (
      await fetch(
        `${apiBase}/projects/${draft.project.id}/faceless/plans/${draft.revision.id}/approve`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ stage: 'plan' }),
        },
      )
    ).json();
    queryClient.setQueryData(
      queryKeys.plans.revision(draft.project.id, draft.revision.id),
      approved,
    );
    expect(await screen.findByText(`: ${count - 1} waiting`)).toBeInTheDocument();

    // The plan review creates a revision: the queue reads itself again and counts it.
    const created = await (
      await fetch(
        `${apiBase}/projects/${draft.project.id}/faceless/plans/${draft.revision.id}/revise`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        },
      )
    ).json();
    queryClient.setQueryData(
      queryKeys.plans.revision(draft.project.id, String(created.id)),
      created,
    );
    await waitFor(() => expect(screen.getByText(`: ${count} waiting`)).toBeInTheDocument(), {
      timeout: 10_000,
    });
  });

  it('counts the queue’s rows, read project by project, when the service lacks the workspace list', async () => {
    const plans = await waiting();
    const count = plans.filter(
      (entry) =>
        entry.revision.status !== 'failed' || entry.latest_revision === entry.revision.revision,
    ).length;
    server.use(
      http.get(`${apiBase}/faceless/plans`, () =>
        HttpResponse.json(
          { error: { type: 'not_found', code: 'not_found', message: 'No such route.' } },
          { status: 404 },
        ),
      ),
    );
    renderWithProviders(<ReviewCountBadge />);
    expect(
      await screen.findByText(`: ${count} waiting`, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
