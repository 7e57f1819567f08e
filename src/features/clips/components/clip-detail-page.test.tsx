import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createHandlers } from '@mocks/handlers/create-handlers.ts';
import { createSimulator } from '@mocks/simulator.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { setupTestServer } from '@/test/msw-server.ts';
import type { ClipStatus } from '@/api/schema.gen.ts';
import { ClipDetailPage } from './clip-detail-page.tsx';

const apiBase = `${window.location.origin}/api/v1`;
const simulator = createSimulator({ seed: 11 });
setupTestServer(...createHandlers(simulator, apiBase, { defaultApiKey: 'vcs_test_demo_paid' }));

function seeded(status: ClipStatus) {
  const clip = simulator.store
    .workspace('org_demo')
    .clips.find((candidate) => candidate.status === status && candidate.source?.asset_id);
  if (!clip) throw new Error(`The seed has no ${status} clip`);
  return clip;
}

const region = (name: string) => screen.getByRole('region', { name });
const facts = (name: string) => region(name).textContent ?? '';

describe('ClipDetailPage', () => {
  it('shows the source, the ranked selection and why, the window, layout, captions, QA and the stop in words', async () => {
    const clip = seeded('needs_repair');
    renderWithProviders(<ClipDetailPage clipId={clip.clip_id} />);
    await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 });

    for (const label of [
      'Type',
      'Asset',
      'Processing',
      'Attempts',
      'Suitability',
      'Readiness warnings',
      'Suggestions',
    ]) {
      expect(within(region('Source')).getByText(label, { exact: true })).toBeTruthy();
    }
    expect(facts('Source')).toMatch(/complete — \d+ in all, \d+ saved, \d+ drafts/);

    const table = within(region('Selection')).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    const scores = rows.map((row) => Number(within(row).getAllByRole('cell')[1]?.textContent));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(rows.filter((row) => row.textContent?.includes('Chosen'))).toHaveLength(1);
    expect(facts('Selection')).toMatch(/Chosen automatically: the highest score \(0\.\d\d\)/);

    expect(
      within(region('Window in the source')).getByRole('img', { name: /window on a bar/ }),
    ).toBeTruthy();
    expect(facts('Layout')).toMatch(/Requested.*automatic layout.*Applied.*split layout/);
    expect(facts('Layout')).toContain('Used — face tracking lost');
    expect(facts('Layout')).toContain('Face tracking lost for 4.2 s.');
    expect(facts('Captions')).toContain('bold-pop');
    expect(facts('Quality check')).toContain('0.42');
    const issues = within(region('Quality check')).getByRole('list', { name: 'QA issues' });
    expect(within(issues).getAllByRole('listitem')[0]?.textContent).toMatch(
      /^error.*Suggested fix: /,
    );
    expect(within(region('Quality check')).getByRole('img', { name: /QA preview 1/ })).toBeTruthy();
    expect(
      within(region('Quality check')).getByRole('link', { name: 'Visual debug report' }),
    ).toBeTruthy();

    const stop = region('What went wrong');
    expect(within(stop).getByRole('article').textContent).not.toContain('blocking error');
    expect(within(stop).getByText('Quality check', { exact: true })).toBeTruthy();
    expect(within(stop).getByRole('list', { name: 'How to fix' })).toBeTruthy();
    expect(within(stop).getByRole('button', { name: 'Retry with the full-frame camera layout' }));
  });

  it('shows an exported clip’s export with its download links and when they expire', async () => {
    const clip = seeded('exported');
    renderWithProviders(<ClipDetailPage clipId={clip.clip_id} />);
    await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 });
    const exported = region('Export');
    expect(within(exported).getByRole('link', { name: 'Download the clip' })).toBeTruthy();
    expect(within(exported).getByText(clip.export?.export_id ?? 'none')).toBeTruthy();
    expect(await within(exported).findByText(/^Expires .* \(in \d+ h\)$/)).toBeTruthy();
    // A finished clip's status detail reads as where it is: nothing to fix, nothing to retry.
    expect(region('Where the clip is').textContent).toContain(
      'Nothing to retry: the clip is finished.',
    );
  });
});
