import { fireEvent, screen, within } from '@testing-library/react';
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

describe('ClipsLibraryPage, service errors', () => {
  it('names a refused list parameter (400 with param) as the screen labels it', async () => {
    server.use(
      http.get(`${apiBase}/clips`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'invalid_request',
              message: 'limit must be at most 50.',
              param: 'limit',
            },
          },
          { status: 400 },
        ),
      ),
    );
    renderWithProviders(<ClipsLibraryPage search={parseClipSearch({})} />, { path: '/clips' });
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(within(alert).getByRole('heading', { name: 'Check “Clips per page”' })).toBeTruthy();
    expect(alert.textContent).toContain('limit must be at most 50.');
  });

  it('names a refused field of the new clip (400 with param) as the form labels it', async () => {
    server.use(
      http.post(`${apiBase}/clips`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'invalid_request',
              message: 'youtube_url must be a public video.',
              param: 'youtube_url',
            },
          },
          { status: 400 },
        ),
      ),
    );
    renderWithProviders(<ClipsLibraryPage search={parseClipSearch({})} />, { path: '/clips' });
    fireEvent.click((await screen.findAllByRole('button', { name: 'New clip' }))[0]!);
    const panel = screen.getByRole('region', { name: 'New clip' });
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Video address' }), {
      target: { value: 'https://youtu.be/abcdefghijk' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Preview' }));
    fireEvent.click(
      await within(panel).findByRole('button', { name: 'Create clip' }, { timeout: 5_000 }),
    );
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('Check “Video address”');
    expect(alert.textContent).toContain('youtube_url must be a public video.');
  });

  it('says a total the service stopped counting (bounds.truncated) in words, on the list and the counts', async () => {
    server.use(
      http.get(`${apiBase}/clips`, ({ request }) => {
        const limit = Number(new URL(request.url).searchParams.get('limit') ?? 24);
        return HttpResponse.json({
          clips: [],
          bounds: { limit, offset: 0, total: 10_000, returned: 0, has_more: true, truncated: true },
        });
      }),
    );
    renderWithProviders(<ClipsLibraryPage search={parseClipSearch({ status: ['failed'] })} />, {
      path: '/clips',
    });
    const summary = await screen.findByText(/At least 10000 clips failed/, {}, { timeout: 5_000 });
    expect(summary.textContent).toContain(
      'The service stopped counting; narrow the filters to see an exact total.',
    );
    // (jsdom joins the label's parts without the space a browser puts between them)
    expect(await screen.findByRole('checkbox', { name: /^Failed ?\(10000\+\)$/ })).toBeTruthy();
  });
});
