// Plain values without zod: the web's main bundle imports these, and with "sideEffects": false a
// module without schemas is all it pulls in (the schemas live in common.ts).

/** Languages the product ships. English is the default and has no URL prefix. */
export const supportedLocales = ['en', 'es'] as const;
export type Locale = (typeof supportedLocales)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/**
 * Query values the client sends as empty strings ("", "null", "undefined") mean "absent"
 * (spec section 5: empty, null or undefined parameters are dropped). The server strips them
 * before validation, so schemas only describe real values.
 */
export const EMPTY_QUERY_VALUES: ReadonlySet<string> = new Set(['', 'null', 'undefined']);
