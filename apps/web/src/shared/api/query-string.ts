import { EMPTY_QUERY_VALUES } from '@app/contract';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/** Empty, null or undefined parameters are dropped before sending (spec, validation rules). */
function isEmpty(value: QueryValue): value is null | undefined | '' {
  if (value === null || value === undefined) return true;
  if (typeof value === 'number') return Number.isNaN(value);
  if (typeof value === 'string') return EMPTY_QUERY_VALUES.has(value);
  return false;
}

/** `{ a: 1, b: '', tags: ['x', 'y'] }` -> `?a=1&tags=x&tags=y`; an empty result gives ''. */
export function buildQueryString(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(params)) {
    const values: readonly QueryValue[] = Array.isArray(raw) ? raw : [raw as QueryValue];
    for (const value of values) {
      if (!isEmpty(value)) search.append(key, String(value));
    }
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}
