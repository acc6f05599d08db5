import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type {
  VerificationDocumentSide,
  VerificationDocumentStatus,
  VerificationRequestStatus,
  VerificationType,
} from '@app/contract';
import type { DbOrTx } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { verificationDocuments, verificationRequests } from './tables.js';

export type RequestRow = typeof verificationRequests.$inferSelect;
export type DocumentRow = typeof verificationDocuments.$inferSelect;
export type RequestWithDocuments = RequestRow & { documents: DocumentRow[] };

async function withDocuments(db: DbOrTx, rows: RequestRow[]): Promise<RequestWithDocuments[]> {
  if (rows.length === 0) return [];
  const documents = await db
    .select()
    .from(verificationDocuments)
    .where(
      inArray(
        verificationDocuments.requestId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(verificationDocuments.id));
  return rows.map((row) => ({ ...row, documents: documents.filter((d) => d.requestId === row.id) }));
}

export const kycRequestsRepository = {
  /** Requests of a type the user started since `since` (attempts), with the oldest one's time. */
  async startedSince(db: DbOrTx, userId: number, type: VerificationType, since: Date) {
    const [row] = await db
      .select({
        count: sql<number>`count(*)::int`,
        oldest: sql<string | null>`min(${verificationRequests.createdAt})::text`,
      })
      .from(verificationRequests)
      .where(
        and(
          eq(verificationRequests.userId, userId),
          eq(verificationRequests.type, type),
          gte(verificationRequests.createdAt, since),
        ),
      );
    return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  },

  /** The user's pending request of a type, locked (one at most: a unique index). */
  async lockPending(tx: DbOrTx, userId: number, type: VerificationType): Promise<RequestRow | undefined> {
    const [row] = await tx
      .select()
      .from(verificationRequests)
      .where(
        and(
          eq(verificationRequests.userId, userId),
          eq(verificationRequests.type, type),
          eq(verificationRequests.status, 'pending'),
        ),
      )
      .for('update');
    return row;
  },

  /**
   * A request by the external provider's reference for it, with its documents; `lock` takes its row
   * (the provider's callbacks decide it under the lock).
   */
  async findByProviderReference(db: DbOrTx, provider: string, reference: string, lock = false) {
    const query = db
      .select()
      .from(verificationRequests)
      .where(
        and(
          eq(verificationRequests.provider, provider),
          eq(verificationRequests.providerReference, reference),
        ),
      );
    const [row] = lock ? await query.for('update') : await query;
    return row ? (await withDocuments(db, [row]))[0] : undefined;
  },

  async insert(
    tx: DbOrTx,
    row: typeof verificationRequests.$inferInsert,
    sides: readonly VerificationDocumentSide[],
  ): Promise<RequestRow> {
    const [created] = await tx.insert(verificationRequests).values(row).returning();
    if (!created) throw new Error('insert into verification_requests returned no row');
    if (sides.length > 0) {
      await tx.insert(verificationDocuments).values(sides.map((side) => ({ requestId: created.id, side })));
    }
    return created;
  },

  async update(tx: DbOrTx, id: number, values: Partial<typeof verificationRequests.$inferInsert>) {
    const [row] = await tx
      .update(verificationRequests)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(verificationRequests.id, id))
      .returning();
    return row;
  },

  /** Makes a request expect exactly `sides`; answers the storage keys of the documents it dropped. */
  async expectSides(tx: DbOrTx, requestId: number, sides: readonly VerificationDocumentSide[]) {
    const dropped = await tx
      .delete(verificationDocuments)
      .where(
        and(
          eq(verificationDocuments.requestId, requestId),
          sides.length > 0
            ? sql`${verificationDocuments.side} <> ALL(${`{${sides.join(',')}}`}::text[])`
            : undefined,
        ),
      )
      .returning({ storageKey: verificationDocuments.storageKey });
    if (sides.length > 0) {
      await tx
        .insert(verificationDocuments)
        .values(sides.map((side) => ({ requestId, side })))
        .onConflictDoNothing();
    }
    return dropped.map((d) => d.storageKey).filter((key): key is string => key !== null);
  },

  async findById(db: DbOrTx, id: number): Promise<RequestWithDocuments | undefined> {
    const [row] = await db.select().from(verificationRequests).where(eq(verificationRequests.id, id));
    return row ? (await withDocuments(db, [row]))[0] : undefined;
  },

  async lock(tx: DbOrTx, id: number): Promise<RequestWithDocuments | undefined> {
    const [row] = await tx
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.id, id))
      .for('update');
    return row ? (await withDocuments(tx, [row]))[0] : undefined;
  },

  async listOfUser(db: DbOrTx, userId: number, limit: number): Promise<RequestWithDocuments[]> {
    const rows = await db
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.userId, userId))
      .orderBy(desc(verificationRequests.id))
      .limit(limit);
    return withDocuments(db, rows);
  },

  async setDocument(
    tx: DbOrTx,
    id: number,
    values: {
      status: VerificationDocumentStatus;
      storageKey?: string | null;
      mime?: string | null;
      size?: number | null;
      reason?: string | null;
      uploadedAt?: Date | null;
    },
  ) {
    await tx
      .update(verificationDocuments)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(verificationDocuments.id, id));
  },

  async setDocumentsOf(tx: DbOrTx, requestId: number, status: VerificationDocumentStatus) {
    await tx
      .update(verificationDocuments)
      .set({ status, updatedAt: new Date() })
      .where(
        and(eq(verificationDocuments.requestId, requestId), isNotNull(verificationDocuments.storageKey)),
      );
  },

  /** The staff queue and history: by status, oldest submitted first for pending, newest decided else. */
  async page(
    db: DbOrTx,
    q: { status: VerificationRequestStatus | 'all'; type?: VerificationType; offset: number; limit: number },
  ) {
    const pending = q.status === 'pending';
    return db
      .select({ request: verificationRequests, username: users.username })
      .from(verificationRequests)
      .innerJoin(users, eq(users.id, verificationRequests.userId))
      .where(
        and(
          q.status === 'all' ? undefined : eq(verificationRequests.status, q.status),
          pending ? isNotNull(verificationRequests.submittedAt) : undefined,
          q.type ? eq(verificationRequests.type, q.type) : undefined,
        ),
      )
      .orderBy(pending ? asc(verificationRequests.submittedAt) : desc(verificationRequests.id))
      .offset(q.offset)
      .limit(q.limit);
  },

  /** Pending requests never submitted whose time ran out: expired now. */
  async expireStale(db: DbOrTx, now: Date) {
    return db
      .update(verificationRequests)
      .set({ status: 'expired', updatedAt: now })
      .where(
        and(
          eq(verificationRequests.status, 'pending'),
          isNull(verificationRequests.submittedAt),
          lte(verificationRequests.expiresAt, now),
        ),
      )
      .returning({
        id: verificationRequests.id,
        userId: verificationRequests.userId,
        type: verificationRequests.type,
      });
  },

  /** Files whose request's erasure time has come (the trader asked, the retention passed). */
  async dueForErasure(db: DbOrTx, now: Date, limit: number) {
    return db
      .select({ id: verificationDocuments.id, storageKey: verificationDocuments.storageKey })
      .from(verificationDocuments)
      .innerJoin(verificationRequests, eq(verificationRequests.id, verificationDocuments.requestId))
      .where(
        and(
          isNotNull(verificationDocuments.storageKey),
          lte(verificationRequests.eraseAfter, now),
          ne(verificationRequests.status, 'pending'),
        ),
      )
      .limit(limit);
  },

  async forgetFile(db: DbOrTx, documentId: number) {
    await db
      .update(verificationDocuments)
      .set({ storageKey: null, updatedAt: new Date() })
      .where(eq(verificationDocuments.id, documentId));
  },

  /**
   * Marks the user's requests for erasure: each request's files go `retentionDays` after it was decided
   * (or ended), or at once when that has passed. Pending requests are left: they are still in use.
   */
  async scheduleErasure(tx: DbOrTx, userId: number, retentionDays: number, now: Date) {
    return tx
      .update(verificationRequests)
      .set({
        eraseAfter: sql`greatest(coalesce(${verificationRequests.decidedAt}, ${verificationRequests.updatedAt})
          + make_interval(days => ${retentionDays}), ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(and(eq(verificationRequests.userId, userId), ne(verificationRequests.status, 'pending')))
      .returning({ id: verificationRequests.id, eraseAfter: verificationRequests.eraseAfter });
  },
};
