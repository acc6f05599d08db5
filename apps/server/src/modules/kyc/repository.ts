import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { userKyc, type VideoStatus } from './tables.js';

/** What a decided verification proves (the requirements kept in `user_kyc`). */
export type ProvenRequirement = 'id_document' | 'selfie' | 'address' | 'video' | 'company';

const COLUMN: Record<ProvenRequirement, keyof typeof userKyc.$inferInsert> = {
  id_document: 'idDocumentAt',
  selfie: 'selfieAt',
  address: 'addressAt',
  video: 'videoAt',
  company: 'companyAt',
};

/**
 * Writes to `user_kyc`, in the caller's transaction (the verification flows decide, this module keeps):
 * a requirement proven at a time, one taken back, the video verification's status.
 */
export const kycFactsRepository = {
  /** Marks requirements as met from `at` on (their time is kept when already met). */
  async prove(tx: DbOrTx, userId: number, requirements: readonly ProvenRequirement[], at: Date) {
    if (requirements.length === 0) return;
    const values = Object.fromEntries(requirements.map((r) => [COLUMN[r], at]));
    await tx
      .insert(userKyc)
      .values({ userId, ...values, updatedAt: at })
      .onConflictDoUpdate({
        target: userKyc.userId,
        set: {
          ...Object.fromEntries(
            requirements.map((r) => [
              COLUMN[r],
              sql.raw(`coalesce(user_kyc.${snake(COLUMN[r])}, excluded.${snake(COLUMN[r])})`),
            ]),
          ),
          updatedAt: at,
        },
      });
  },

  /** Takes requirements back (staff revoked a verification, or a company converted to personal). */
  async revoke(tx: DbOrTx, userId: number, requirements: readonly ProvenRequirement[], at: Date) {
    if (requirements.length === 0) return;
    await tx
      .insert(userKyc)
      .values({ userId, updatedAt: at })
      .onConflictDoUpdate({
        target: userKyc.userId,
        set: { ...Object.fromEntries(requirements.map((r) => [COLUMN[r], null])), updatedAt: at },
      });
  },

  /**
   * The holder's name an approved ID verification proved (decision 0050), replacing an earlier one: the
   * name users may choose to show (full-name visibility) is this one, never what someone typed.
   */
  async setIdName(
    tx: DbOrTx,
    userId: number,
    name: { firstName: string; middleName: string | null; lastName: string },
    at: Date,
  ) {
    await tx
      .insert(userKyc)
      .values({ userId, ...name, updatedAt: at })
      .onConflictDoUpdate({ target: userKyc.userId, set: { ...name, updatedAt: at } });
  },

  async setVideoStatus(tx: DbOrTx, userId: number, status: VideoStatus | null, at: Date) {
    await tx
      .insert(userKyc)
      .values({ userId, videoStatus: status, updatedAt: at })
      .onConflictDoUpdate({ target: userKyc.userId, set: { videoStatus: status, updatedAt: at } });
  },

  async videoStatusOf(db: DbOrTx, userId: number): Promise<VideoStatus | null> {
    const [row] = await db
      .select({ status: userKyc.videoStatus })
      .from(userKyc)
      .where(sql`${userKyc.userId} = ${userId}`);
    return row?.status ?? null;
  },
};

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
