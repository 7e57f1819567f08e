/** A fieldset of radio buttons: one choice out of a few, each with its label. */
export function RadioGroup<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  layout = 'column',
}: {
  legend: string;
  name: string;
  options: ReadonlyArray<readonly [NoInfer<V>, string]>;
  value: V;
  onChange(value: V): void;
  /** `row`: the choices side by side. */
  layout?: 'row' | 'column';
}) {
  return (
    <fieldset className={layout === 'row' ? 'flex gap-4' : 'flex flex-col gap-1'}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      {options.map(([option, label]) => (
        <label key={option} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={name}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
