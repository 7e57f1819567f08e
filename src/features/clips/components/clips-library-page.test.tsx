import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createHandlers } from '@mocks/handlers/create-handlers.ts';
import { createSimulator } from '@mocks/simulator.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { parseClipSearch } from '../model/clip-search.ts';
import { ClipsLibraryPage } from './clips-library-page.tsx';
import { setupTestServer } from '@/test/msw-server.ts';

const apiBase = `${window.location.origin}/api/v1`;
const simulator = createSimulator({ seed: 11 });
const server = setupTestServer(
  ...createHandlers(simulator, apiBase, { defaultApiKey: 'vcs_test_demo_paid' }),
);

/** A seeded asset with clips: its id and name. */
function assetWithClips(): { id: string; name: string } {
  const workspace = simulator.store.workspace('org_demo');
  const assetId = workspace.clips.find((clip) => clip.source?.asset_id)?.source?.asset_id;
  const asset = workspace.assets.find((record) => record.id === assetId);
  if (!asset) throw new Error('The seed has no clip cut from a media asset');
  return { id: asset.id, name: asset.name };
}

describe('ClipsLibraryPage, an asset past the first page of choices', () => {
  it('names the filtered asset in the filter and on its source, from the asset’s own record', async () => {
    const asset = assetWithClips();
    // A workspace with hundreds of assets: the choices (first 100) do not hold this one.
    server.use(
      http.get(`${apiBase}/workspace/media/assets`, () =>
        HttpResponse.json({ assets: [], total: 0, limit: 100, offset: 0, has_more: false }),
      ),
    );
    renderWithProviders(
      <ClipsLibraryPage search={parseClipSearch({ asset: asset.id, view: 'sources' })} />,
      { path: '/clips' },
    );
    expect(
      await screen.findByRole('region', { name: asset.name }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Source asset' });
    expect(within(select).getByRole('option', { name: asset.name, selected: true })).toBeTruthy();
    expect(screen.queryByText(`Asset ${asset.id}`)).not.toBeInTheDocument();
  });
});
