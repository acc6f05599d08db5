import { parsePhoneNumberWithError, type CountryCode } from 'libphonenumber-js/max';

/**
 * Number types a mobile money account can live on: a SIM's number. `FIXED_LINE_OR_MOBILE` is what the
 * metadata says where the plan cannot tell the two apart (the US, some African plans).
 */
const MOBILE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

export type WalletPhoneCheck =
  | { ok: true; e164: string }
  | {
      ok: false;
      code: 'invalid_phone' | 'invalid_number' | 'wrong_country' | 'not_mobile';
      country?: string;
    };

/**
 * A wallet's number, pure: read in the national form of `country` (`0712 345 678`) or in the
 * international one (`+254 712 345 678`), a number of that country's plan (libphonenumber's full
 * metadata, as phone verification uses: decision 0030), and of a mobile type.
 */
export function checkWalletPhone(text: string, country: string): WalletPhoneCheck {
  let parsed;
  try {
    parsed = parsePhoneNumberWithError(text, { defaultCountry: country as CountryCode });
  } catch {
    // NOT_A_NUMBER, TOO_SHORT, TOO_LONG, INVALID_COUNTRY (a country without a numbering plan).
    return { ok: false, code: 'invalid_phone' };
  }
  if (!parsed.isValid()) return { ok: false, code: 'invalid_number' };
  if (parsed.country !== country) return { ok: false, code: 'wrong_country', country: parsed.country };
  const type = parsed.getType();
  if (!type || !MOBILE_TYPES.has(type)) return { ok: false, code: 'not_mobile' };
  return { ok: true, e164: parsed.number };
}

/** `+254 •••• 678`: the calling code and the last three digits, enough to tell one's wallets apart. */
export function maskPhone(e164: string): string {
  try {
    const parsed = parsePhoneNumberWithError(e164);
    return `+${parsed.countryCallingCode} •••• ${parsed.nationalNumber.slice(-3)}`;
  } catch {
    return `•••• ${e164.slice(-3)}`;
  }
}
