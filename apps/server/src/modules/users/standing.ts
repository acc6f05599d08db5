import type { AccountNoticeCode, AccountState, UserRole } from '@app/contract';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { usersRepository, type UserRow } from './repository.js';

/**
 * Writes to a user's standing (account state, notice, role) for the staff console. Each takes the
 * caller's transaction, so the change, its audit row and the rules checked under the row lock commit
 * together. Ending sessions and closing sockets is the caller's job after commit (session.ts).
 */
export const userStanding = {
  findByUsername: (db: DbOrTx, username: string): Promise<UserRow | undefined> =>
    usersRepository.findByUsername(db, username),

  /** The user row, locked until the transaction ends (concurrent staff actions queue here). */
  lockByUsername: (tx: Tx, username: string): Promise<UserRow | undefined> =>
    usersRepository.findByUsername(tx, username, { forUpdate: true }),

  set: (
    tx: Tx,
    id: number,
    standing: { accountState: AccountState; accountNotice: AccountNoticeCode | null },
  ): Promise<UserRow> => usersRepository.setStanding(tx, id, standing),

  setRole: (tx: Tx, id: number, role: UserRole): Promise<UserRow> => usersRepository.setRole(tx, id, role),
};
