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
