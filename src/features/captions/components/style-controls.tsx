/**
 * The controls that edit a style field: colour (picker, hex input, brand swatches), number (slider
 * with a numeric input), select, toggle, shadow, font and emoji. A control shows "Mixed" when the
 * selected words differ. While a slider or the picker is dragged, `onPreview` shows the value at
 * once; releasing it (`onCommit`) saves it as one change. Bad input is explained before anything
 * is sent.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { EMOJI } from '@/lib/caption-painter/caption-painter.ts';
import type { CaptionFont } from '../model/caption-doc.ts';
import {
  checkNumber,
  checkShadow,
  parseColor,
  pickerValue,
  type FieldSpec,
} from '../model/style-fields.ts';

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
}: {
  label: string;
  /** null: the selected words differ; undefined: the project's default applies. */
  value: string | null | undefined;
  swatches?: ReadonlyArray<{ color: string; name: string }>;
  disabled?: boolean;
  onPreview(value: string): void;
  onCommit(value: string): string | null;
}) {
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useNativeChange(picker, (next) => setProblem(onCommit(next)));
  const shownText = text ?? (value === null ? '' : (value ?? ''));
  const submitText = () => {
    if (text === null) return;
    const parsed = parseColor(text);
    if (!parsed.ok) {
      setProblem(parsed.reason);
      return;
    }
    setText(null);
    setProblem(onCommit(parsed.value));
  };
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
          id={`${id}-hex`}
          type="text"
          aria-label={`${label} (hex)`}
          placeholder={value === null ? 'Mixed' : 'Default'}
          value={shownText}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          onBlur={submitText}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submitText();
            } else if (event.key === 'Escape') {
              setText(null);
              setProblem(null);
            }
          }}
          className={`${inputClass} w-28 font-mono`}
        />
        {value === undefined ? <span className="text-xs text-slate-500">default</span> : null}
      </div>
      {swatches.length > 0 ? (
        <div className="flex flex-wrap gap-1" role="group" aria-label={`${label}: brand colours`}>
          {swatches.map((swatch) => (
            <button
              key={`${swatch.name}-${swatch.color}`}
              type="button"
              title={`${swatch.name} ${swatch.color}`}
              aria-label={`Use ${swatch.name} (${swatch.color}) for ${label.toLowerCase()}`}
              onClick={() => setProblem(onCommit(swatch.color))}
              className="h-5 w-5 rounded border border-slate-400 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
              style={{ background: swatch.color }}
            />
          ))}
        </div>
      ) : null}
      <Problem id={`${id}-problem`} text={problem} />
    </fieldset>
  );
}

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
  const id = useId();
  const slider = useRef<HTMLInputElement>(null);
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useNativeChange(slider, (next) => setProblem(onCommit(Number(next))));
  const label = field.unit ? `${field.label} (${field.unit})` : field.label;
  const shown = value === null || value === undefined ? '' : String(Number(value.toFixed(3)));
  const submit = () => {
    if (text === null) return;
    const parsed = text.trim() === '' ? Number.NaN : Number(text);
    const refused = checkNumber(field, parsed);
    if (refused) {
      setProblem(refused);
      return;
    }
    setText(null);
    setProblem(onCommit(parsed));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape') {
      setText(null);
      setProblem(null);
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-number`} className={labelClass}>
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
          id={`${id}-number`}
          type="number"
          inputMode="decimal"
          min={field.min}
          max={field.max}
          step={field.step ?? 'any'}
          placeholder={value === null ? 'Mixed' : 'Default'}
          value={text ?? shown}
          disabled={disabled}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          onBlur={submit}
          onKeyDown={onKeyDown}
          className={`${inputClass} w-20 tabular-nums`}
        />
      </div>
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
}: {
  label: string;
  value: string | null | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
  disabled?: boolean;
  onCommit(value: string): string | null;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const known = value !== null && value !== undefined && options.some((o) => o.value === value);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        value={known ? value : ''}
        disabled={disabled}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setProblem(onCommit(event.target.value))}
        className={inputClass}
      >
        {!known ? (
          <option value="" disabled>
            {value === null ? 'Mixed' : value ? `${value} (not offered)` : 'Default'}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Problem id={`${id}-problem`} text={problem} />
    </div>
  );
}

export function FontField({
  label,
  value,
  fonts,
  disabled,
  onCommit,
}: {
  label: string;
  value: string | null | undefined;
  fonts: readonly CaptionFont[];
  disabled?: boolean;
  onCommit(value: string): string | null;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const categories = [...new Set(fonts.map((font) => font.category))];
  const known = value !== null && value !== undefined && fonts.some((f) => f.family === value);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        value={known ? value : ''}
        disabled={disabled || fonts.length === 0}
        onChange={(event) => setProblem(onCommit(event.target.value))}
        className={inputClass}
      >
        {!known ? (
          <option value="" disabled>
            {fonts.length === 0
              ? 'Loading fonts…'
              : value === null
                ? 'Mixed'
                : value
                  ? `${value} (not available)`
                  : 'Default'}
          </option>
        ) : null}
        {categories.map((category) => (
          <optgroup key={category} label={category}>
            {fonts
              .filter((font) => font.category === category)
              .map((font) => (
                <option key={font.family} value={font.family}>
                  {font.family}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
      <Problem id={`${id}-problem`} text={problem} />
    </div>
  );
}

export function EmojiField({
  label,
  value,
  disabled,
  onCommit,
}: {
  label: string;
  value: string | null | undefined;
  disabled?: boolean;
  onCommit(value: string): string | null;
}) {
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

export function ToggleField({
  label,
  value,
  disabled,
  onCommit,
}: {
  label: string;
  value: boolean | null | undefined;
  disabled?: boolean;
  onCommit(value: boolean): string | null;
}) {
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

export function ShadowField({
  label,
  value,
  disabled,
  onCommit,
}: {
  label: string;
  value: string | null | undefined;
  disabled?: boolean;
  onCommit(value: string): string | null;
}) {
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    if (text === null) return;
    const refused = checkShadow(text);
    if (refused) {
      setProblem(refused);
      return;
    }
    setText(null);
    setProblem(onCommit(text.trim()));
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        value={text ?? value ?? ''}
        placeholder={value === null ? 'Mixed' : 'none'}
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
        onBlur={submit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            submit();
          }
        }}
        className={`${inputClass} font-mono`}
      />
      {problem ? (
        <Problem id={`${id}-problem`} text={problem} />
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          x y blur colour, e.g. 0 2px 8px #000000
        </p>
      )}
    </div>
  );
}
