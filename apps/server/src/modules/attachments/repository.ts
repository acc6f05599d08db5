import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { tradeRequirements } from '../trades/tables.js';
import { tradeAttachments } from './tables.js';

export type AttachmentRow = typeof tradeAttachments.$inferSelect;
export type NewAttachmentRow = typeof tradeAttachments.$inferInsert;
/** A row with what the list shows beside it: the uploader's name and the requirement's status. */
export type AttachmentListRow = AttachmentRow & {
  uploaderUsername: string;
  requirementStatus: (typeof tradeRequirements.$inferSelect)['status'] | null;
};

/** Advisory-lock namespace for "uploads into one trade" (any constant unique to this use). */
const UPLOAD_LOCK_NAMESPACE = 7_010;

export const attachmentsRepository = {
  /**
   * Serialises uploads into one trade until the transaction ends, so the per-party count cannot be
   * overrun by parallel requests. An advisory lock, not a row lock: the trades row belongs to another
   * module, and status changes should not queue behind a file upload.
   */
  async lockTradeUploads(tx: DbOrTx, tradeId: number): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${UPLOAD_LOCK_NAMESPACE}::int, ${tradeId}::int)`);
  },

  async countOfUploader(db: DbOrTx, tradeId: number, uploaderId: number): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(tradeAttachments)
      .where(and(eq(tradeAttachments.tradeId, tradeId), eq(tradeAttachments.uploaderId, uploaderId)));
    return Number(row?.count ?? 0);
  },

  async insert(tx: DbOrTx, row: NewAttachmentRow): Promise<AttachmentRow> {
    const [created] = await tx.insert(tradeAttachments).values(row).returning();
    if (!created) throw new Error('insert into trade_attachments returned no row');
    return created;
  },

  async findInTrade(db: DbOrTx, tradeId: number, id: number): Promise<AttachmentRow | undefined> {
    const [row] = await db
      .select()
      .from(tradeAttachments)
      .where(and(eq(tradeAttachments.id, id), eq(tradeAttachments.tradeId, tradeId)));
    return row;
  },

  /** A trade's attachments, oldest first (the chat's order). */
  async listOfTrade(db: DbOrTx, tradeId: number): Promise<AttachmentListRow[]> {
    const rows = await db
      .select({
        attachment: tradeAttachments,
        uploaderUsername: users.username,
        requirementStatus: tradeRequirements.status,
      })
      .from(tradeAttachments)
      .innerJoin(users, eq(users.id, tradeAttachments.uploaderId))
      .leftJoin(tradeRequirements, eq(tradeRequirements.id, tradeAttachments.requirementId))
      .where(eq(tradeAttachments.tradeId, tradeId))
      .orderBy(asc(tradeAttachments.id));
    return rows.map((r) => ({
      ...r.attachment,
      uploaderUsername: r.uploaderUsername,
      requirementStatus: r.requirementStatus,
    }));
  },
};
