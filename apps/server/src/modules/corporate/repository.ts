import { eq, sql } from 'drizzle-orm';
import type { CorporateNameDisplay, VerificationRequestStatus } from '@app/contract';
import type { DbOrTx } from '../../platform/db/client.js';
import { corporateAccounts } from './tables.js';

export type CorporateRow = typeof corporateAccounts.$inferSelect;

/** A corporate account with its latest company verification, as `withApplication` reads it. */
export type CorporateWithApplication = CorporateRow & {
  request: {
    id: number;
    status: VerificationRequestStatus;
    submitted: boolean;
    /** Staff asked for a new document: the company must upload it again. */
    resubmit: boolean;
  } | null;
};

type ApplicationRow = {
  user_id: number;
  legal_name: string;
  business_name: string;
  registration_number: string;
  country_iso3: string;
  name_display: CorporateNameDisplay;
  postponed_until: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
  request_id: number | null;
  request_status: VerificationRequestStatus | null;
  submitted: boolean | null;
  resubmit: boolean | null;
};

const date = (value: string | Date) => new Date(value);

export const corporateRepository = {
  /**
   * The accounts with, each, its latest company verification and whether staff asked for a new document,
   * in one statement (the company requests are read by their SQL name: kyc-requests owns them).
   */
  async withApplication(db: DbOrTx, userIds: readonly number[]): Promise<CorporateWithApplication[]> {
    if (userIds.length === 0) return [];
    const result = (await db.execute(sql`
      SELECT ca.*, r.id AS request_id, r.status AS request_status,
        r.submitted_at IS NOT NULL AS submitted,
        EXISTS (SELECT 1 FROM verification_documents d
          WHERE d.request_id = r.id AND d.status = 'rejected') AS resubmit
      FROM corporate_accounts ca
      LEFT JOIN LATERAL (
        SELECT v.id, v.status, v.submitted_at FROM verification_requests v
        WHERE v.user_id = ca.user_id AND v.type = 'company'
        ORDER BY v.created_at DESC, v.id DESC LIMIT 1
      ) r ON true
      WHERE ca.user_id = ANY(${`{${userIds.join(',')}}`}::int[])`)) as unknown as { rows: ApplicationRow[] };
    return result.rows.map((row) => ({
      userId: Number(row.user_id),
      legalName: row.legal_name,
      businessName: row.business_name,
      registrationNumber: row.registration_number,
      countryIso3: row.country_iso3,
      nameDisplay: row.name_display,
      postponedUntil: row.postponed_until === null ? null : date(row.postponed_until),
      createdAt: date(row.created_at),
      updatedAt: date(row.updated_at),
      request:
        row.request_id === null
          ? null
          : {
              id: Number(row.request_id),
              status: row.request_status!,
              submitted: row.submitted === true,
              resubmit: row.resubmit === true,
            },
    }));
  },

  /** Writes the company's application (a new account, or the corrected one), the reminder shown again. */
  async upsert(
    tx: DbOrTx,
    row: Omit<typeof corporateAccounts.$inferInsert, 'postponedUntil' | 'createdAt' | 'updatedAt'>,
    at: Date,
  ) {
    const values = { ...row, postponedUntil: null, updatedAt: at };
    await tx
      .insert(corporateAccounts)
      .values({ ...values, createdAt: at })
      .onConflictDoUpdate({ target: corporateAccounts.userId, set: values });
  },

  /** The account's row, locked (the conversions serialise on it), or undefined for a personal one. */
  async lock(tx: DbOrTx, userId: number): Promise<CorporateRow | undefined> {
    const [row] = await tx
      .select()
      .from(corporateAccounts)
      .where(eq(corporateAccounts.userId, userId))
      .for('update');
    return row;
  },

  async remove(tx: DbOrTx, userId: number) {
    await tx.delete(corporateAccounts).where(eq(corporateAccounts.userId, userId));
  },

  async postpone(tx: DbOrTx, userId: number, until: Date, at: Date) {
    await tx
      .update(corporateAccounts)
      .set({ postponedUntil: until, updatedAt: at })
      .where(eq(corporateAccounts.userId, userId));
  },
};
