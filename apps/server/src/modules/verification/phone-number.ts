import { parsePhoneNumberWithError, ParseError } from 'libphonenumber-js/max';
import type { PhoneErrorType } from '@app/contract';

/** Number types a text message or a call reaches. */
const REACHABLE = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE', 'PERSONAL_NUMBER']);

/** What each of the spec's phone error types says to the user. */
export const PHONE_REFUSALS: Record<PhoneErrorType, string> = {
  parse_error: 'Write the number with its country code, e.g. +34 600 111 222.',
  invalid_number: 'This number does not exist.',
  wrong_phone_type: 'Use a mobile number: this one cannot receive text messages.',
  sms_sending_not_supported: 'We cannot send codes to numbers of this country.',
  limit_exceeded: 'Too many codes for now.',
};

export type PhoneCheck = { ok: true; e164: string; country: string } | { ok: false; type: PhoneErrorType };

/**
 * The spec's checks on a number (decision 0030), pure: parsed with its country code (we do not guess the
 * country), a number of that country's plan, a type that receives SMS and calls, in a country the
 * platform verifies phones in.
 */
export function classifyPhoneNumber(text: string, supportedCountries: ReadonlySet<string>): PhoneCheck {
  let parsed;
  try {
    parsed = parsePhoneNumberWithError(text);
  } catch (error) {
    const reason = error instanceof ParseError ? error.message : 'NOT_A_NUMBER';
    return {
      ok: false,
      type: reason === 'INVALID_COUNTRY' || reason === 'NOT_A_NUMBER' ? 'parse_error' : 'invalid_number',
    };
  }
  if (!parsed.isValid() || !parsed.country) return { ok: false, type: 'invalid_number' };
  const type = parsed.getType();
  if (type && !REACHABLE.has(type)) return { ok: false, type: 'wrong_phone_type' };
  if (!supportedCountries.has(parsed.country)) return { ok: false, type: 'sms_sending_not_supported' };
  return { ok: true, e164: parsed.number, country: parsed.country };
}
