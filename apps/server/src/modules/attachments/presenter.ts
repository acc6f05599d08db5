import { tradeAttachmentUrl, type AttachmentMimeType, type TradeAttachment } from '@app/contract';
import type { AttachmentListRow } from './repository.js';

/**
 * Row -> the spec's "Trade attachment" (requirementId, url, mimeType, status) plus what the chat shows.
 * A file attached for a requirement carries the requirement's status (the seller may approve or reject
 * it); a plain chat file passed its checks on upload, so it is `uploaded`.
 */
export function presentAttachment(
  row: AttachmentListRow,
  ctx: { tradeHash: string; viewerId: number },
): TradeAttachment {
  return {
    id: row.id,
    requirementId: row.requirementId,
    url: tradeAttachmentUrl(ctx.tradeHash, row.id),
    mimeType: row.mime as AttachmentMimeType,
    status: row.requirementStatus ?? 'uploaded',
    kind: row.kind,
    size: row.size,
    width: row.width,
    height: row.height,
    pages: row.pages,
    originalName: row.originalName,
    uploadedBy: { username: row.uploaderUsername },
    isMine: row.uploaderId === ctx.viewerId,
    createdAt: row.createdAt.toISOString(),
  };
}
