/** The filters stay in a row on a desk and fold into a sheet on a phone. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FilterSheet } from './filter-sheet.tsx';
import { SelectField } from './select-field.tsx';

function Filters() {
  const [order, setOrder] = useState<'oldest' | 'newest'>('oldest');
  return (
    <>
      <FilterSheet label="Filters and order" summary={`${order} first`}>
        <SelectField<'oldest' | 'newest'>
          label="Order"
          value={order}
          options={[
            ['oldest', 'Oldest first'],
            ['newest', 'Newest first'],
          ]}
          onChange={setOrder}
        />
      </FilterSheet>
      <p>Showing {order} first</p>
    </>
  );
}

const screenIs = (wide: boolean) =>
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: wide, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );

beforeAll(() => {
  // jsdom has <dialog> without its modal methods: open and close it as the browser would.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(() => vi.unstubAllGlobals());

describe('FilterSheet', () => {
  it('shows the filters in a row on a desk', () => {
    screenIs(true);
    render(<Filters />);
    const group = screen.getByRole('group', { name: 'Filters and order' });
    expect(within(group).getByLabelText('Order')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Filters and order/ })).toBeNull();
  });

  it('on a phone, says what is chosen and opens the filters in a sheet that applies at once', async () => {
    screenIs(false);
    const user = userEvent.setup();
    render(<Filters />);
    expect(screen.queryByLabelText('Order')).toBeNull();
    const opener = screen.getByRole('button', { name: /Filters and order\s*oldest first/ });
    await user.click(opener);
    const sheet = screen.getByRole('dialog', { name: 'Filters and order' });
    await user.selectOptions(within(sheet).getByLabelText('Order'), 'newest');
    expect(screen.getByText('Showing newest first')).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Show results' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: /newest first/ })).toHaveFocus();
  });
});
