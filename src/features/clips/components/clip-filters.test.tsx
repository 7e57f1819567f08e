import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ClipFilters } from './clip-filters.tsx';

describe('ClipFilters', () => {
  it('a second status ticked before the URL follows the first adds to it', () => {
    const onChange = vi.fn();
    render(
      <ClipFilters
        status={[]}
        project={undefined}
        asset={undefined}
        counts={undefined}
        projects={[]}
        assets={[]}
        onChange={onChange}
      />,
    );
    // The URL (the status prop) has not changed yet when the second tick comes.
    fireEvent.click(screen.getByRole('checkbox', { name: /^Failed/ }));
    expect(screen.getByRole('checkbox', { name: /^Failed/ })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: /^Needs repair/ }));
    expect(onChange).toHaveBeenLastCalledWith({ status: ['needs_repair', 'failed'], offset: 0 });
  });
});
