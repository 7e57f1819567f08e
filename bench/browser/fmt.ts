/** A figure with `digits` decimals, or “–” when there is none (NaN or infinite). */
export const fmt = (value: number, digits = 1) =>
  Number.isFinite(value) ? value.toFixed(digits) : '–';
