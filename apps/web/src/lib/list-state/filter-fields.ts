import type { QueryValue } from '@/lib/api/api-client';

/**
 * One filter of a list: its value when unused, and how it reads from and writes to the page's URL and
 * the list request's query. A list's filters are an object of these (`defineList`).
 */
export interface FilterField<T> {
  /** The URL parameter that holds it. */
  readonly param: string;
  /** The value when the filter is not used (the default). */
  readonly empty: T;
  isEmpty(value: T): boolean;
  fromUrl(params: URLSearchParams): T;
  /** The URL parameter's value; undefined leaves the parameter out. */
  toUrl(value: T): string | undefined;
  /** The value in the list request's query; undefined leaves it out. */
  toQuery(value: T): QueryValue;
}

/** Free text (`?q=anna`); sent trimmed, and only when there is some. */
export function textFilter(param: string): FilterField<string> {
  return {
    param,
    empty: '',
    isEmpty: (value) => value === '',
    fromUrl: (params) => params.get(param) ?? '',
    toUrl: (value) => value || undefined,
    toQuery: (value) => value.trim() || undefined,
  };
}

/**
 * Any of some values (`?status=ACTIVE,LEAVE`, or repeated); unknown values in the URL are dropped. Sent
 * as a repeated parameter when something is chosen.
 */
export function optionsFilter<T extends string>(param: string, options: readonly T[]): FilterField<T[]> {
  const known = new Set<string>(options);
  return {
    param,
    empty: [],
    isEmpty: (value) => value.length === 0,
    fromUrl: (params) => {
      const values = params
        .getAll(param)
        .flatMap((value) => value.split(','))
        .map((value) => value.trim())
        .filter((value): value is T => known.has(value));
      return [...new Set(values)];
    },
    toUrl: (value) => (value.length ? value.join(',') : undefined),
    toQuery: (value) => (value.length ? value : undefined),
  };
}

/** On or off (`?inactive=true`); sent as `true` when on (SPEC §5: query booleans are strings). */
export function flagFilter(param: string): FilterField<boolean> {
  return {
    param,
    empty: false,
    isEmpty: (value) => !value,
    fromUrl: (params) => params.get(param) === 'true',
    toUrl: (value) => (value ? 'true' : undefined),
    toQuery: (value) => (value ? 'true' : undefined),
  };
}
