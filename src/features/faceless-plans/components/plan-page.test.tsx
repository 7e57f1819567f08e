import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHandlers } from '@mocks/handlers/create-handlers.ts';
import { createSimulator } from '@mocks/simulator.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { draftStorageKey } from '../plan-draft.ts';
import { PlanPage } from './plan-page.tsx';
import type { FacelessPlanRevision } from '@/api/schema.gen.ts';

const apiBase = `${window.location.origin}/api/v1`;
const simulator = createSimulator({ seed: 11 });
const server = setupServer(
  ...createHandlers(simulator, apiBase, { defaultApiKey: 'vcs_test_demo_paid' }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

async function lighthouse(
  status: string,
): Promise<{ projectId: string; revision: FacelessPlanRevision }> {
  const { projects } = (await (await fetch(`${apiBase}/projects?limit=50`)).json()) as {
    projects: { id: string; name: string }[];
  };
  const projectId = projects.find((p) => p.name === 'Faceless: The Lighthouse Keeper')?.id ?? '';
  const { revisions } = (await (
    await fetch(`${apiBase}/projects/${projectId}/faceless/plans`)
  ).json()) as { revisions: FacelessPlanRevision[] };
  const revision = revisions.find((candidate) => candidate.status === status);
  if (!revision) throw new Error(`no ${status} revision`);
  return { projectId, revision };
}

describe('PlanPage', () => {
  it('keeps the draft and one Idempotency-Key when every attempt to send fails', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { projectId, revision } = await lighthouse('assets_ready');
    localStorage.setItem(
      draftStorageKey(projectId, revision.id),
      JSON.stringify({ changes: { scenes: [{ index: 2, imagePrompt: 'a lamp-lit logbook' }] } }),
    );
    const keys: string[] = [];
    server.use(
      http.post(
        `${apiBase}/projects/:projectId/faceless/plans/:revisionId/revise`,
        ({ request }) => {
          keys.push(request.headers.get('Idempotency-Key') ?? '');
          return HttpResponse.json(
            { error: { code: 'internal_error', message: 'The planner store is down.' } },
            { status: 500 },
          );
        },
      ),
    );
    renderWithProviders(
      <PlanPage projectId={projectId} revisionId={revision.id} search={{ tab: 'overview' }} />,
    );
    const draft = await screen.findByRole('region', { name: /Unsent draft: 1 change/ });
    expect(draft).toHaveTextContent('Makes stale: the keyframes and QA of scene 3.');
    expect(draft).toHaveTextContent('Credit change: 7 credits');
    await userEvent.click(within(draft).getByRole('button', { name: 'Review and send' }));
    const dialog = screen.getByRole('dialog', { name: /Create a new revision/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create revision' }));
    const alert = await within(dialog).findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('The video service had a problem');
    expect(alert).toHaveTextContent('Your draft is kept.');
    // The first try and three retries, all under the intent's one key.
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
    const stored = JSON.parse(
      localStorage.getItem(draftStorageKey(projectId, revision.id)) ?? '{}',
    );
    expect(stored.changes.scenes[0].imagePrompt).toBe('a lamp-lit logbook');
    expect(stored.intent.key).toBe(keys[0]);

    // Sending again is the same intent: the same key.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create revision' }));
    await waitFor(() => expect(keys).toHaveLength(8), { timeout: 5000 });
    expect(new Set(keys).size).toBe(1);
  });

  it('explains a refused approval and shows the revision as it now is', async () => {
    const { projectId, revision } = await lighthouse('draft');
    server.use(
      http.post(`${apiBase}/projects/:projectId/faceless/plans/:revisionId/approve`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'invalid_transition',
              message: `Revision ${revision.revision} is plan_approved; its plan can be approved only while it is draft.`,
              param: 'stage',
            },
          },
          { status: 409 },
        ),
      ),
    );
    renderWithProviders(
      <PlanPage projectId={projectId} revisionId={revision.id} search={{ tab: 'overview' }} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Approve plan' }));
    const dialog = screen.getByRole('dialog', { name: /Approve the plan of revision/ });
    expect(dialog).toHaveTextContent('keyframes with QA for scene 3');
    expect(dialog).toHaveTextContent('This will spend 7 credits.');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Approve and spend 7 credits' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This approval is no longer possible');
    expect(alert).toHaveTextContent('can be approved only while it is draft');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows every overview field, and the story kit’s locations and characters with their reference images', async () => {
    const { projectId, revision } = await lighthouse('complete');
    renderWithProviders(
      <PlanPage projectId={projectId} revisionId={revision.id} search={{ tab: 'overview' }} />,
    );
    await screen.findByRole('heading', { name: 'Production' });
    const value = (label: string) => {
      const term = screen.getByText(label, { selector: 'dt' });
      return term.nextElementSibling?.textContent;
    };
    expect(value('Production profile')).toBe('dramatic_vertical_v1');
    expect(value('Visual mode')).toBe('generated_only');
    expect(value('Planner model')).toBe('planner-large-2025-06');
    expect(value('Image model')).toBe('image-xl-3');
    expect(value('Video model')).toBe('video-motion-2');
    expect(value('Voice')).toBe(revision.plan?.voiceId);
    expect(value('Captions')).toBe('Yes');
    expect(value('Caption style')).toBe('bold-pop');
    expect(value('Background music')).toBe('Yes');
    expect(value('Sound effects')).toMatch(/^(Yes|No)$/);
    const style = screen.getByRole('region', { name: 'Style anchor' });
    expect(style).toHaveTextContent(revision.plan?.styleAnchorPrompt ?? '-');
    expect(screen.getByRole('region', { name: 'Script' })).toHaveTextContent(
      'Every night for eleven winters, Mara lit the lamp.',
    );
    const kit = screen.getByRole('region', { name: 'Story kit: The Lighthouse Keeper' });
    expect(kit).toHaveTextContent('The lighthouse was built in 1887.');
    expect(kit).toHaveTextContent('A granite tower on a storm-beaten rock.');
    // Each location's reference image, loaded as a media asset.
    const references = within(kit).getByRole('list', { name: 'References of The cove' });
    expect(
      await within(references).findByRole('img', { name: 'Reference 1 of The cove' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    // The characters of the kit, the primary reference marked.
    const mara = within(kit).getByRole('list', { name: 'References of Mara Quinn' });
    expect(within(mara).getAllByRole('listitem')).toHaveLength(2);
    expect(within(mara).getByRole('listitem', { name: /\(primary\)$/ })).toHaveTextContent(
      'Primary',
    );
    expect(kit).toHaveTextContent('Keeper of Gannet Rock for eleven winters.');
  });
});
