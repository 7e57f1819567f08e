import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createHandlers } from '@mocks/handlers/create-handlers.ts';
import { createSimulator } from '@mocks/simulator.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { ClipBatchPage } from './clip-batch-page.tsx';
import { setupTestServer } from '@/test/msw-server.ts';

const apiBase = `${window.location.origin}/api/v1`;
const simulator = createSimulator({ seed: 11 });
const server = setupTestServer(
  ...createHandlers(simulator, apiBase, { defaultApiKey: 'vcs_test_demo_paid' }),
);

/** The seeded batch: a record with the clips it made. */
function seededBatch(): { id: string; clipIds: string[] } {
  const [entry] = simulator.store.workspace('org_demo').clipBatches.entries();
  if (!entry) throw new Error('The seed has no clip batch');
  const record = entry[1].batch as { clip_ids: string[] };
  return { id: entry[0], clipIds: record.clip_ids };
}

describe('ClipBatchPage', () => {
  it('shows the batch record and a card for each of its clips', async () => {
    const batch = seededBatch();
    expect(batch.clipIds.length).toBeGreaterThan(0);
    renderWithProviders(<ClipBatchPage batchId={batch.id} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Clip batch' })).toBeVisible();
    const record = screen.getByRole('region', { name: 'Batch record' });
    expect(within(record).getByText('Status')).toBeInTheDocument();
    expect(within(record).getByText('complete')).toBeInTheDocument();
    expect(within(record).getByText('Clip ids')).toBeInTheDocument();
    expect(
      within(record).getByRole('link', { name: 'See the batch’s source with its clips' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: `Clips in this batch (${batch.clipIds.length})` }),
    ).toBeVisible();
    const clips = screen.getByRole('list', { name: 'Batch clips' });
    expect(
      await within(clips).findAllByRole('article', undefined, { timeout: 5_000 }),
    ).toHaveLength(Math.min(24, batch.clipIds.length));
  });

  it('says a batch that does not exist was not found, with the service’s words', async () => {
    renderWithProviders(<ClipBatchPage batchId="123e4567-e89b-42d3-a456-426614174000" />);
    expect(await screen.findByText(/No clip batch 123e4567/)).toBeInTheDocument();
  });

  it('reads the batch’s clips from its asset’s list, not one request per clip', async () => {
    const batch = seededBatch();
    const paths: string[] = [];
    const count = ({ request }: { request: Request }) => {
      paths.push(new URL(request.url).pathname);
    };
    server.events.on('request:start', count);
    try {
      renderWithProviders(<ClipBatchPage batchId={batch.id} />);
      const clips = await screen.findByRole('list', { name: 'Batch clips' });
      expect(
        await within(clips).findAllByRole('article', undefined, { timeout: 5_000 }),
      ).toHaveLength(Math.min(24, batch.clipIds.length));
    } finally {
      server.events.removeListener('request:start', count);
    }
    expect(paths.filter((path) => path === '/api/v1/clips').length).toBeGreaterThan(0);
    expect(paths.filter((path) => path.startsWith('/api/v1/clips/'))).toEqual([]);
  });

  it('reads a clip the asset’s list does not hold on its own, and says when it cannot be loaded', async () => {
    const batch = seededBatch();
    const missing = batch.clipIds[0]!;
    // The clip is gone (deleted with its project, say); the batch record still names it.
    const workspace = simulator.store.workspace('org_demo');
    const index = workspace.clips.findIndex((clip) => clip.clip_id === missing);
    const [removed] = workspace.clips.splice(index, 1);
    try {
      renderWithProviders(<ClipBatchPage batchId={batch.id} />);
      expect(
        await screen.findByText(new RegExp(`Clip ${missing} could not be loaded: No clip`)),
      ).toBeInTheDocument();
      const clips = screen.getByRole('list', { name: 'Batch clips' });
      expect(within(clips).getAllByRole('article')).toHaveLength(
        Math.min(24, batch.clipIds.length) - 1,
      );
    } finally {
      if (removed) workspace.clips.splice(index, 0, removed);
    }
  });
});
