import { and, eq, notLike } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { chainDeposits, depositAddresses } from '../tables.js';
import type { ChainAdapter } from './adapter.js';
import { addressFormat, hasTestForm, isValidAddress, testFormOf } from './addresses.js';

/**
 * Gives the deposit addresses of the coins on the simulated chain their test-network form, at start.
 * Versions before decision 0047 handed out mainnet-format addresses (`bc1q...`, `ltc1q...`, Monero
 * `4...`) that a real wallet would pay; a data folder kept from then would still show them. Each one is
 * rewritten over the same key (the segwit program, the Monero keys) with the test network's checksum, in
 * `deposit_addresses` and in the deposits made to it, so the user's address keeps its identity and its
 * history; anything that has no test counterpart gets a new test address. Idempotent and safe for
 * several instances starting at once (each row moves only from the address it was read with). Coins on
 * a real chain are left alone. Answers how many addresses changed.
 */
export async function convertSimulatedAddressesToTestForm(
  db: Db,
  chain: Pick<ChainAdapter, 'simulatedCoins'>,
): Promise<number> {
  let converted = 0;
  for (const code of chain.simulatedCoins.filter(hasTestForm)) {
    const test = addressFormat(code, 'test');
    // Every address the simulated chain makes now starts this way: only older rows are read.
    const rows = await db
      .select({ id: depositAddresses.id, userId: depositAddresses.userId, address: depositAddresses.address })
      .from(depositAddresses)
      .where(
        and(
          eq(depositAddresses.cryptoCode, code),
          notLike(depositAddresses.address, `${test.generatedPrefix}%`),
        ),
      );
    for (const row of rows) {
      if (isValidAddress(code, row.address, 'test')) continue;
      const address = testFormOf(code, row.address) ?? test.generate();
      const moved = await db.transaction(async (tx) => {
        const updated = await tx
          .update(depositAddresses)
          .set({ address })
          .where(and(eq(depositAddresses.id, row.id), eq(depositAddresses.address, row.address)))
          .returning({ id: depositAddresses.id });
        if (updated.length === 0) return false; // another instance moved it first
        await tx
          .update(chainDeposits)
          .set({ address })
          .where(
            and(
              eq(chainDeposits.userId, row.userId),
              eq(chainDeposits.cryptoCode, code),
              eq(chainDeposits.address, row.address),
            ),
          );
        return true;
      });
      if (moved) converted += 1;
    }
  }
  return converted;
}
