import { z } from 'zod';
import { requirementStatuses, tradeIdParamsSchema } from './trades.js';

/**
 * Trade chat attachments: images and PDFs the two parties upload into the trade (payment proofs, bank
 * statements). Files are accepted by what they contain, never by their name or declared type.
 * Decisions: docs/decisions/0010-feedback-and-attachments.md.
 */

export const attachmentKinds = ['image', 'pdf'] as const;
export const attachmentKindSchema = z.enum(attachmentKinds);
export type AttachmentKind = z.infer<typeof attachmentKindSchema>;

/** What the server accepts, recognised by content; answered as the file's Content-Type. */
export const attachmentMimeTypes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type AttachmentMimeType = (typeof attachmentMimeTypes)[number];

/**
 * Why an upload was refused: the spec's chat attachment notification reasons, plus two of ours for a
 * file of another type and a request without a file. Sent as the `code` of the 422's detail on `file`.
 */
export const attachmentRefusalReasons = [
  'attachment_limit_count',
  'attachment_limit_size',
  'attachment_image_broken',
  'attachment_pdf_broken',
  'attachment_pdf_empty',
  'attachment_pdf_page_limit',
  'attachment_type_unsupported',
  'attachment_missing',
] as const;
export type AttachmentRefusalReason = (typeof attachmentRefusalReasons)[number];

/** The multipart field that carries the file. */
export const ATTACHMENT_FILE_FIELD = 'file';

/** `{id}` is the trade's public hash, `{attachmentId}` the attachment's id (as chat messages carry it). */
export const tradeAttachmentParamsSchema = tradeIdParamsSchema.extend({
  attachmentId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** Where a party downloads an attachment (the chat's attachment messages link here). */
export const tradeAttachmentUrl = (tradeHash: string, attachmentId: number): string =>
  `/rest/v1/trade/${encodeURIComponent(tradeHash)}/attachments/${attachmentId}`;

/** The spec's "Trade attachment" (requirementId, url, mimeType, status) with what the chat shows. */
export const tradeAttachmentSchema = z.object({
  id: z.number().int(),
  /** The trade-flow requirement this file answers, or null for a plain chat attachment. */
  requirementId: z.number().int().nullable(),
  url: z.string(),
  mimeType: z.enum(attachmentMimeTypes),
  /** The spec's requirement status: a stored file passed its checks, so it is `uploaded` (or what the seller decided). */
  status: z.enum(requirementStatuses),
  kind: attachmentKindSchema,
  /** Bytes as stored (images are stored re-encoded, without their metadata). */
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  pages: z.number().int().nullable(),
  /** The uploader's file name, cleaned, with the extension of what the file really is. */
  originalName: z.string(),
  uploadedBy: z.object({ username: z.string() }),
  isMine: z.boolean(),
  createdAt: z.string(),
});
export type TradeAttachment = z.infer<typeof tradeAttachmentSchema>;

/** The limits the server applies (configurable), so the client can say them before an upload. */
export const attachmentLimitsSchema = z.object({
  /** Largest file, in bytes. */
  maxFileSize: z.number().int(),
  /** Files each party may upload into one trade. */
  maxFilesPerParty: z.number().int(),
  pdfMaxPages: z.number().int(),
  mimeTypes: z.array(z.enum(attachmentMimeTypes)),
});
export type AttachmentLimits = z.infer<typeof attachmentLimitsSchema>;

/** `GET /rest/v1/trade/{id}/attachments` (alias `GET /rest/v1/trade/{id}/uploads`). */
export const tradeAttachmentListSchema = z.object({
  items: z.array(tradeAttachmentSchema),
  limits: attachmentLimitsSchema,
  /** How many more files I may upload into this trade (0 for a moderator). */
  remaining: z.number().int(),
});
export type TradeAttachmentList = z.infer<typeof tradeAttachmentListSchema>;
