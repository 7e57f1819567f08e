import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SelectField } from './select-field.tsx';

function Picker({ onChange }: { onChange(value: string): void }) {
  const [value, setValue] = useState('');
  return (
    <SelectField
      label="Account"
      value={value}
      placeholder="Choose an account"
      options={[
        ['a1', 'Main account'],
        ['a2', 'Second account'],
      ]}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    >
      <p>Inline note</p>
    </SelectField>
  );
}

describe('SelectField', () => {
  it('is a labelled combobox with a placeholder first, and reports the chosen value', async () => {
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Account' });
    expect(select).toHaveValue('');
    expect(
      screen
        .getAllByRole('option')
        .map((option) => [option.getAttribute('value'), option.textContent]),
    ).toEqual([
      ['', 'Choose an account'],
      ['a1', 'Main account'],
      ['a2', 'Second account'],
    ]);
    await userEvent.selectOptions(select, 'Second account');
    expect(onChange).toHaveBeenLastCalledWith('a2');
    expect(select).toHaveValue('a2');
    expect(screen.getByText('Inline note')).toBeInTheDocument();
  });

  it('has no empty option without a placeholder, and passes disabled on', () => {
    render(
      <SelectField<'top' | 'bottom'>
        label="Position"
        value="bottom"
        disabled
        options={[
          ['top', 'Top'],
          ['bottom', 'Bottom'],
        ]}
        onChange={() => {}}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Position' });
    expect(select).toBeDisabled();
    expect(select).toHaveValue('bottom');
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });
});
