import { createHash } from 'node:crypto';
import {
  ATTACHMENT_FILE_FIELD,
  attachmentMimeTypes,
  type AttachmentRefusalReason,
  type ChatBlockReason,
  type TradeAttachmentList,
  type TradeMessage,
} from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, notFound, validationError } from '../../platform/http/errors.js';
import type { TradesService } from '../trades/index.js';
import {
  AttachmentRefused,
  cleanFileName,
  DEFAULT_MAX_IMAGE_PIXELS,
  DEFAULT_PDF_TIMEOUT_MS,
  inspectAttachment,
  type InspectedAttachment,
} from './inspect.js';
import { presentAttachment } from './presenter.js';
import { attachmentsRepository, type AttachmentRow } from './repository.js';
import { newFileKey, type FileStore } from '../../platform/files/storage.js';

export type AttachmentsServiceOptions = {
  db: Db;
  trades: Pick<
    TradesService,
    'participantsOf' | 'appendMessage' | 'publishMessage' | 'setRequirementUploaded'
  >;
  store: FileStore;
  limits: Config['attachments'] & { maxImagePixels?: number; pdfTimeoutMs?: number };
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

/** The upload is refused: 422 with the reason as the `file` field's code (the web maps it). */
export const refused = (
  reason: AttachmentRefusalReason | (string & {}),
  message: string,
  field = ATTACHMENT_FILE_FIELD,
) => validationError([{ field, message, code: reason }], message);

const CHAT_BLOCKED_MESSAGES: Record<ChatBlockReason, string> = {
  ChatBlocked: 'You cannot send files in this chat.',
  ChatBlockedAfterTradeIsCanceled: 'This trade was cancelled; its chat is closed to new files.',
  ChatNotAvailableYet: 'The chat is not open yet.',
  ChatNotAvailableAfterTradeCompleted: 'This trade is complete; its chat is closed to new files.',
};

/** What the upload route learned before reading the body: who uploads into which trade. */
export type UploadTicket = {
  userId: number;
  tradeId: number;
  tradeHash: string;
  role: 'buyer' | 'seller' | 'moderator';
};

/**
 * Trade chat attachments. Everyone who may see the trade (its parties, moderators) may list and
 * download its files; whoever may write in its chat may upload (the trades module's chat rules, so a
 * blocked or closed chat also refuses files). Anyone else gets the 404 of a trade that does not exist.
 */
export function createAttachmentsService({ db, trades, store, limits, log }: AttachmentsServiceOptions) {
  const inspectLimits = {
    pdfMaxPages: limits.pdfMaxPages,
    maxImagePixels: limits.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS,
    pdfTimeoutMs: limits.pdfTimeoutMs ?? DEFAULT_PDF_TIMEOUT_MS,
  };

  async function visibleTrade(userId: number, hash: string) {
    const trade = await trades.participantsOf(hash, userId);
    if (!trade) throw notFound('Trade not found');
    return trade;
  }

  const publicLimits = {
    maxFileSize: limits.maxFileBytes,
    maxFilesPerParty: limits.maxFilesPerParty,
    pdfMaxPages: limits.pdfMaxPages,
    mimeTypes: [...attachmentMimeTypes],
  };

  const countRefusal = () =>
    refused(
      'attachment_limit_count',
      `You can attach at most ${limits.maxFilesPerParty} files to one trade.`,
    );

  return {
    limits: publicLimits,

    /**
     * The checks that need no file, run before the body is read: a stranger's or a blocked party's
     * 10 MB never gets parsed.
     */
    async admitUpload(userId: number, hash: string): Promise<UploadTicket> {
      const trade = await visibleTrade(userId, hash);
      if (trade.chat.blockReason) {
        throw new AppError(400, trade.chat.blockReason, CHAT_BLOCKED_MESSAGES[trade.chat.blockReason]);
      }
      if (trade.role === 'moderator') {
        // Staff speak only through the console's audited message route (decision 0052); files come from
        // the parties (an evidence request asks for them).
        throw new AppError(
          403,
          'TRADE_FORBIDDEN_ACTION',
          'Staff do not add files to a trade chat: ask a party for them with an evidence request.',
        );
      }
      if (
        (await attachmentsRepository.countOfUploader(db, trade.tradeId, userId)) >= limits.maxFilesPerParty
      ) {
        throw countRefusal();
      }
      return { userId, tradeId: trade.tradeId, tradeHash: trade.tradeHash, role: trade.role };
    },

    /**
     * Checks the file by its content, stores it, records it and posts the chat message, in that order:
     * the bytes are on disk before the row commits, and removed again if the transaction fails.
     */
    async upload(
      ticket: UploadTicket,
      file: { data: Buffer; filename: string | undefined } | null,
      options: { requirementId?: number } = {},
    ) {
      if (!file) throw refused('attachment_missing', 'Choose a file to attach.');
      if (options.requirementId !== undefined && ticket.role !== 'buyer') {
        throw refused(
          'requirement_not_yours',
          'Only the buyer uploads for a trade requirement.',
          'requirement_id',
        );
      }
      let inspected: InspectedAttachment;
      try {
        inspected = await inspectAttachment(file.data, inspectLimits);
      } catch (error) {
        if (error instanceof AttachmentRefused) throw refused(error.reason, error.message);
        throw error;
      }
      const originalName = cleanFileName(file.filename, inspected.extension);
      const storageKey = newFileKey(`trades/${ticket.tradeHash}`);
      await store.put(storageKey, inspected.data);
      let result: { row: AttachmentRow; message: TradeMessage };
      try {
        result = await db.transaction(async (tx) => {
          await attachmentsRepository.lockTradeUploads(tx, ticket.tradeId);
          // Counted again under the lock: two parallel uploads cannot both take the last place.
          if (
            (await attachmentsRepository.countOfUploader(tx, ticket.tradeId, ticket.userId)) >=
            limits.maxFilesPerParty
          ) {
            throw countRefusal();
          }
          // The requirement first: it must be this trade's and still open before a row points at it.
          if (options.requirementId !== undefined) {
            const marked = await trades.setRequirementUploaded(tx, {
              tradeId: ticket.tradeId,
              requirementId: options.requirementId,
              status: 'uploaded',
            });
            if (!marked) {
              throw refused(
                'unknown_requirement',
                'This trade has no such requirement waiting for a file.',
                'requirement_id',
              );
            }
          }
          const row = await attachmentsRepository.insert(tx, {
            tradeId: ticket.tradeId,
            uploaderId: ticket.userId,
            requirementId: options.requirementId ?? null,
            kind: inspected.kind,
            mime: inspected.mime,
            size: inspected.data.length,
            width: inspected.width,
            height: inspected.height,
            pages: inspected.pages,
            originalName,
            storageKey,
          });
          const message = await trades.appendMessage(tx, {
            tradeId: ticket.tradeId,
            authorId: ticket.userId,
            kind: 'attachment',
            text: originalName,
            attachmentId: row.id,
            attachmentDigest: createHash('sha256').update(inspected.data).digest('hex'),
          });
          return { row, message };
        });
      } catch (error) {
        await store
          .remove(storageKey)
          .catch((removeError: unknown) =>
            log?.error({ err: removeError, storageKey }, 'could not remove the file of a failed upload'),
          );
        throw error;
      }
      // Published only now that the row and the message are committed.
      await trades.publishMessage(result.message);
      return presentAttachment(
        {
          ...result.row,
          uploaderUsername: result.message.author?.username ?? '',
          requirementStatus: options.requirementId === undefined ? null : 'uploaded',
        },
        { tradeHash: ticket.tradeHash, viewerId: ticket.userId },
      );
    },

    /** `GET /rest/v1/trade/{id}/attachments` (and `.../uploads`): the trade's files, oldest first. */
    async list(userId: number, hash: string): Promise<TradeAttachmentList> {
      const trade = await visibleTrade(userId, hash);
      const rows = await attachmentsRepository.listOfTrade(db, trade.tradeId);
      const mine = rows.filter((r) => r.uploaderId === userId).length;
      return {
        items: rows.map((row) => presentAttachment(row, { tradeHash: trade.tradeHash, viewerId: userId })),
        limits: publicLimits,
        remaining: trade.chat.canPost ? Math.max(0, limits.maxFilesPerParty - mine) : 0,
      };
    },

    /** One file's bytes for `GET /rest/v1/trade/{id}/attachments/{attachmentId}`. */
    async open(userId: number, hash: string, attachmentId: number) {
      const trade = await visibleTrade(userId, hash);
      const row = await attachmentsRepository.findInTrade(db, trade.tradeId, attachmentId);
      if (!row) throw notFound('Attachment not found');
      const file = await store.open(row.storageKey);
      if (!file) {
        // The row says it exists but the disk lost it (restored backup, manual cleanup): say so in the log.
        log?.warn({ attachmentId: row.id, storageKey: row.storageKey }, 'attachment file is missing');
        throw notFound('Attachment not found');
      }
      return { row, ...file };
    },
  };
}

export type AttachmentsService = ReturnType<typeof createAttachmentsService>;
