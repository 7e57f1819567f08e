import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';

/**
 * A labelled `<select>`: one choice out of a list, each option a `[value, label]` pair (as
 * RadioGroup takes them), or `[value, label, { disabled: true }]` for one shown but not offered
 * (its label says why). `placeholder` is a first option with the empty value, shown while nothing
 * is chosen (or while the options load); `children` go under the control (an inline error).
 */
export function SelectField<V extends string>({
  label,
  value,
  options,
  placeholder,
  onChange,
  children,
  ...props
}: {
  label: string;
  value: V;
  options: ReadonlyArray<
    readonly [NoInfer<V>, string] | readonly [NoInfer<V>, string, { disabled: boolean }]
  >;
  /** Only where the empty value is one of the values (`V` includes `''`). */
  placeholder?: '' extends V ? string : never;
  onChange(value: V): void;
  children?: ReactNode;
} & Pick<SelectHTMLAttributes<HTMLSelectElement>, 'disabled' | 'required' | 'name'>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        className="rounded-md border border-slate-300 px-3 py-2 text-sm"
        value={value}
        // The options (and the placeholder's '') are the only values the control can take.
        onChange={(event) => onChange(event.target.value as V)}
        {...props}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map(([option, text, state]) => (
          <option key={option} value={option} disabled={state?.disabled}>
            {text}
          </option>
        ))}
      </select>
      {children}
    </div>
  );
}
