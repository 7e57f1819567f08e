/**
 * The controls that edit a style field: colour (picker, hex input, the brand's then the project's
 * swatches), number (slider with a numeric input), select, toggle, shadow, font (the brand's
 * first) and emoji. A control shows "Mixed" when the
 * selected words differ. While a slider or the picker is dragged, `onPreview` shows the value at
 * once; releasing it (`onCommit`) saves it as one change. Bad input is explained before anything
 * is sent.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { EMOJI } from '@/caption-painter/caption-painter.ts';
import type { CaptionFont } from '@/api/schema.gen.ts';
import type { BrandFonts, SwatchGroup } from '../model/palette.ts';
import {
  checkNumber,
  checkShadow,
  parseColor,
  pickerValue,
  type FieldSpec,
} from '../model/style-fields.ts';
import { useDraftInput, type Parsed } from './draft-input.ts';

const labelClass = 'text-xs font-medium text-slate-700';
const inputClass =
  'rounded-md border border-slate-300 px-2 py-1 text-sm disabled:bg-slate-100 aria-[invalid]:border-red-500';

/** Listens to the native `change` event (React's onChange fires on every input). */
function useNativeChange(
  ref: React.RefObject<HTMLInputElement | null>,
  handler: (value: string) => void,
) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    const listener = () => latest.current(input.value);
    input.addEventListener('change', listener);
    return () => input.removeEventListener('change', listener);
  }, [ref]);
}

/**
 * What every field control takes: its label, its value (null when the selected words differ,
 * undefined when the default applies) and the commit (returns why it was refused, or null).
 */
interface FieldProps<T> {
  label: string;
  value: T | null | undefined;
  disabled?: boolean | undefined;
  onCommit(value: T): string | null;
}

function Problem({ id, text }: { id: string; text: string | null }) {
  return text ? (
    <p id={id} className="text-xs text-red-700">
      {text}
    </p>
  ) : null;
}

export function ColorField({
  label,
  value,
  swatches = [],
  disabled,
  onPreview,
  onCommit,
}: FieldProps<string> & {
  /** Offered first to last (the brand's first), each group with its label. */
  swatches?: readonly SwatchGroup[];
  onPreview(value: string): void;
}) {
  const picker = useRef<HTMLInputElement>(null);
  const hex = useDraftInput({
    shown: value === null ? '' : (value ?? ''),
    parse: parseColor,
    commit: onCommit,
  });
  useNativeChange(picker, (next) => hex.setProblem(onCommit(next)));
  return (
    <fieldset className="flex flex-col gap-1" disabled={disabled}>
      <legend className={labelClass}>{label}</legend>
      <div className="flex items-center gap-2">
        <input
          ref={picker}
          type="color"
          aria-label={`${label} picker`}
          value={pickerValue(value ?? undefined) ?? '#000000'}
          onChange={(event) => onPreview(event.target.value)}
          className="h-8 w-10 cursor-pointer rounded border border-slate-300 bg-white p-0.5"
        />
        <input
          type="text"
          aria-label={`${label} (hex)`}
          placeholder={value === null ? 'Mixed' : 'Default'}
          {...hex.inputProps}
          className={`${inputClass} w-28 font-mono`}
        />
        {value === undefined ? <span className="text-xs text-slate-500">default</span> : null}
      </div>
      {swatches.map((group) => (
        <div
          key={group.label}
          className="flex flex-wrap items-center gap-1"
          role="group"
          aria-label={`${label}: ${group.description}`}
        >
          <span aria-hidden="true" className="w-20 shrink-0 text-[11px] text-slate-600">
            {group.label}
          </span>
          {group.swatches.map((swatch) => (
            <button
              key={`${swatch.name}-${swatch.color}`}
              type="button"
              title={`${swatch.name} ${swatch.color}`}
              aria-label={`Use ${swatch.name} (${swatch.color}) for ${label.toLowerCase()}`}
              onClick={() => hex.setProblem(onCommit(swatch.color))}
              className="h-5 w-5 rounded border border-slate-400 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
              style={{ background: swatch.color }}
            />
          ))}
        </div>
      ))}
      <Problem id={hex.problemId} text={hex.problem} />
    </fieldset>
  );
}

/** A number as typed: empty or not a number is refused, then the field's limits. */
const parseNumber =
  (field: FieldSpec<string>) =>
  (text: string): Parsed<number> => {
    const value = text.trim() === '' ? Number.NaN : Number(text);
    const refused = checkNumber(field, value);
    return refused ? { ok: false, reason: refused } : { ok: true, value };
  };

export function NumberSliderField({
  field,
  value,
  disabled,
  onPreview,
  onCommit,
}: {
  field: FieldSpec<string>;
  value: number | null | undefined;
  disabled?: boolean;
  onPreview(value: number): void;
  onCommit(value: number): string | null;
}) {
  const slider = useRef<HTMLInputElement>(null);
  const number = useDraftInput({
    shown: value === null || value === undefined ? '' : String(Number(value.toFixed(3))),
    parse: parseNumber(field),
    commit: onCommit,
  });
  useNativeChange(slider, (next) => number.setProblem(onCommit(Number(next))));
  const label = field.unit ? `${field.label} (${field.unit})` : field.label;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={number.id} className={labelClass}>
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          ref={slider}
          type="range"
          aria-label={`${field.label} slider`}
          min={field.min}
          max={field.max}
          step={field.step ?? 'any'}
          value={value ?? field.min ?? 0}
          disabled={disabled}
          onChange={(event) => onPreview(Number(event.target.value))}
          className="min-w-0 flex-1 accent-indigo-600"
        />
        <input
          type="number"
          inputMode="decimal"
          min={field.min}
          max={field.max}
          step={field.step ?? 'any'}
          placeholder={value === null ? 'Mixed' : 'Default'}
          disabled={disabled}
          {...number.inputProps}
          className={`${inputClass} w-20 tabular-nums`}
        />
      </div>
      <Problem id={number.problemId} text={number.problem} />
    </div>
  );
}

/** A labelled `<select>`: a placeholder option while the value is none of its options. */
function SelectControl({
  label,
  value,
  known,
  placeholder,
  disabled,
  onCommit,
  children,
}: {
  label: string;
  value: string | null | undefined;
  /** The value is one of the options. */
  known: boolean;
  placeholder: string;
  disabled: boolean | undefined;
  onCommit(value: string): string | null;
  children: React.ReactNode;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        value={known && value ? value : ''}
        disabled={disabled}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setProblem(onCommit(event.target.value))}
        className={inputClass}
      >
        {!known ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {children}
      </select>
      <Problem id={`${id}-problem`} text={problem} />
    </div>
  );
}

export function SelectField({
  label,
  value,
  options,
  disabled,
  onCommit,
}: FieldProps<string> & { options: ReadonlyArray<{ value: string; label: string }> }) {
  const known = value !== null && value !== undefined && options.some((o) => o.value === value);
  return (
    <SelectControl
      label={label}
      value={value}
      known={known}
      placeholder={value === null ? 'Mixed' : value ? `${value} (not offered)` : 'Default'}
      disabled={disabled}
      onCommit={onCommit}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectControl>
  );
}

export function FontField({
  label,
  value,
  fonts,
  brandFonts = null,
  disabled,
  onCommit,
}: FieldProps<string> & {
  fonts: readonly CaptionFont[];
  /** The brand's fonts, offered first (those the renderer lacks are shown, not choosable). */
  brandFonts?: BrandFonts | null;
}) {
  const brand = new Set(brandFonts?.available ?? []);
  const others = fonts.filter((font) => !brand.has(font.family));
  const categories = [...new Set(others.map((font) => font.category))];
  const known = value !== null && value !== undefined && fonts.some((f) => f.family === value);
  const hasBrand = brandFonts && (brand.size > 0 || brandFonts.unavailable.length > 0);
  return (
    <SelectControl
      label={label}
      value={value}
      known={known}
      placeholder={
        fonts.length === 0
          ? 'Loading fonts…'
          : value === null
            ? 'Mixed'
            : value
              ? `${value} (not available)`
              : 'Default'
      }
      disabled={disabled || fonts.length === 0}
      onCommit={onCommit}
    >
      {hasBrand && fonts.length > 0 ? (
        <optgroup label={`Brand fonts (${brandFonts.brandName})`}>
          {brandFonts.available.map((family) => (
            <option key={family} value={family}>
              {family}
            </option>
          ))}
          {brandFonts.unavailable.map((family) => (
            <option key={family} value={`unavailable:${family}`} disabled>
              {family} (not available for captions)
            </option>
          ))}
        </optgroup>
      ) : null}
      {categories.map((category) => (
        <optgroup key={category} label={category}>
          {others
            .filter((font) => font.category === category)
            .map((font) => (
              <option key={font.family} value={font.family}>
                {font.family}
              </option>
            ))}
        </optgroup>
      ))}
    </SelectControl>
  );
}

export function EmojiField({ label, value, disabled, onCommit }: FieldProps<string>) {
  return (
    <SelectField
      label={label}
      value={value === undefined ? '' : value}
      disabled={disabled}
      options={[
        { value: '', label: 'None' },
        ...Object.entries(EMOJI).map(([name, emoji]) => ({
          value: name,
          label: `${emoji} ${name}`,
        })),
      ]}
      onCommit={onCommit}
    />
  );
}

export function ToggleField({ label, value, disabled, onCommit }: FieldProps<boolean>) {
  const ref = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = value === null;
  }, [value]);
  return (
    <div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          ref={ref}
          type="checkbox"
          checked={value === true}
          disabled={disabled}
          onChange={(event) => setProblem(onCommit(event.target.checked))}
          className="h-4 w-4 accent-indigo-600"
        />
        {label}
      </label>
      {problem ? <p className="text-xs text-red-700">{problem}</p> : null}
    </div>
  );
}

const parseShadow = (text: string): Parsed<string> => {
  const refused = checkShadow(text);
  return refused ? { ok: false, reason: refused } : { ok: true, value: text.trim() };
};

export function ShadowField({ label, value, disabled, onCommit }: FieldProps<string>) {
  const hintId = useId();
  const shadow = useDraftInput({
    shown: value ?? '',
    parse: parseShadow,
    commit: onCommit,
    hintId,
  });
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={shadow.id} className={labelClass}>
        {label}
      </label>
      <input
        type="text"
        placeholder={value === null ? 'Mixed' : 'none'}
        disabled={disabled}
        {...shadow.inputProps}
        className={`${inputClass} font-mono`}
      />
      {shadow.problem ? (
        <Problem id={shadow.problemId} text={shadow.problem} />
      ) : (
        <p id={hintId} className="text-xs text-slate-600">
          x y blur colour, e.g. 0 2px 8px #000000
        </p>
      )}
    </div>
  );
}
