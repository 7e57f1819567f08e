import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '@mocks/handlers/create-handlers.ts';
import { createSimulator } from '@mocks/simulator.ts';
import type { DeletionTarget } from '@/shared-rules/deletion-plan.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { DeletionFlow } from './deletion-flow.tsx';

// The simulator's handlers hold the happy paths; each error case is added with server.use().
const apiBase = `${window.location.origin}/api/v1`;
const simulator = createSimulator({ seed: 11 });
const server = setupServer(
  ...createHandlers(simulator, apiBase, { defaultApiKey: 'vcs_test_demo_paid' }),
);
const BATCH_DELETE = `${apiBase}/workspace/media/assets/batch-delete`;

interface Sent {
  body: Record<string, unknown>;
  key: string | null;
}

/** Records every batch-delete request (body and Idempotency-Key), then lets it through. */
function recordDeletes(): Sent[] {
  const sent: Sent[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method !== 'POST' || request.url !== BATCH_DELETE) return;
    void request
      .clone()
      .json()
      .then((body: Record<string, unknown>) =>
        sent.push({ body, key: request.headers.get('idempotency-key') }),
      );
  });
  return sent;
}

const workspace = () => simulator.store.workspace('org_demo');

function assetTarget(count: number): DeletionTarget {
  const assets = workspace().assets.slice(0, count);
  return {
    kind: 'assets',
    mode: 'selection',
    ids: assets.map((asset) => asset.id),
    names: Object.fromEntries(assets.map((asset) => [asset.id, asset.name])),
  };
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
});
afterAll(() => server.close());

async function runDryRun(user: ReturnType<typeof userEvent.setup>, reason = 'old test media') {
  await user.type(await screen.findByLabelText('Reason (kept in the audit log)'), reason);
  await user.click(screen.getByRole('button', { name: 'Run dry run' }));
  return screen.findByRole('region', { name: 'Dry run' });
}

describe('DeletionFlow', () => {
  it('refuses a short reason before sending anything', async () => {
    const sent = recordDeletes();
    const user = userEvent.setup();
    renderWithProviders(<DeletionFlow target={assetTarget(2)} onClose={() => undefined} />);
    await runDryRun(user, 'ok').catch(() => undefined);
    expect(screen.getByText('Give a reason of at least 3 characters.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Dry run' })).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('stops the confirm when the selection changed since the dry run, deleting nothing', async () => {
    const sent = recordDeletes();
    const user = userEvent.setup();
    const target = assetTarget(3);
    renderWithProviders(<DeletionFlow target={target} onClose={() => undefined} />);
    const review = await runDryRun(user);
    expect(
      within(review).getByRole('heading', { name: 'Dry run: 3 assets would be deleted' }),
    ).toBeInTheDocument();
    // Someone else deletes one of them before the confirm.
    const gone = target.kind === 'assets' && target.mode === 'selection' ? target.ids[0] : '';
    workspace().assets = workspace().assets.filter((asset) => asset.id !== gone);
    await user.type(within(review).getByLabelText('Type 3 to confirm'), '3');
    await user.click(within(review).getByRole('button', { name: 'Delete 3 assets' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^The selection changed since the dry run, 1 gone.*\. Nothing was deleted: review the new dry run/,
    );
    expect(sent.some((request) => request.body.confirm_delete === true)).toBe(false);
    expect(
      screen.getByRole('heading', { name: 'Dry run: 2 assets would be deleted' }),
    ).toBeInTheDocument();
    expect(
      workspace().assets.filter(
        (asset) =>
          target.kind === 'assets' && target.mode === 'selection' && target.ids.includes(asset.id),
      ),
    ).toHaveLength(2);
  });

  it('sends more than 100 ids in batches of 100, each under its own key kept across a retry', async () => {
    const sent = recordDeletes();
    const user = userEvent.setup();
    // 150 assets of their own in the workspace.
    const now = new Date().toISOString();
    const ids = Array.from({ length: 150 }, () => crypto.randomUUID());
    workspace().assets.push(
      ...ids.map((id, index) => ({
        id,
        name: `bulk-${String(index).padStart(3, '0')}.mp4`,
        kind: 'video' as const,
        folder_id: null,
        size_bytes: 1000,
        duration_seconds: 10,
        thumbnail_url: null,
        linked_project_ids: [],
        created_at: now,
        updated_at: now,
      })),
    );
    // The first confirm of the second batch fails with a 503: the retry must reuse its key.
    let failedOnce = false;
    server.use(
      http.post(BATCH_DELETE, async ({ request }) => {
        const body = (await request.clone().json()) as { confirm_delete?: boolean; ids?: string[] };
        if (body.confirm_delete && body.ids?.length === 50 && !failedOnce) {
          failedOnce = true;
          return HttpResponse.json(
            { error: { code: 'unavailable', message: 'try again' } },
            { status: 503 },
          );
        }
        return undefined;
      }),
    );
    renderWithProviders(
      <DeletionFlow
        target={{ kind: 'assets', mode: 'selection', ids, names: {} }}
        onClose={() => undefined}
      />,
    );
    const review = await runDryRun(user);
    expect(within(review).getByRole('list', { name: 'Batches' })).toHaveTextContent(
      'Batch 1 of 2:',
    );
    const count = 150;
    await user.type(within(review).getByLabelText(`Type ${count} to confirm`), String(count));
    await user.click(within(review).getByRole('button', { name: `Delete ${count} assets` }));
    expect(
      await screen.findByText(`Deleted ${count} of ${count} assets.`, {}, { timeout: 8000 }),
    ).toBeInTheDocument();

    await waitFor(() => expect(sent.filter((r) => r.body.confirm_delete === true)).toHaveLength(3));
    const confirms = sent.filter((request) => request.body.confirm_delete === true);
    expect(sent.every((request) => (request.body.ids as string[]).length <= 100)).toBe(true);
    // Batch 1, batch 2 (503), batch 2 again: the retry carries the same key, the batches differ.
    expect(confirms.map((request) => (request.body.ids as string[]).length)).toEqual([100, 50, 50]);
    expect(confirms[1]?.key).toBe(confirms[2]?.key);
    expect(confirms[0]?.key).not.toBe(confirms[1]?.key);
    const left = new Set(workspace().assets.map((asset) => asset.id));
    expect(ids.filter((id) => left.has(id))).toEqual([]);
  }, 20_000);
});
