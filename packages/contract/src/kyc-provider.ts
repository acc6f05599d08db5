import { z } from 'zod';
import { verificationRequestSchema } from './kyc-verification.js';
import { lineString } from './strings.js';

/**
 * An external identity service (issue 15, decision 0041): the operator may let one decide ID
 * verifications instead of staff. The trader goes through the service's own pages; the service tells the
 * server its decision through a signed callback.
 */
export const kycProviders = ['manual', 'sumsub'] as const;
export const kycProviderSchema = z.enum(kycProviders);
export type KycProvider = z.infer<typeof kycProviderSchema>;

/** `GET /rest/v3/kyc/verifications/provider`: who decides ID verifications here. */
export const kycProviderInfoSchema = z.object({ provider: kycProviderSchema });
export type KycProviderInfo = z.infer<typeof kycProviderInfoSchema>;

/** The reference of a request the service decides (its "user id" there): letters and digits. */
const verificationReference = lineString()
  .trim()
  .regex(/^[A-Za-z0-9]{16,64}$/, 'The reference the verification started with');

/** `POST /rest/v3/kyc/verifications/sumsub/start`: the request, and the service's page to go to. */
export const providerVerificationStartSchema = z.object({
  verificationReference: z.string(),
  /** The service's page where the trader takes their ID and selfie (valid for 30 minutes). */
  url: z.string(),
  request: verificationRequestSchema,
});
export type ProviderVerificationStart = z.infer<typeof providerVerificationStartSchema>;

/** `POST /rest/v3/kyc/verifications/sumsub/mark-pending`: the trader is done on the service's pages. */
export const markPendingBodySchema = z.object({ verificationReference });
export type MarkPendingBody = z.infer<typeof markPendingBodySchema>;

/**
 * What the service's callback carries that the server reads (Sumsub's webhook; other keys are ignored).
 * `applicantReviewed` with `GREEN` approves, `RED` + `RETRY` asks for new documents, `RED` + `FINAL`
 * denies; `applicantPending` means the trader sent everything.
 */
export const sumsubCallbackSchema = z.object({
  type: z.string().max(100),
  externalUserId: z.string().max(200).optional(),
  applicantId: z.string().max(200).optional(),
  reviewStatus: z.string().max(100).optional(),
  reviewResult: z
    .object({
      reviewAnswer: z.enum(['GREEN', 'RED']),
      reviewRejectType: z.enum(['FINAL', 'RETRY', 'EXTERNAL']).optional(),
      moderationComment: z.string().max(5_000).optional(),
      rejectLabels: z.array(z.string().max(200)).max(100).optional(),
    })
    .optional(),
});
export type SumsubCallback = z.infer<typeof sumsubCallbackSchema>;

/** The headers the service signs its callbacks with: the body's HMAC, hex, and the algorithm's name. */
export const SUMSUB_DIGEST_HEADER = 'x-payload-digest';
export const SUMSUB_DIGEST_ALG_HEADER = 'x-payload-digest-alg';
