/**
 * A PostgreSQL array literal of text values, each quoted, so both drivers pass it as one parameter the
 * same way (`{"a","b"}`) and no value can split or end the array, whatever it holds. A null is the bare
 * NULL (a quoted "NULL" is the four-letter text).
 */
export const pgTextArray = (values: readonly (string | null)[]): string =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
