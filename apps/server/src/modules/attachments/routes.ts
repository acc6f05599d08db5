import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ATTACHMENT_FILE_FIELD,
  dataEnvelope,
  tradeAttachmentListSchema,
  tradeAttachmentParamsSchema,
  tradeAttachmentSchema,
  tradeIdParamsSchema,
} from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import type { RateLimits } from '../../platform/rate-limit/index.js';
import { AppError, validationError } from '../../platform/http/errors.js';
import { contentDisposition } from './inspect.js';
import { refused, type AttachmentsService } from './service.js';

/** Multipart text fields we read: the requirement a file answers (`requirements` is the spec's name). */
const REQUIREMENT_FIELDS = ['requirement_id', 'requirements'] as const;

/**
 * Trade chat attachments. Paths (spec section 7 names `GET .../uploads` and `POST .../upload`; the rest
 * is ours, docs/decisions/0010-feedback-and-attachments.md):
 * - `POST /rest/v1/trade/{id}/attachments` (alias `POST .../upload`): multipart, one file in `file`,
 *   optional `requirement_id`.
 * - `GET /rest/v1/trade/{id}/attachments` (alias `GET .../uploads`): the trade's files and the limits.
 * - `GET /rest/v1/trade/{id}/attachments/{attachmentId}`: the file itself.
 *
 * Multipart is registered here only (encapsulated): no other route accepts multipart bodies.
 */
export const attachmentsRoutes: FastifyPluginAsyncZod<{
  attachments: AttachmentsService;
  limits: RateLimits;
}> = async (app, { attachments, limits }) => {
  const maxBytes = attachments.limits.maxFileSize;
  await app.register(multipart, {
    // One file and a few small fields per request; busboy stops reading at these.
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1_000, parts: 11, headerPairs: 100 },
  });

  /** Reads the one file (whole, at most the limit) and the text fields of the multipart body. */
  async function readUpload(request: FastifyRequest) {
    const fields: Record<string, string> = {};
    let file: { data: Buffer; filename: string | undefined } | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== ATTACHMENT_FILE_FIELD) {
            part.file.resume();
            throw refused('attachment_missing', `Send the file in the "${ATTACHMENT_FILE_FIELD}" field.`);
          }
          file = { data: await part.toBuffer(), filename: part.filename };
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        throw refused(
          'attachment_limit_size',
          `The file is larger than ${Math.round((maxBytes / 1_048_576) * 10) / 10} MB.`,
        );
      }
      if (code === 'FST_FILES_LIMIT') throw refused('one_file_per_request', 'Attach one file at a time.');
      // Cut-off bodies, too many fields, prototype names: the client sent something unreadable.
      request.log.debug({ err: error }, 'unreadable multipart upload');
      throw validationError([{ field: '_', message: 'The upload could not be read.', code: 'malformed' }]);
    }
    return { file, fields };
  }

  function requirementIdOf(fields: Record<string, string>): number | undefined {
    const name = REQUIREMENT_FIELDS.find((field) => fields[field] !== undefined && fields[field] !== '');
    if (!name) return undefined;
    const value = fields[name]!.trim();
    if (!/^\d{1,9}$/.test(value) || Number(value) === 0) {
      throw refused('invalid', 'Unknown requirement', 'requirement_id');
    }
    return Number(value);
  }

  async function upload(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
    const user = requireUser(request);
    if (!request.isMultipart()) {
      throw refused(
        'attachment_missing',
        `Send the file as multipart/form-data in the "${ATTACHMENT_FILE_FIELD}" field.`,
      );
    }
    // Who and where first: a stranger's body is never parsed.
    const ticket = await attachments.admitUpload(user.id, request.params.id);
    // Counted for parties only, and before the body is read and inspected (the costly part).
    await limits.upload(user.id);
    const { file, fields } = await readUpload(request);
    const attachment = await attachments.upload(ticket, file, { requirementId: requirementIdOf(fields) });
    return reply.code(201).send({ data: attachment });
  }

  const uploadDescription =
    "`{id}` is the trade hash. Uploads one file as multipart/form-data in the `file` field: a JPEG, PNG or WebP image or a PDF (the type is detected from the content), up to ATTACHMENT_MAX_SIZE_MB, at most ATTACHMENT_MAX_PER_TRADE per party and trade. With `requirement_id` it answers one of the offer's requirements (e.g. the receipt), which the seller then approves or rejects; without, it is a chat attachment both parties see. Answers 201 with the attachment. The trade's parties only (404 for anyone else); a closed chat answers 400 with its reason as the code (`ChatNotAvailableYet`, `ChatBlocked`, ...); 422 on `file` (`attachment_missing`, `attachment_type_unsupported`, `attachment_limit_size`, `attachment_limit_count`) or `requirement_id`; 429 `RATE_LIMITED` past RATE_LIMIT_UPLOADS_PER_HOUR.";
  const uploadSchema = (summary: string, description: string) => ({
    tags: ['attachments'],
    summary,
    description,
    consumes: ['multipart/form-data'],
    params: tradeIdParamsSchema,
    response: { 201: dataEnvelope(tradeAttachmentSchema) },
  });
  app.post(
    '/rest/v1/trade/:id/attachments',
    {
      schema: uploadSchema(
        'Attach an image or PDF to the trade chat (multipart, field "file")',
        uploadDescription,
      ),
    },
    upload,
  );
  app.post(
    '/rest/v1/trade/:id/upload',
    {
      schema: uploadSchema(
        'Alias of POST .../attachments (spec name)',
        `The same call as POST /rest/v1/trade/{id}/attachments, under the spec's name. ${uploadDescription}`,
      ),
    },
    upload,
  );

  const listDescription =
    "`{id}` is the trade hash. The trade's files (who uploaded each, its type, size and name, its download `url`, the requirement it answers and that requirement's review), the upload limits, and how many more the caller may upload (`remaining`). The trade's parties and staff only: 404 for anyone else.";
  const listSchema = (summary: string, description: string) => ({
    tags: ['attachments'],
    summary,
    description,
    params: tradeIdParamsSchema,
    response: { 200: dataEnvelope(tradeAttachmentListSchema) },
  });
  const list = async (request: FastifyRequest<{ Params: { id: string } }>) => ({
    data: await attachments.list(requireUser(request).id, request.params.id),
  });
  app.get(
    '/rest/v1/trade/:id/attachments',
    { schema: listSchema('The trade’s attachments and the limits', listDescription) },
    list,
  );
  app.get(
    '/rest/v1/trade/:id/uploads',
    {
      schema: listSchema(
        'Alias of GET .../attachments (spec name)',
        `The same call as GET /rest/v1/trade/{id}/attachments, under the spec's name. ${listDescription}`,
      ),
    },
    list,
  );

  app.get(
    '/rest/v1/trade/:id/attachments/:attachmentId',
    {
      schema: {
        tags: ['attachments'],
        summary: 'Download an attachment (the trade’s parties and moderators)',
        description:
          "`{id}` is the trade hash, `{attachmentId}` the attachment's id from the list. The file itself, with the type detected at upload: images inline, PDFs as a download. The trade's parties and staff only: 404 for anyone else or an attachment of another trade.",
        params: tradeAttachmentParamsSchema,
      },
    },
    async (request, reply) => {
      const { row, stream, size } = await attachments.open(
        requireUser(request).id,
        request.params.id,
        request.params.attachmentId,
      );
      // The type is the one we detected from the content; nosniff stops browsers from guessing another.
      // PDFs download rather than render in the app's origin; images show inline in a sandbox.
      return reply
        .header('content-type', row.mime)
        .header('content-length', size)
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          contentDisposition(row.kind === 'image' ? 'inline' : 'attachment', row.originalName),
        )
        .header('cache-control', 'private, max-age=3600')
        .header(
          'content-security-policy',
          "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
        )
        .header('cross-origin-resource-policy', 'same-origin')
        .send(stream);
    },
  );
};
