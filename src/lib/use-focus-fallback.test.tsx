import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useFocusFallback } from './use-focus-fallback.ts';

function Card({ ended }: { ended: boolean }) {
  const { fallbackRef, controlFocusProps } = useFocusFallback<HTMLDivElement>(ended);
  return (
    <div ref={fallbackRef} tabIndex={-1} aria-label={ended ? 'Job, cancelled' : 'Job, running'}>
      {ended ? null : (
        <button type="button" {...controlFocusProps}>
          Cancel
        </button>
      )}
      <button type="button">Elsewhere</button>
    </div>
  );
}

describe('useFocusFallback', () => {
  it('moves focus to the card when the focused Cancel goes away', async () => {
    const { rerender } = render(<Card ended={false} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    rerender(<Card ended />);
    expect(screen.getByLabelText('Job, cancelled')).toHaveFocus();
  });

  it('leaves focus alone when the user had moved on', async () => {
    const { rerender } = render(<Card ended={false} />);
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    rerender(<Card ended />);
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });
});
