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
