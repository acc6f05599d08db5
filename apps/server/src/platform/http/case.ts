import { RESPONSE_CASE_QUERY_PARAM } from '@app/contract';

/** Key conversion for `?case=snake` (spec section 7: the query string can convert responses). */
// Only camelCase keys are converted: keys that are data (currency codes such as `USD`, ids) stay as sent.
const CAMEL_KEY = /^[a-z][a-zA-Z0-9]*$/;
const toSnake = (key: string): string =>
  CAMEL_KEY.test(key) ? key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase() : key;

export function snakeCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCaseKeys);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
        toSnake(key),
        snakeCaseKeys(inner),
      ]),
    );
  }
  return value;
}

/**
 * Whether the request asked for snake_case keys. Read from the raw URL: route schemas strip query keys
 * they do not declare, and every route honours it.
 */
export function wantsSnakeCase(url: string): boolean {
  const start = url.indexOf('?');
  return start >= 0 && new URLSearchParams(url.slice(start)).get(RESPONSE_CASE_QUERY_PARAM) === 'snake';
}

/**
 * `?case=snake` over a serialized JSON answer. It runs after the route's response schema has checked
 * and serialized the camelCase answer, so the check never sees snake keys; anything that is not a JSON
 * text (HTML, files, pre-compressed cached bodies that were converted when built) passes unchanged.
 */
export function snakeCaseJson(payload: unknown, contentType: unknown): unknown {
  if (typeof payload !== 'string' || typeof contentType !== 'string' || !/\bjson\b/i.test(contentType)) {
    return payload;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return payload;
  }
  return JSON.stringify(snakeCaseKeys(parsed));
}
