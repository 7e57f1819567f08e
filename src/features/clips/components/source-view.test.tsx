import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { clipAt } from '../model/test-clips.ts';
import { SourceView } from './source-view.tsx';

const HOURS_3 = 3 * 3600;
/** A 3-hour source with 200 clips (every fourth still without a window), scores all distinct. */
const longSource = Array.from({ length: 200 }, (_, i) =>
  clipAt(`clip-${String(i).padStart(3, '0')}`, i % 4 === 3 ? null : [i * 50, i * 50 + 40], {
    asset: 'long',
    duration: HOURS_3,
    score: ((i * 37) % 200) / 200,
  }),
);
const names = new Map([['long', 'Livestream.mp4']]);

const positions = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((row) => Number(row.getAttribute('aria-posinset')));

describe('SourceView, a long source', () => {
  it('draws every clip with a window on the bar and lists a window of rows of all 200', async () => {
    renderWithProviders(<SourceView clips={longSource} sort="position" assetNames={names} />);
    const bar = await screen.findByRole('img', { name: /Clips of Livestream\.mp4 on a bar/ });
    expect(bar.querySelectorAll('[data-clip-id]')).toHaveLength(150);

    const list = screen.getByRole('list', {
      name: 'Clips of Livestream.mp4, in the order they occur',
    });
    expect(list).toHaveAttribute('data-count', '200');
    const rows = within(list).getAllByRole('listitem');
    // The rows the box shows (14) and a few beyond, not 200.
    expect(rows.length).toBeGreaterThanOrEqual(14);
    expect(rows.length).toBeLessThanOrEqual(20);
    expect(rows[0]).toHaveAttribute('aria-setsize', '200');
    expect(positions(list)).toEqual(rows.map((_, i) => i + 1));
    expect(rows[0]).toHaveTextContent('0:00–0:40 (40 s)');
  });

  it('shows the later rows when the list is scrolled', async () => {
    renderWithProviders(<SourceView clips={longSource} sort="position" assetNames={names} />);
    const list = await screen.findByRole('list', { name: /in the order they occur/ });
    const box = list.parentElement!;
    act(() => {
      box.scrollTop = 100 * 36;
      fireEvent.scroll(box);
    });
    expect(await within(list).findByText('101.')).toBeInTheDocument();
    expect(positions(list)).toContain(101);
    expect(positions(list)).not.toContain(1);
  });

  it('orders by score, best first, and says so', async () => {
    renderWithProviders(<SourceView clips={longSource} sort="score" assetNames={names} />);
    const list = await screen.findByRole('list', {
      name: 'Clips of Livestream.mp4, by score, best first',
    });
    const scores = within(list)
      .getAllByRole('listitem')
      .map((row) => Number(/score (\d\.\d\d)/.exec(row.textContent ?? '')?.[1]));
    expect(scores.length).toBeGreaterThan(10);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});
