import { z } from 'zod';
import { lineString } from './strings.js';

/**
 * Corporate accounts (issue 15, decision 0040): a trader account converted into a company's. The spec's
 * statuses of the company's application, derived from its company verification: submitted (the
 * conversion's form), in review (its documents are in), waiting for a resubmission (staff asked for a new
 * document), approved, rejected.
 */
export const corporateStatuses = [
  'in_review',
  'application_submitted',
  'application_approved',
  'application_rejected',
  'application_waiting_resubmission',
] as const;
export const corporateStatusSchema = z.enum(corporateStatuses);
export type CorporateStatus = z.infer<typeof corporateStatusSchema>;

/** Which of its names a company shows beside its username: the legal entity's or the business name. */
export const corporateNameDisplays = ['legal_entity', 'business_name'] as const;
export const corporateNameDisplaySchema = z.enum(corporateNameDisplays);
export type CorporateNameDisplay = z.infer<typeof corporateNameDisplaySchema>;

const NAME_CHARACTERS = "Letters, digits, spaces and . , & ' ( ) - / +";
const namePattern = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,&'’()\-/+]*$/u;
const companyName = lineString()
  .trim()
  .min(2, 'At least 2 characters')
  .max(140, 'At most 140 characters')
  .regex(namePattern, NAME_CHARACTERS);
/** The business name is optional: empty, or a name like the legal one. */
const businessName = lineString()
  .trim()
  .max(140, 'At most 140 characters')
  .refine((value) => value === '' || (value.length >= 2 && namePattern.test(value)), {
    message: `Empty, or at least 2 characters: ${NAME_CHARACTERS}`,
  });

/** `POST /rest/v1/users/corporate-accounts/convert-to-corporate`: the company's application. */
export const convertToCorporateBodySchema = z.object({
  legal_name: companyName,
  business_name: businessName.default(''),
  registration_number: lineString()
    .trim()
    .toUpperCase()
    .regex(
      /^[A-Z0-9][A-Z0-9 ./-]{2,39}$/,
      'The number as registered: 3 to 40 letters, digits, spaces, . / -',
    ),
  country_iso3: lineString()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'A three-letter country code (ISO 3166-1 alpha-3)'),
  name_display: corporateNameDisplaySchema.default('legal_entity'),
});
export type ConvertToCorporateBody = z.input<typeof convertToCorporateBodySchema>;

/** The company an account belongs to, as its owner sees it (the current user's `corporateAccount`). */
export const corporateAccountSchema = z.object({
  status: corporateStatusSchema,
  legalName: z.string(),
  businessName: z.string(),
  registrationNumber: z.string(),
  countryIso3: z.string(),
  nameDisplay: corporateNameDisplaySchema,
  /** The company verification's request (upload its documents there), null when none is open. */
  verificationRequestId: z.number().int().nullable(),
  /** Until when the owner put the company verification off (its reminder hidden), or null. */
  postponedUntil: z.string().nullable(),
});
export type CorporateAccount = z.infer<typeof corporateAccountSchema>;

/** The conversions' answer: where the web goes next (the spec redirects after 4 s), null for nowhere. */
export const corporateConversionSchema = z.object({
  redirect: z.string().nullable(),
  corporateAccount: corporateAccountSchema.nullable(),
});
export type CorporateConversion = z.infer<typeof corporateConversionSchema>;

/** The spec: a successful conversion sends the trader on after 4 seconds. */
export const CORPORATE_REDIRECT_MS = 4_000;
