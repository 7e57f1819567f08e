/**
 * The styler's field controls on their own: what is checked before anything is sent (the reason
 * shown on the field), Enter commits and Escape drops a draft, the brand's swatches and fonts
 * offered first with their labels, "Mixed" and loading states.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { paletteOf } from '../model/palette.ts';
import { SETTINGS_FIELDS } from '../model/style-fields.ts';
import { fixtureBrand, fixtureFonts } from '../testing/caption-fixtures.ts';
import {
  ColorField,
  FontField,
  NumberSliderField,
  ShadowField,
  ToggleField,
} from './style-controls.tsx';

const fontSize = SETTINGS_FIELDS.find((field) => field.key === 'fontSize')!;
const groups = paletteOf(fixtureBrand(), { color: '#ffffff' }, fixtureFonts()).groups;

function colorField(props: Partial<Parameters<typeof ColorField>[0]> = {}) {
  const onCommit = vi.fn((_value: string): string | null => null);
  const onPreview = vi.fn();
  render(
    <ColorField
      label="Colour"
      value="#ffffff"
      swatches={groups}
      onPreview={onPreview}
      onCommit={onCommit}
      {...props}
    />,
  );
  return { onCommit, onPreview, hex: screen.getByRole('textbox', { name: 'Colour (hex)' }) };
}

describe('ColorField', () => {
  it('refuses a colour that is not one, on the field, and sends nothing', async () => {
    const { onCommit, hex } = colorField();
    await userEvent.clear(hex);
    await userEvent.type(hex, 'reddish{Enter}');
    expect(hex).toHaveAttribute('aria-invalid', 'true');
    expect(hex).toHaveAccessibleDescription(/Enter a colour as #RRGGBB/);
    expect(onCommit).not.toHaveBeenCalled();
  });

  it('commits a typed hex on Enter (normalised), and Escape drops a draft', async () => {
    const { onCommit, hex } = colorField();
    await userEvent.clear(hex);
    await userEvent.type(hex, 'FF00AA{Enter}');
    expect(onCommit).toHaveBeenCalledWith('#ff00aa');
    await userEvent.clear(hex);
    await userEvent.type(hex, '123456{Escape}');
    expect(hex).toHaveValue('#ffffff');
    expect(onCommit).toHaveBeenCalledTimes(1);
  });

  it('shows why the editor refused a value', async () => {
    const { hex } = colorField({ onCommit: () => 'Select a word first.' });
    await userEvent.clear(hex);
    await userEvent.type(hex, '#000000{Enter}');
    expect(hex).toHaveAccessibleDescription('Select a word first.');
  });

  it('offers the brand’s colours first, then the project’s, each group labelled', async () => {
    const { onCommit } = colorField();
    const brand = screen.getByRole('group', { name: 'Colour: Northwind Coffee brand colours' });
    const project = screen.getByRole('group', { name: 'Colour: colours of this project' });
    expect(brand.compareDocumentPosition(project) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(brand).getByText('Brand')).toBeVisible();
    // By keyboard: Tab to the first brand swatch, Enter uses it.
    within(brand).getByRole('button', { name: 'Use Primary (#1e40af) for colour' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onCommit).toHaveBeenLastCalledWith('#1e40af');
    await userEvent.click(within(project).getByRole('button', { name: /caption colour/ }));
    expect(onCommit).toHaveBeenLastCalledWith('#ffffff');
  });

  it('says "Mixed" when the selected words differ, and "default" when unset', () => {
    colorField({ value: null, swatches: [] });
    expect(screen.getByRole('textbox', { name: 'Colour (hex)' })).toHaveAttribute(
      'placeholder',
      'Mixed',
    );
    expect(screen.queryByRole('group', { name: /brand colours/ })).toBeNull();
  });

  it('previews while the picker moves and commits when it is released', () => {
    const { onPreview, onCommit } = colorField();
    const picker = screen.getByLabelText('Colour picker');
    fireEvent.input(picker, { target: { value: '#00ff00' } });
    expect(onPreview).toHaveBeenCalledWith('#00ff00');
    fireEvent.change(picker, { target: { value: '#00ff00' } });
    expect(onCommit).toHaveBeenCalledWith('#00ff00');
  });
});

describe('NumberSliderField', () => {
  function setup(value: number | null = 64) {
    const onCommit = vi.fn((_value: number): string | null => null);
    render(
      <NumberSliderField field={fontSize} value={value} onPreview={vi.fn()} onCommit={onCommit} />,
    );
    return { onCommit, input: screen.getByRole('spinbutton', { name: 'Font size (px)' }) };
  }

  it('checks the contract’s limits before sending, then commits on Enter', async () => {
    const { onCommit, input } = setup();
    await userEvent.clear(input);
    await userEvent.type(input, '999{Enter}');
    expect(input).toHaveAccessibleDescription('Font size is at most 400px.');
    expect(onCommit).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.keyboard('{Enter}');
    expect(input).toHaveAccessibleDescription('Enter a number.');
    await userEvent.type(input, '48{Enter}');
    expect(onCommit).toHaveBeenCalledWith(48);
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('Escape drops what was typed; "Mixed" when the words differ', async () => {
    const { input } = setup(null);
    expect(input).toHaveAttribute('placeholder', 'Mixed');
    await userEvent.type(input, '12{Escape}');
    expect(input).toHaveValue(null);
  });
});

describe('ShadowField', () => {
  it('explains the shadow format, refuses other text and commits a valid one', async () => {
    const onCommit = vi.fn((_value: string): string | null => null);
    render(<ShadowField label="Shadow" value="none" onCommit={onCommit} />);
    const input = screen.getByRole('textbox', { name: 'Shadow' });
    expect(input).toHaveAccessibleDescription('x y blur colour, e.g. 0 2px 8px #000000');
    await userEvent.clear(input);
    await userEvent.type(input, 'big{Enter}');
    expect(input).toHaveAccessibleDescription(/x y blur colour/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onCommit).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, ' 0 2px 8px #000000 {Enter}');
    expect(onCommit).toHaveBeenCalledWith('0 2px 8px #000000');
  });
});

describe('FontField', () => {
  const fonts = fixtureFonts();

  it('says fonts are loading until the list is in', () => {
    render(<FontField label="Font" value="Inter" fonts={[]} onCommit={vi.fn()} />);
    const select = screen.getByRole('combobox', { name: 'Font' });
    expect(select).toBeDisabled();
    expect(within(select).getByRole('option', { name: 'Loading fonts…' })).toBeInTheDocument();
  });

  it('offers the brand’s fonts first; one captions cannot use is shown, not choosable', async () => {
    const onCommit = vi.fn((_value: string): string | null => null);
    render(
      <FontField
        label="Font"
        value="Anton"
        fonts={fonts}
        brandFonts={{
          brandName: 'Northwind Coffee',
          available: ['Inter'],
          unavailable: ['DM Sans'],
        }}
        onCommit={onCommit}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Font' });
    const [brand, display] = within(select).getAllByRole('group');
    expect(brand).toHaveAttribute('label', 'Brand fonts (Northwind Coffee)');
    expect(display).toHaveAttribute('label', 'display');
    expect(within(brand!).getByRole('option', { name: 'Inter' })).toBeEnabled();
    expect(
      within(brand!).getByRole('option', { name: 'DM Sans (not available for captions)' }),
    ).toBeDisabled();
    // Inter is offered once (under the brand), not again under its category.
    expect(within(select).getAllByRole('option', { name: 'Inter' })).toHaveLength(1);
    await userEvent.selectOptions(select, 'Inter');
    expect(onCommit).toHaveBeenCalledWith('Inter');
  });
});

describe('ToggleField', () => {
  it('is mixed when the words differ, and toggles by keyboard', async () => {
    const onCommit = vi.fn((_value: boolean): string | null => null);
    render(<ToggleField label="Keyword" value={null} onCommit={onCommit} />);
    const box = screen.getByRole('checkbox', { name: 'Keyword' });
    expect((box as HTMLInputElement).indeterminate).toBe(true);
    box.focus();
    await userEvent.keyboard(' ');
    expect(onCommit).toHaveBeenCalledWith(true);
  });
});
