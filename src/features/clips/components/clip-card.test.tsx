import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { clipAt } from '../model/test-clips.ts';
import type { Clip } from '@/api/schema.gen.ts';
import { ClipCard } from './clip-card.tsx';

const preview =
  'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E';

function card(clip: Clip) {
  renderWithProviders(
    <ul>
      <ClipCard clip={clip} />
    </ul>,
  );
  return screen.findByRole('article');
}

describe('ClipCard', () => {
  it('shows status and step, the applied suggestion’s title and hook, window, QA score, layout, captions, export and the QA preview', async () => {
    const clip: Clip = {
      ...clipAt('c1', [65, 100], { status: 'ready', score: 0.9 }),
      layout: { applied_mode: 'full_camera' },
      captions: { enabled: true, status: 'complete' },
      qa: { status: 'passed', score: 0.93, preview_urls: [preview] },
      export: { status: 'not_started' },
    };
    const article = await card(clip);
    const text = article.textContent ?? '';
    expect(text).toContain('Ready');
    expect(text).toContain('Step 6 of 7: Ready');
    expect(within(article).getByRole('link', { name: 'Moment s-c1' })).toBeTruthy();
    expect(text).toContain('“Hook s-c1”');
    expect(text).toContain('Window: 1:05–1:40 (35 s)');
    expect(text).toContain('QA score: 0.93');
    expect(text).toContain('Layout: full camera');
    expect(text).toContain('Captions: complete');
    expect(text).toContain('Export: not started');
    expect(within(article).getByRole('img', { name: 'QA preview of Moment s-c1' })).toBeTruthy();
  });

  it('says where a stopped clip stopped and how many fix steps it has, in words', async () => {
    const clip: Clip = {
      ...clipAt('c2', [0, 30], { status: 'needs_repair' }),
      blocking_error: {
        step: 'qa',
        code: 'speaker_not_framed',
        message: 'QA found the speaker cut off.',
        how_to_fix: ['Retry with the full-frame camera layout.'],
        retryable: true,
      },
    };
    const article = await card(clip);
    const text = article.textContent ?? '';
    expect(text).toContain('Stopped at step 5 of 7: Quality check');
    expect(text).toContain('QA found the speaker cut off. (1 fix step inside)');
  });
});
