import { describe, expect, it } from 'vitest';
import { buildQueryString } from './query-string';

describe('buildQueryString', () => {
  it('should drop empty, null, undefined and NaN values and keep 0 and false', () => {
    expect(
      buildQueryString({ a: '', b: null, c: undefined, d: Number.NaN, e: 0, f: false, g: 'x', h: 'null' }),
    ).toBe('?e=0&f=false&g=x');
  });

  it('should repeat the key for arrays and encode values', () => {
    expect(buildQueryString({ tags: ['no-id-needed', '', 'cash only'] })).toBe(
      '?tags=no-id-needed&tags=cash+only',
    );
  });

  it('should return an empty string when nothing is left', () => {
    expect(buildQueryString(undefined)).toBe('');
    expect(buildQueryString({ a: '', b: [] })).toBe('');
  });
});
