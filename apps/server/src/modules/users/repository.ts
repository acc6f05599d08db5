import { eq, sql } from 'drizzle-orm';
import type { AccountNoticeCode, AccountState, UserRole } from '@app/contract';
import type { DbOrTx } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { usersChanged } from '../../platform/db/changes.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export const usersRepository = {
  async findById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  },

  /** Finds by username or e-mail, case-insensitively (both are unique that way). */
  async findByLogin(db: DbOrTx, login: string): Promise<UserRow | undefined> {
    const value = login.trim().toLowerCase();
    const column = value.includes('@') ? users.email : users.username;
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${column}) = ${value}`)
      .limit(1);
    return row;
  },

  /** `forUpdate`: lock the row until the caller's transaction ends. */
  async findByUsername(
    db: DbOrTx,
    username: string,
    { forUpdate = false }: { forUpdate?: boolean } = {},
  ): Promise<UserRow | undefined> {
    const query = db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`)
      .limit(1);
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  },

  async insert(db: DbOrTx, row: NewUserRow): Promise<UserRow> {
    const [created] = await db.insert(users).values(row).returning();
    if (!created) throw new Error('insert into users returned no row');
    return created;
  },

  /** Changes some of the account's own fields (e-mail, verification flags, settings). */
  async update(db: DbOrTx, id: number, values: Partial<NewUserRow>): Promise<UserRow> {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw new Error(`user ${id} vanished`);
    usersChanged(db, [id]);
    return row;
  },

  /** The user's row, locked until the caller's transaction ends. */
  async lockById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
    return row;
  },

  async setAccountState(db: DbOrTx, id: number, accountState: AccountState): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ accountState, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    usersChanged(db, [id]);
    return row;
  },

  async setStanding(
    db: DbOrTx,
    id: number,
    standing: { accountState: AccountState; accountNotice: AccountNoticeCode | null },
  ): Promise<UserRow> {
    const [row] = await db
      .update(users)
      .set({ ...standing, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw new Error(`user ${id} vanished under its row lock`);
    usersChanged(db, [id]);
    return row;
  },

  async setRole(db: DbOrTx, id: number, role: UserRole): Promise<UserRow> {
    const [row] = await db
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw new Error(`user ${id} vanished under its row lock`);
    usersChanged(db, [id]);
    return row;
  },

  async touchLogin(db: DbOrTx, id: number): Promise<void> {
    await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, id));
  },
};
