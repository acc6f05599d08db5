/**
 * A PostgreSQL array literal of text values, each quoted, so both drivers pass it as one parameter the
 * same way (`{"a","b"}`) and no value can split or end the array, whatever it holds.
 */
export const pgTextArray = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
