import { z } from 'zod';
import { kycLevelIdSchema, kycRequirementSchema } from './kyc.js';
import { lineString } from './strings.js';

/**
 * Identity verification (issue 15, decision 0038): a trader proves their ID (a document and a selfie),
 * their address (a proof of address) or joins a video call; a company proves itself with its documents.
 * Each attempt is a request whose documents are uploaded and checked by content, reviewed by staff (or an
 * external provider), and whose approval raises the trader's KYC level.
 */
export const verificationTypes = ['id', 'address', 'video', 'company'] as const;
export const verificationTypeSchema = z.enum(verificationTypes);
export type VerificationType = z.infer<typeof verificationTypeSchema>;

/** The spec's request statuses. A pending request is with the trader until submitted, then in review. */
export const verificationRequestStatuses = ['pending', 'expired', 'approved', 'denied'] as const;
export const verificationRequestStatusSchema = z.enum(verificationRequestStatuses);
export type VerificationRequestStatus = z.infer<typeof verificationRequestStatusSchema>;

/**
 * The spec's document statuses: `pending` (expected, not uploaded yet), `uploaded` (waiting for the
 * review), `corrupted` (the last upload was not a readable picture or PDF), `approved`, `rejected` (staff
 * asked for a new one).
 */
export const verificationDocumentStatuses = [
  'approved',
  'rejected',
  'pending',
  'uploaded',
  'corrupted',
] as const;
export const verificationDocumentStatusSchema = z.enum(verificationDocumentStatuses);
export type VerificationDocumentStatus = z.infer<typeof verificationDocumentStatusSchema>;

/** What a document shows: the ID's two sides, the trader holding it, a proof of address, company papers. */
export const verificationDocumentSides = ['front', 'back', 'selfie', 'address', 'company'] as const;
export const verificationDocumentSideSchema = z.enum(verificationDocumentSides);
export type VerificationDocumentSide = z.infer<typeof verificationDocumentSideSchema>;

export const idDocumentTypes = ['passport', 'id_card', 'driving_licence', 'residence_permit'] as const;
export const idDocumentTypeSchema = z.enum(idDocumentTypes);
export type IdDocumentType = z.infer<typeof idDocumentTypeSchema>;

export const addressDocumentTypes = [
  'utility_bill',
  'bank_statement',
  'tax_document',
  'residence_certificate',
] as const;
export const addressDocumentTypeSchema = z.enum(addressDocumentTypes);
export type AddressDocumentType = z.infer<typeof addressDocumentTypeSchema>;

/** The sides an ID request needs: a passport has no back. */
export const idSidesFor = (documentType: IdDocumentType): VerificationDocumentSide[] =>
  documentType === 'passport' ? ['front', 'selfie'] : ['front', 'back', 'selfie'];

/** The multipart field of a document upload, and the field naming its side. */
export const VERIFICATION_FILE_FIELD = 'file';
export const VERIFICATION_SIDE_FIELD = 'side';

const iso3 = lineString()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'A three-letter country code (ISO 3166-1 alpha-3)');

/** A name as on a document: letters of any script, spaces, hyphens, apostrophes and dots. */
const personName = (max: number) =>
  lineString()
    .trim()
    .max(max, `At most ${max} characters`)
    .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u, 'Only letters, spaces, hyphens, apostrophes and dots');

const addressLine = (max: number) => lineString().trim().max(max, `At most ${max} characters`);

/** `POST /account/verification/start/id` (the spec's fields). */
export const startIdVerificationBodySchema = z.object({
  issue_country_iso3: iso3,
  document_type: idDocumentTypeSchema,
  first_name_original: personName(100).min(1, 'Enter your first name as on the document'),
  middle_name_original: z.union([personName(100), z.literal('')]).default(''),
  last_name_original: personName(100).min(1, 'Enter your last name as on the document'),
  document_number: lineString()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9 -]{2,39}$/, 'The number as printed: 3 to 40 letters, digits, spaces or hyphens'),
});
export type StartIdVerificationBody = z.input<typeof startIdVerificationBodySchema>;

/** Nigeria's National Identification Number and Bank Verification Number: 11 digits each. */
const nigerianNumber = (what: string) =>
  lineString()
    .trim()
    .regex(/^\d{11}$/, `Your ${what} has 11 digits`);

/** `POST /account/verification/start/document` (the spec's fields; `nga_nin`/`nga_bvn` for Nigeria). */
export const startAddressVerificationBodySchema = z
  .object({
    country_iso3: iso3,
    document_type: addressDocumentTypeSchema,
    region_name: addressLine(100).default(''),
    city_name: addressLine(100).min(1, 'Enter your city'),
    address_line_1: addressLine(200).min(1, 'Enter your street and number'),
    address_line_2: addressLine(200).default(''),
    zip_code: lineString()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9 -]{1,11}$|^$/, 'A postal code: 2 to 12 letters, digits, spaces or hyphens')
      .default(''),
    nga_nin: z.union([nigerianNumber('NIN'), z.literal('')]).default(''),
    nga_bvn: z.union([nigerianNumber('BVN'), z.literal('')]).default(''),
  })
  .superRefine((body, ctx) => {
    const nigeria = body.country_iso3 === 'NGA';
    for (const field of ['nga_nin', 'nga_bvn'] as const) {
      if (nigeria && body[field] === '') {
        ctx.addIssue({ code: 'custom', path: [field], message: 'Required for an address in Nigeria' });
      }
      if (!nigeria && body[field] !== '') {
        ctx.addIssue({ code: 'custom', path: [field], message: 'Only for an address in Nigeria' });
      }
    }
  });
export type StartAddressVerificationBody = z.input<typeof startAddressVerificationBodySchema>;

/** `POST /account/verification/video/upload`: where the recorded video call can be watched. */
export const videoVerificationBodySchema = z.object({
  url: lineString()
    .trim()
    .max(2000, 'At most 2000 characters')
    .url('A link to the recording')
    .refine((value) => /^https:\/\//i.test(value), 'A secure (https) link'),
});
export type VideoVerificationBody = z.input<typeof videoVerificationBodySchema>;

export const verificationRequestParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});
export const verificationDocumentParamsSchema = verificationRequestParamsSchema.extend({
  documentId: z.coerce.number().int().min(1).max(9_007_199_254_740_991),
});
export const verificationTypeParamsSchema = z.object({
  type: lineString().trim().toLowerCase().pipe(verificationTypeSchema),
});

/** One document of a request as its owner (or staff) sees it. */
export const verificationDocumentSchema = z.object({
  id: z.number().int(),
  side: verificationDocumentSideSchema,
  status: verificationDocumentStatusSchema,
  /** Why staff asked for a new one, or why the upload was refused. */
  reason: z.string().nullable(),
  uploadedAt: z.string().nullable(),
  /** Where its file can be fetched (the owner's own address, or staff's); null without a file. */
  url: z.string().nullable(),
  mime: z.string().nullable(),
});
export type VerificationDocument = z.infer<typeof verificationDocumentSchema>;

/**
 * The details a request keeps (its start form's fields), in the order the forms ask for them: how the
 * trader's page and the staff review list them.
 */
export const verificationDetailKeys = [
  'issue_country_iso3',
  'country_iso3',
  'document_type',
  'first_name_original',
  'middle_name_original',
  'last_name_original',
  'document_number',
  'address_line_1',
  'address_line_2',
  'city_name',
  'region_name',
  'zip_code',
  'nga_nin',
  'nga_bvn',
  'url',
] as const;
export type VerificationDetailKey = (typeof verificationDetailKeys)[number];
export const isVerificationDetailKey = (key: string): key is VerificationDetailKey =>
  (verificationDetailKeys as readonly string[]).includes(key);

/** A request as its owner sees it: what was entered (the document number masked), its documents. */
export const verificationRequestSchema = z.object({
  id: z.number().int(),
  type: verificationTypeSchema,
  status: verificationRequestStatusSchema,
  /** Every document is in and the request waits for the review. */
  inReview: z.boolean(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** A pending request not submitted by then expires. */
  expiresAt: z.string(),
  /** Why it was denied. */
  reason: z.string().nullable(),
  details: z.record(z.string(), z.string()),
  documents: z.array(verificationDocumentSchema),
});
export type VerificationRequest = z.infer<typeof verificationRequestSchema>;

export const verificationAttemptsSchema = z.object({
  type: verificationTypeSchema,
  attemptsLeft: z.number().int().min(0),
  maxAttempts: z.number().int().min(1),
  windowDays: z.number().int().min(1),
  /** When the oldest counted attempt leaves the window (null: none counted). */
  nextAttemptAt: z.string().nullable(),
});
export type VerificationAttempts = z.infer<typeof verificationAttemptsSchema>;

/** `GET /rest/v1/verification/requests`: mine, newest first, with the attempts left per type. */
export const myVerificationsSchema = z.object({
  requests: z.array(verificationRequestSchema),
  attempts: z.array(verificationAttemptsSchema),
});
export type MyVerifications = z.infer<typeof myVerificationsSchema>;

const countryNameSchema = z.object({ original: z.string(), localized: z.string() });

/** `GET /rest/v1/verification/supported-countries`: where identity verification is offered. */
export const verificationCountriesSchema = z.object({
  countries: z.array(z.object({ iso: z.string(), iso3: z.string(), name: countryNameSchema })),
});
export type VerificationCountries = z.infer<typeof verificationCountriesSchema>;

/** `GET /rest/v1/verification/document-country`: the ID documents accepted from each country. */
export const verificationDocumentCountriesSchema = z.object({
  countries: z.array(z.object({ iso3: z.string(), documentTypes: z.array(idDocumentTypeSchema) })),
});
export type VerificationDocumentCountries = z.infer<typeof verificationDocumentCountriesSchema>;

// --- staff --------------------------------------------------------------------------------------------

export const adminVerificationsQuerySchema = z.object({
  /** `pending` (default): submitted and waiting for a review, oldest first; the others newest first. */
  status: z.enum(['pending', 'approved', 'denied', 'expired', 'all']).default('pending'),
  type: verificationTypeSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminVerificationsQuery = z.infer<typeof adminVerificationsQuerySchema>;

export const adminVerificationSummarySchema = z.object({
  id: z.number().int(),
  type: verificationTypeSchema,
  status: verificationRequestStatusSchema,
  username: z.string(),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});

export const adminVerificationPageSchema = z.object({
  requests: z.array(adminVerificationSummarySchema),
  page: z.number().int(),
  nextPage: z.number().int().nullable(),
});
export type AdminVerificationPage = z.infer<typeof adminVerificationPageSchema>;

/** A level and what a trader would still lack for it. */
const levelGapSchema = z.object({ level: kycLevelIdSchema, missing: z.array(kycRequirementSchema) });

/**
 * What approving a request would make of the trader's level (decision 0053), from the levels table and
 * what they have proven: the reviewer is told the level it leads to, not that it "rises at once" when a
 * phone is still missing.
 */
export const verificationApprovalOutcomeSchema = z.object({
  /** The trader's level once approved (the current one when something else is still missing). */
  level: kycLevelIdSchema,
  /**
   * The level this kind of verification is for (the lowest that asks for what it proves) and what the
   * trader would still lack for it after approval (empty: reached); null when no level asks for it.
   */
  target: levelGapSchema.nullable(),
  /** The level above `level` and what it would still need; null at the top. */
  next: levelGapSchema.nullable(),
});
export type VerificationApprovalOutcome = z.infer<typeof verificationApprovalOutcomeSchema>;

/** One request as the reviewer sees it: everything entered, unmasked, and the trader's standing. */
export const adminVerificationDetailSchema = verificationRequestSchema.extend({
  user: z.object({
    username: z.string(),
    level: z.string(),
    /** What the trader has proven so far (the levels table's requirements), in the table's order. */
    proven: z.array(kycRequirementSchema),
    country: z.string().nullable(),
    registeredAt: z.string(),
  }),
  /** The trader's level if this request is approved (read now: the table and their proofs may change). */
  approval: verificationApprovalOutcomeSchema,
  decidedBy: z.string().nullable(),
});
export type AdminVerificationDetail = z.infer<typeof adminVerificationDetailSchema>;

const reviewReason = lineString()
  .trim()
  .min(3, 'Say why, in a few words the trader will read')
  .max(500, 'At most 500 characters');

export const adminVerificationDenyBodySchema = z.object({ reason: reviewReason });
export const adminVerificationDocumentRejectBodySchema = z.object({ reason: reviewReason });

/** Staff let a trader verify by video (`allowed`), require it (`forced`), or take that back (`none`). */
export const adminVideoVerificationBodySchema = z.object({ status: z.enum(['allowed', 'forced', 'none']) });
