/**
 * Typed URL search params for the router's `validateSearch`, as a Standard Schema.
 *
 * Every route's search validator is part of the route tree, which is in the first chunk of every
 * screen; zod (even zod/mini) added ~25 KB of minified code there (~7 KB on the wire) for what
 * these need: integers in a range, one of a few words, optional bounded strings, each falling back
 * to a default instead of failing the page. Forms keep using zod in their own (lazy) chunks.
 */

/** One search param: any raw value in, a valid value (or its fallback) out; never throws. */
export type Param<T> = (raw: unknown) => T;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Shape = Record<string, Param<unknown>>;
/** Keys whose value may be undefined are optional, as zod's output made them. */
export type SearchOf<S extends Shape> = Simplify<
  { [K in keyof S as undefined extends ReturnType<S[K]> ? never : K]: ReturnType<S[K]> } & {
    [K in keyof S as undefined extends ReturnType<S[K]> ? K : never]?: ReturnType<S[K]>;
  }
>;
/** What a link may pass: any subset (the missing ones take their defaults). */
type SearchInputOf<S extends Shape> = { [K in keyof S]?: ReturnType<S[K]> };

export interface SearchSchema<S extends Shape> {
  /** The parsed search (defaults filled in, bad values replaced). */
  parse(raw: unknown): SearchOf<S>;
  /**
   * The value each param takes when the URL does not name it (params that have one). For the
   * router's `stripSearchParams`: a URL keeps only what differs from them (otherwise the router
   * rewrites a deep link to name its defaults, and loads the route a second time).
   */
  readonly defaults: Partial<SearchOf<S>>;
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'cutroom';
    readonly validate: (raw: unknown) => { value: SearchOf<S> };
    readonly types?: { readonly input: SearchInputOf<S>; readonly output: SearchOf<S> };
  };
}

export function searchSchema<S extends Shape>(shape: S): SearchSchema<S> {
  const parse = (raw: unknown): SearchOf<S> => {
    const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    const out: Record<string, unknown> = {};
    for (const [key, param] of Object.entries(shape)) {
      const value = param(source[key]);
      // As zod did: an optional param is absent unless the URL named it.
      if (value !== undefined || key in source) out[key] = value;
    }
    return out as SearchOf<S>;
  };
  const defaults: Record<string, unknown> = {};
  for (const [key, param] of Object.entries(shape)) {
    const value = param(undefined);
    if (value !== undefined) defaults[key] = value;
  }
  return {
    parse,
    defaults: defaults as Partial<SearchOf<S>>,
    '~standard': { version: 1, vendor: 'cutroom', validate: (raw) => ({ value: parse(raw) }) },
  };
}

interface IntOptions {
  min?: number;
  max?: number;
}

const isIntIn = (raw: unknown, { min, max }: IntOptions): raw is number =>
  typeof raw === 'number' &&
  Number.isInteger(raw) &&
  (min === undefined || raw >= min) &&
  (max === undefined || raw <= max);

/** An integer in [min, max], else `fallback`. */
export const intParam =
  (options: IntOptions & { fallback: number }): Param<number> =>
  (raw) =>
    isIntIn(raw, options) ? raw : options.fallback;

/** An integer in [min, max], else absent. */
export const optionalIntParam =
  (options: IntOptions = {}): Param<number | undefined> =>
  (raw) =>
    isIntIn(raw, options) ? raw : undefined;

/** One of `values`, else `fallback`. */
export const enumParam =
  <const T extends readonly string[]>(values: T, fallback: T[number]): Param<T[number]> =>
  (raw) =>
    typeof raw === 'string' && values.includes(raw) ? raw : fallback;

/** A string of [minLength, maxLength] characters matching `pattern`, else absent. */
export const optionalStringParam =
  ({
    minLength = 0,
    maxLength = Infinity,
    pattern,
  }: { minLength?: number; maxLength?: number; pattern?: RegExp } = {}): Param<
    string | undefined
  > =>
  (raw) =>
    typeof raw === 'string' &&
    raw.length >= minLength &&
    raw.length <= maxLength &&
    (pattern === undefined || pattern.test(raw))
      ? raw
      : undefined;
