import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminVerificationDenyBodySchema,
  adminVerificationDetailSchema,
  adminVerificationDocumentRejectBodySchema,
  adminVerificationPageSchema,
  adminVerificationsQuerySchema,
  adminUsernameParamsSchema,
  adminVideoVerificationBodySchema,
  dataEnvelope,
  myVerificationsSchema,
  startAddressVerificationBodySchema,
  startIdVerificationBodySchema,
  VERIFICATION_FILE_FIELD,
  VERIFICATION_SIDE_FIELD,
  verificationAttemptsSchema,
  verificationCountriesSchema,
  verificationDocumentCountriesSchema,
  verificationDocumentParamsSchema,
  verificationDocumentSideSchema,
  verificationRequestParamsSchema,
  verificationRequestSchema,
  verificationTypeParamsSchema,
  videoVerificationBodySchema,
} from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import { staffActorOf } from '../../platform/auth/staff-guard.js';
import { AppError, fieldError, validationError } from '../../platform/http/errors.js';
import type { RateLimits } from '../../platform/rate-limit/index.js';
import { contentDisposition } from '../attachments/index.js';
import type { KycRequestsService } from './service.js';

const localeQuery = z.object({ locale: z.enum(['en', 'es']).default('en') });

/** A stored document, served to its owner or to staff: never cached by anyone in between, never run. */
function sendFile(
  reply: FastifyReply,
  file: { side: string; mime: string; size: number; stream: NodeJS.ReadableStream },
) {
  const extension = file.mime === 'application/pdf' ? 'pdf' : (file.mime.split('/')[1] ?? 'bin');
  return reply
    .header('content-type', file.mime)
    .header('content-length', file.size)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition('inline', `${file.side}.${extension}`))
    .header('cache-control', 'private, no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    )
    .header('cross-origin-resource-policy', 'same-origin')
    .send(file.stream);
}

/**
 * Identity verification (spec section 7 "Verification", decision 0038): the trader's start calls (the
 * spec's `/account/verification/...` paths), their requests and document uploads, the attempts left, the
 * countries and documents accepted, erasure; and the staff review under `/rest/v1/admin/verifications`.
 * Multipart is registered here only (encapsulated): one document per request.
 */
export const kycRequestsRoutes: FastifyPluginAsyncZod<{
  requests: KycRequestsService;
  limits: RateLimits;
  maxFileBytes: number;
}> = async (app, { requests, limits, maxFileBytes }) => {
  const tags = ['verification'];
  const requestAnswer = { 201: dataEnvelope(verificationRequestSchema) };

  await app.register(multipart, {
    limits: { fileSize: maxFileBytes, files: 1, fields: 5, fieldSize: 100, parts: 6, headerPairs: 100 },
  });

  app.post(
    '/account/verification/start/id',
    {
      schema: {
        tags,
        summary: 'Start (or correct, before it is sent for review) my ID verification: the document’s data',
        description:
          'Then upload the document’s front, its back (not for a passport) and a selfie holding it.',
        body: startIdVerificationBodySchema,
        response: requestAnswer,
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await requests.startId(requireUser(request).id, request.body) }),
  );

  app.post(
    '/account/verification/start/document',
    {
      schema: {
        tags,
        summary: 'Start (or correct) my proof-of-address verification: the address',
        description:
          'Then upload the proof (a picture or a PDF). For Nigeria, `nga_nin` and `nga_bvn` (11 digits).',
        body: startAddressVerificationBodySchema,
        response: requestAnswer,
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await requests.startAddress(
          requireUser(request).id,
          request.body as Required<typeof request.body>,
        ),
      }),
  );

  app.post(
    '/account/verification/video/upload',
    {
      schema: {
        tags,
        summary: 'Send the link to my recorded video call for review',
        description:
          "Sends a secure (https) `url` of the caller's recorded video call for staff to review; answers 201 with the request, in review at once. Only after the ID is verified, or when staff invited the caller (409 `VIDEO_NOT_AVAILABLE`); 409 `ALREADY_VERIFIED` once approved; 429 `VERIFICATION_ATTEMPTS_EXCEEDED` with Retry-After past KYC_MAX_ATTEMPTS in the window. Logged-in users.",
        body: videoVerificationBodySchema,
        response: requestAnswer,
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await requests.startVideo(requireUser(request).id, request.body) }),
  );

  app.get(
    '/rest/v1/verification/requests',
    {
      schema: {
        tags,
        summary: 'My verification requests (newest first) with their documents, and the attempts left',
        description:
          "The caller's identity, address, video and company verifications, newest first, each with its status, its documents (and which were rejected, with the reason) and when it expires, plus the attempts left per type. Logged-in users; API keys may not read it.",
        response: { 200: dataEnvelope(myVerificationsSchema) },
      },
    },
    async (request) => ({ data: await requests.mine(requireUser(request).id) }),
  );

  app.post(
    '/rest/v1/verification/requests/:id/documents',
    {
      schema: {
        tags,
        summary: 'Upload a document of my pending request (multipart: `file`, and `side`)',
        description:
          '`{id}` is the id of a verification request of the caller. `side`: `front`, `back`, `selfie`, `address` or `company`, as the request asks. Pictures (JPEG, PNG, ' +
          'WebP) are checked by their content and stored without their metadata; a proof of address may be a PDF.',
        consumes: ['multipart/form-data'],
        params: verificationRequestParamsSchema,
        response: { 200: dataEnvelope(verificationRequestSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await limits.upload(user.id);
      const { file, fields } = await readUpload(request);
      const side = verificationDocumentSideSchema.safeParse(fields[VERIFICATION_SIDE_FIELD]);
      if (!side.success) throw fieldError('side', 'Say which document this is', 'unknown_side');
      if (!file) {
        throw fieldError('file', `Send the file in the "${VERIFICATION_FILE_FIELD}" field`, 'required');
      }
      return { data: await requests.upload(user.id, request.params.id, side.data, file) };
    },
  );

  app.get(
    '/rest/v1/verification/requests/:id/documents/:documentId',
    {
      schema: {
        tags,
        summary: 'A document I uploaded (for my own preview)',
        description:
          "`{id}` is the caller's verification request id, `{documentId}` one of its documents. The uploaded file, for the caller's own preview. Only its owner: 404 for anyone else's, or once erased. Logged-in users; API keys may not read it.",
        params: verificationDocumentParamsSchema,
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await requests.ownerFile(requireUser(request).id, request.params.id, request.params.documentId),
      ),
  );

  app.get(
    '/rest/v1/verification/left-attempt/:type',
    {
      schema: {
        tags,
        summary: 'How many verifications of a type (id, address, video, company) I may still start',
        description:
          '`{type}` is `id`, `address`, `video` or `company`. How many verifications of that type the caller may still start within KYC_ATTEMPT_WINDOW_DAYS (at most KYC_MAX_ATTEMPTS), and when the next becomes possible. Logged-in users; 422 for another type.',
        params: verificationTypeParamsSchema,
        response: { 200: dataEnvelope(verificationAttemptsSchema) },
      },
    },
    async (request) => ({ data: await requests.attempts(requireUser(request).id, request.params.type) }),
  );

  app.get(
    '/rest/v1/verification/supported-countries',
    {
      schema: {
        tags,
        summary: 'The countries identity verification is offered for',
        description:
          'The countries identity verification is offered for, names in `locale`, for the country picker of the ID form. Public.',
        querystring: localeQuery,
        response: { 200: dataEnvelope(verificationCountriesSchema) },
      },
    },
    async (request) => ({ data: await requests.supportedCountries(request.query.locale) }),
  );

  app.get(
    '/rest/v1/verification/document-country',
    {
      schema: {
        tags,
        summary: 'The ID documents accepted from each country',
        description:
          'Per country (ISO alpha-3), the ID document types accepted from it: `passport`, `id_card`, `driving_licence`, `residence_permit`. Public.',
        response: { 200: dataEnvelope(verificationDocumentCountriesSchema) },
      },
    },
    async () => ({ data: await requests.documentCountries() }),
  );

  app.post(
    '/rest/v1/verification/documents/erase',
    {
      schema: {
        tags,
        summary: 'Ask for my verification documents to be erased (each after its retention period)',
        description:
          "The caller asks for their verification documents to be erased: each is deleted once its retention period (KYC_DOCUMENT_RETENTION_DAYS after its decision) has passed, at once when it already has. Answers the retention, when each request's documents will go, and how many were erased now. Logged-in users.",
        response: {
          200: dataEnvelope(
            z.object({
              retentionDays: z.number().int(),
              requests: z.array(z.object({ id: z.number().int(), eraseAfter: z.string().nullable() })),
              erasedNow: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) => ({ data: await requests.requestErasure(requireUser(request).id) }),
  );

  // --- staff -----------------------------------------------------------------------------------------

  const review = { config: { permission: 'verifications.review' as const } };
  app.get(
    '/rest/v1/admin/verifications',
    {
      ...review,
      schema: {
        tags: ['admin'],
        summary: 'Verification requests: waiting for review (oldest first), or decided (newest first)',
        description:
          'Verification requests for review: `status` `pending` (submitted, waiting for a review; the default, oldest first), `approved`, `denied`, `expired` or `all` (newest first), optionally one `type`, 25 a `page`. Masked numbers; open one to see it whole.',
        querystring: adminVerificationsQuerySchema,
        response: { 200: dataEnvelope(adminVerificationPageSchema) },
      },
    },
    async (request) => ({ data: await requests.list(request.query) }),
  );

  app.get(
    '/rest/v1/admin/verifications/:id',
    {
      ...review,
      schema: {
        tags: ['admin'],
        summary: 'One request, unmasked, with its documents and the trader’s level; audited',
        description:
          "`{id}` is the verification request's id. The request with its data unmasked, its documents, the trader's level and what they have proven, and `approval`: the level an approval would give them, the level this kind of verification is for with what would still be missing for it, and the next level's needs (from the levels table); the look is written to the audit log. 404 for an unknown id.",
        params: verificationRequestParamsSchema,
        response: { 200: dataEnvelope(adminVerificationDetailSchema) },
      },
    },
    async (request) => ({ data: await requests.detail(staffActorOf(request), request.params.id) }),
  );

  app.get(
    '/rest/v1/admin/verifications/:id/documents/:documentId',
    {
      ...review,
      schema: {
        tags: ['admin'],
        summary: 'A document’s file; every look is audited',
        description:
          "`{id}` is the verification request's id, `{documentId}` one of its documents. The document's file (image or PDF); every look is written to the audit log. 404 for an unknown or erased document.",
        params: verificationDocumentParamsSchema,
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await requests.staffFile(staffActorOf(request), request.params.id, request.params.documentId),
      ),
  );

  app.post(
    '/rest/v1/admin/verifications/:id/approve',
    {
      ...review,
      schema: {
        tags: ['admin'],
        summary: 'Approve a request in review: the trader’s level rises; audited, the trader is told',
        description:
          "`{id}` is the verification request's id. Approves a request in review: the trader's level rises to what it proves, they are told, and the decision is audited. 409 `VERIFICATION_NOT_IN_REVIEW` when it is not submitted or already decided; 403 `FORBIDDEN_ROLE` on one's own verification; 404 for an unknown id.",
        params: verificationRequestParamsSchema,
        response: { 200: dataEnvelope(verificationRequestSchema) },
      },
    },
    async (request) => ({ data: await requests.approve(staffActorOf(request), request.params.id) }),
  );

  app.post(
    '/rest/v1/admin/verifications/:id/deny',
    {
      ...review,
      schema: {
        tags: ['admin'],
        summary: 'Deny a request in review with the reason the trader reads; audited',
        description:
          "`{id}` is the verification request's id. Denies a request in review with a `reason` the trader reads; the trader is told and the decision is audited. 409 `VERIFICATION_NOT_IN_REVIEW`; 403 `FORBIDDEN_ROLE` on one's own verification; 404 for an unknown id.",
        params: verificationRequestParamsSchema,
        body: adminVerificationDenyBodySchema,
        response: { 200: dataEnvelope(verificationRequestSchema) },
      },
    },
    async (request) => ({
      data: await requests.deny(staffActorOf(request), request.params.id, request.body.reason),
    }),
  );

  app.post(
    '/rest/v1/admin/verifications/:id/documents/:documentId/reject',
    {
      ...review,
      schema: {
        tags: ['admin'],
        summary: 'Ask for a new document: the request goes back to the trader; audited',
        description:
          "`{id}` is the verification request's id, `{documentId}` the document to replace. Rejects that document with a `reason`: the request goes back to the trader, who uploads a new one and sends it again; audited. 409 `VERIFICATION_NOT_IN_REVIEW`; 404 for an unknown request or document.",
        params: verificationDocumentParamsSchema,
        body: adminVerificationDocumentRejectBodySchema,
        response: { 200: dataEnvelope(verificationRequestSchema) },
      },
    },
    async (request) => ({
      data: await requests.rejectDocument(
        staffActorOf(request),
        request.params.id,
        request.params.documentId,
        request.body.reason,
      ),
    }),
  );

  app.put(
    '/rest/v1/admin/users/:username/video-verification',
    {
      ...review,
      schema: {
        tags: ['admin'],
        summary: 'Let a trader verify by video (allowed), require it (forced), or take that back (none)',
        description:
          'Sets whether the trader `{username}` may verify by video call: `allowed` (an invitation), `forced` (a requirement), or `none` (taken back). Audited. 409 `VIDEO_VERIFICATION_IN_PROGRESS` while their video is pending or approved; 404 for an unknown username.',
        params: adminUsernameParamsSchema,
        body: adminVideoVerificationBodySchema,
        response: {
          200: dataEnvelope(
            z.object({ username: z.string(), videoStatus: z.enum(['allowed', 'forced']).nullable() }),
          ),
        },
      },
    },
    async (request) => ({
      data: await requests.setVideoInvitation(
        staffActorOf(request),
        request.params.username,
        request.body.status,
      ),
    }),
  );

  /** Reads the one file (whole, at most the limit) and the text fields of the multipart body. */
  async function readUpload(request: FastifyRequest) {
    const fields: Record<string, string> = {};
    let file: Buffer | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== VERIFICATION_FILE_FIELD) {
            part.file.resume();
            throw fieldError('file', `Send the file in the "${VERIFICATION_FILE_FIELD}" field`, 'required');
          }
          file = await part.toBuffer();
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        throw fieldError(
          'file',
          `The file is larger than ${Math.round(maxFileBytes / 1_048_576)} MB`,
          'too_large',
        );
      }
      if (code === 'FST_FILES_LIMIT') throw fieldError('file', 'One file at a time', 'one_file_per_request');
      if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
        throw validationError([
          { field: 'file', message: 'Send the document as multipart/form-data', code: 'malformed' },
        ]);
      }
      request.log.debug({ err: error }, 'unreadable multipart upload');
      throw validationError([{ field: '_', message: 'The upload could not be read.', code: 'malformed' }]);
    }
    return { file, fields };
  }
};
