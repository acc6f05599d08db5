import { z } from 'zod';

/**
 * The spec's string helpers (account document, section 5): digits only, alphanumeric only, an e-mail
 * pattern without double dots, url detection, minimum length, contains digit / lowercase / uppercase /
 * special character. Shared by the server's validation and the web forms.
 */
export const isDigitsOnly = (value: string): boolean => /^\d+$/.test(value);
export const isAlphanumericOnly = (value: string): boolean => /^[a-z0-9]+$/i.test(value);

/** Amount inputs: digits with an optional single decimal point, or empty. */
export const isAmountInput = (value: string): boolean => value === '' || /^\d*\.?\d*$/.test(value);

// Local part and domain labels of ordinary addresses; a dot may not start, end or repeat.
const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i;
export const isEmail = (value: string): boolean => !value.includes('..') && EMAIL_PATTERN.test(value);

export const containsUrl = (value: string): boolean =>
  /(https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(com|net|org|io|me|co|info|biz|ru|xyz)\b/i.test(value);
export const hasMinLength = (value: string, min: number): boolean => [...value].length >= min;
export const containsDigit = (value: string): boolean => /\d/.test(value);
export const containsLowercase = (value: string): boolean => /\p{Ll}/u.test(value);
export const containsUppercase = (value: string): boolean => /\p{Lu}/u.test(value);
export const containsSpecial = (value: string): boolean => /[^\p{L}\p{N}\s]/u.test(value);

// --- text hygiene -------------------------------------------------------------------------------------

/* eslint-disable no-control-regex -- finding control characters is the point of these two patterns. */
// With the `u` flag a well-formed surrogate pair is one code point, so the \uD800-\uDFFF range only
// matches unpaired halves (they cannot be encoded as UTF-8). U+FFFE and U+FFFF are non-characters.
/** Multi-line texts: C0 controls except tab, line feed and carriage return; DEL; C1; lone surrogates. */
const FORBIDDEN_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF\uFFFE\uFFFF]/u;
/** Single-line values (names, codes, labels, ids): every control character, line breaks included. */
const FORBIDDEN_IN_LINE = /[\u0000-\u001F\u007F-\u009F\uD800-\uDFFF\uFFFE\uFFFF]/u;
/* eslint-enable no-control-regex */

/** The `code` of the 422 detail for a text with a control character in it. */
export const INVALID_CHARACTERS_CODE = 'invalid_characters';

export const hasForbiddenTextCharacters = (value: string): boolean => FORBIDDEN_IN_TEXT.test(value);
export const hasForbiddenLineCharacters = (value: string): boolean => FORBIDDEN_IN_LINE.test(value);

/**
 * The string every free text of the API starts from (chat, offer terms, feedback, reports): tab and line
 * breaks allowed, every other control character refused (PostgreSQL cannot store NUL; the others are
 * invisible and can disguise text). Refused, never stripped: silently changing what someone wrote about
 * a payment is worse than asking them to fix it (docs/decisions/0012-input-hygiene-and-fuzzing.md).
 * Chain the field's own rules after it: `textString().trim().max(500)`.
 */
export const textString = () =>
  z.string().refine((value) => !FORBIDDEN_IN_TEXT.test(value), {
    message: 'Remove the invisible control characters from this text',
    abort: true,
    params: { code: INVALID_CHARACTERS_CODE },
  });

/** The string every single-line value starts from (usernames, logins, codes, labels, ids, headers). */
export const lineString = () =>
  z.string().refine((value) => !FORBIDDEN_IN_LINE.test(value), {
    message: 'Remove line breaks and invisible control characters',
    abort: true,
    params: { code: INVALID_CHARACTERS_CODE },
  });
