import { z } from 'zod';
import { supportedLocales } from './locales.js';

/** Every success has this body: `{ data: ... }`. */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** `?case=snake` converts a response's keys to snake_case (spec section 7). */
export const responseCaseSchema = z.enum(['camel', 'snake']);
export type ResponseCase = z.infer<typeof responseCaseSchema>;
export const RESPONSE_CASE_QUERY_PARAM = 'case';

export { DEFAULT_LOCALE, EMPTY_QUERY_VALUES, supportedLocales, type Locale } from './locales.js';
export const localeSchema = z.enum(supportedLocales);

/** A timestamp the way the spec's entities carry it: seconds plus a human-readable form. */
export const timestampSchema = z.object({
  timestamp: z.number().int(),
  humanReadable: z.string(),
});

/**
 * A keyset page's cursor over serial (int4) ids: the `nextCursor` of the previous page. Bounded to the
 * column's range, so a huge number is a 422 here and never reaches the database as an out-of-range value.
 */
export const idCursorSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'Use the nextCursor of the previous page')
  .refine((value) => Number(value) <= 2_147_483_647, 'Use the nextCursor of the previous page');
