import type { TFunction } from 'i18next';
import { isApiError } from '@/shared/api';
import { translateFieldError } from '@/shared/forms/field-errors';

/**
 * Verification failures in the page's language. The contract's schemas (checked as the user types) and
 * the server's 422 details carry English messages: they are recognised by code or by message here, and
 * anything unknown falls back to the shared rules.
 */

/** The server's detail codes on the start forms and the uploads (apps/server/src/modules/kyc-requests). */
const CODE_KEYS = {
  country_not_supported: 'verification.errors.country_not_supported',
  document_not_accepted: 'verification.errors.document_not_accepted',
  unknown_side: 'verification.errors.unknown_side',
  required: 'verification.errors.fileRequired',
  too_large: 'verification.errors.too_large',
  one_file_per_request: 'verification.errors.one_file_per_request',
  malformed: 'verification.errors.malformed',
  attachment_missing: 'verification.errors.attachment_missing',
  attachment_type_unsupported: 'verification.errors.attachment_type_unsupported',
  attachment_limit_size: 'verification.errors.attachment_limit_size',
  attachment_image_broken: 'verification.errors.attachment_image_broken',
  attachment_pdf_broken: 'verification.errors.attachment_pdf_broken',
  attachment_pdf_empty: 'verification.errors.attachment_pdf_empty',
  attachment_pdf_page_limit: 'verification.errors.attachment_pdf_page_limit',
} as const;

/** The contract schemas' own messages (`startIdVerificationBodySchema` and its siblings). */
const MESSAGE_KEYS = {
  'A three-letter country code (ISO 3166-1 alpha-3)': 'verification.errors.countryRequired',
  'Enter your first name as on the document': 'verification.errors.firstNameRequired',
  'Enter your last name as on the document': 'verification.errors.lastNameRequired',
  'Only letters, spaces, hyphens, apostrophes and dots': 'verification.errors.nameCharacters',
  'The number as printed: 3 to 40 letters, digits, spaces or hyphens': 'verification.errors.documentNumber',
  'Enter your city': 'verification.errors.cityRequired',
  'Enter your street and number': 'verification.errors.addressRequired',
  'A postal code: 2 to 12 letters, digits, spaces or hyphens': 'verification.errors.zipCode',
  'Your NIN has 11 digits': 'verification.errors.ninDigits',
  'Your BVN has 11 digits': 'verification.errors.bvnDigits',
  'Required for an address in Nigeria': 'verification.errors.nigeriaRequired',
  'Only for an address in Nigeria': 'verification.errors.nigeriaOnly',
  'A link to the recording': 'verification.errors.videoUrl',
  'A secure (https) link': 'verification.errors.videoHttps',
  'Remove line breaks and invisible control characters': 'verification.errors.invalidCharacters',
  'Verification is not offered for this country': 'verification.errors.country_not_supported',
  'This document is not accepted from this country': 'verification.errors.document_not_accepted',
  "Letters, digits, spaces and . , & ' ( ) - / +": 'verification.errors.companyNameCharacters',
  "Empty, or at least 2 characters: Letters, digits, spaces and . , & ' ( ) - / +":
    'verification.errors.businessName',
  'The number as registered: 3 to 40 letters, digits, spaces, . / -':
    'verification.errors.registrationNumber',
} as const;

const hasKey = <T extends object>(map: T, key: string): key is Extract<keyof T, string> =>
  Object.hasOwn(map, key);

/**
 * A form field's error as react-hook-form keeps it with `criteriaMode: 'all'`: the first issue, and every
 * issue by its code in `types`.
 */
export type VerificationFieldError =
  { type?: string | number; message?: string; types?: Record<string, unknown> } | undefined;

export function verificationFieldError(
  t: TFunction,
  error: VerificationFieldError,
  field?: string,
): string | undefined {
  if (!error) return undefined;
  // An empty name fails both its pattern and its minimum: "enter your name" says what to do.
  const required = error.types?.too_small;
  const message =
    typeof required === 'string' && hasKey(MESSAGE_KEYS, required) ? required : (error.message ?? '');
  const type = typeof error.type === 'string' ? error.type : '';
  if (hasKey(CODE_KEYS, type)) return t(CODE_KEYS[type]);
  if (hasKey(MESSAGE_KEYS, message)) return t(MESSAGE_KEYS[message]);
  if (field === 'legal_name' && type === 'too_small') return t('verification.errors.legalNameRequired');
  // An enum (the document type) only fails when nothing was chosen.
  if (field === 'document_type' && type === 'invalid_value') {
    return t('verification.errors.documentTypeRequired');
  }
  return translateFieldError(t, { type, message });
}

/**
 * Why a document cannot be used, as the server stored it (`corrupted`: the upload's inspection said so).
 * Only the server's own inspection messages are known here; a reviewer's reason (`rejected`) is their
 * words to the trader and is shown as written.
 */
export function corruptedReasonText(t: TFunction, reason: string | null): string {
  const text = reason ?? '';
  if (/empty/i.test(text)) return t('verification.errors.attachment_missing');
  if (/password/i.test(text)) return t('verification.errors.attachment_pdf_password');
  if (/megapixels|too large/i.test(text)) return t('verification.errors.attachment_limit_size');
  if (/Take a photo/i.test(text)) return t('verification.errors.pictureOnly');
  if (/Only JPEG/i.test(text)) return t('verification.errors.attachment_type_unsupported');
  if (/PDF has no pages/i.test(text)) return t('verification.errors.attachment_pdf_empty');
  if (/pages; at most/i.test(text)) return t('verification.errors.attachment_pdf_page_limit');
  if (/PDF/i.test(text)) return t('verification.errors.attachment_pdf_broken');
  return t('verification.errors.attachment_image_broken');
}

/**
 * A failed start, upload or erasure in words, by the error's code: attempts used up (429, with when the
 * next one opens), a request under review or closed (409), the video not offered yet; else the shared
 * wording of API errors.
 */
export function verificationErrorText(
  t: TFunction,
  error: unknown,
  fallback: (error: unknown) => string,
  formatDate: (iso: string) => string,
): string {
  if (!isApiError(error)) return fallback(error);
  switch (error.code) {
    case 'VERIFICATION_ATTEMPTS_EXCEEDED':
      return error.retryAfterSeconds
        ? t('verification.errors.attemptsExceededUntil', {
            date: formatDate(new Date(Date.now() + error.retryAfterSeconds * 1000).toISOString()),
          })
        : t('verification.errors.attemptsExceeded');
    case 'VERIFICATION_IN_REVIEW':
      return t('verification.errors.inReview');
    case 'VERIFICATION_NOT_OPEN':
      return t('verification.errors.notOpen');
    case 'VIDEO_NOT_AVAILABLE':
      return t('verification.errors.videoNotAvailable');
    case 'ALREADY_VERIFIED':
      return t('verification.errors.videoAlreadyApproved');
    case 'ALREADY_CORPORATE':
      return t('verification.errors.alreadyCorporate');
    case 'NOT_CORPORATE_ACCOUNT':
      return t('verification.errors.notCorporate');
    case 'PROVIDER_NOT_CONFIGURED':
      return t('verification.errors.providerNotConfigured');
    case 'PROVIDER_UNAVAILABLE':
      return t('verification.errors.providerUnavailable');
    case 'VERIFICATION_NOT_PENDING':
      return t('verification.errors.notOpen');
    case 'DOCUMENT_REFUSED': {
      const detail = error.details[0];
      return detail && hasKey(CODE_KEYS, detail.code)
        ? t(CODE_KEYS[detail.code])
        : corruptedReasonText(t, error.message);
    }
    default:
      return fallback(error);
  }
}
