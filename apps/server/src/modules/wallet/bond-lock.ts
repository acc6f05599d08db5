import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';

/** Advisory-lock namespace of "one user's bonds and the offers that need them" (second key: the user id). */
const BOND_LOCK_NAMESPACE = 0x626f_6e64; // "bond"

/**
 * Serialises, until the transaction ends, everything that decides whether a user's active offers are
 * covered by their bond: retrieving the bond (which re-checks that no active offer needs it) and every
 * way an offer becomes active (create, edit, status, toggle-all: each re-checks the bond). Whichever comes
 * second sees what the first committed, so no active bonded offer is left without its bond.
 *
 * Keyed on the user, not on (user, coin): an offer edit can change its coin and toggle-all touches every
 * coin, so one lock per user taken first, before any offer row, keeps the lock order simple and
 * deadlock-free. Only the user's own bond and offer changes wait on it.
 */
export async function lockBondsOf(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${BOND_LOCK_NAMESPACE}::int4, ${userId}::int4)`);
}
