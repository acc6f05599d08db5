/**
 * Timestamps read by raw SQL: node-postgres and PGlite may hand one back as a Date or as text, so every
 * reader goes through these.
 */
export const dateOf = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
export const isoOf = (value: unknown): string => dateOf(value).toISOString();
export const isoOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : isoOf(value);
