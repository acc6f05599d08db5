import type { Config } from '../../src/platform/config.js';
import type { Database } from '../../src/platform/db/client.js';
import { runAdminCommand } from '../../src/cli/commands.js';
import { createLedger } from '../../src/modules/ledger/index.js';
import { usersRepository } from '../../src/modules/users/repository.js';
import type { BenchCase } from '../lib.js';
import { benchSession } from '../sessions.js';

/**
 * The pages issue 27 added (decisions 0055-0060): the public proof of reserves and a member's inclusion
 * proof, the member's deposits, and the console's withdrawals queue, payouts, custody and chain
 * reversals. `funded` members hold BTC before a snapshot is published, so the proof has a real tree.
 */
export function coinCase(database: Database, config: Config, funded = 1_000): BenchCase {
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  const member: Record<string, string> = { ...browser };
  const staff: Record<string, string> = { ...browser };
  return {
    name: 'coin',
    async setup() {
      const { db } = database;
      const run = Date.now().toString(36);
      const ledger = createLedger(db);
      const trader = await benchSession(db, `coin_${run}`);
      const admin = await benchSession(db, `coin_admin_${run}`);
      await usersRepository.setRole(db, admin.userId, 'admin');
      const holders = [trader.userId];
      for (let i = 1; i < funded; i += 1) {
        holders.push(
          (
            await usersRepository.insert(db, {
              username: `coin_${run}_${i}`,
              email: `coin_${run}_${i}@example.com`,
              passwordHash: 'x',
            })
          ).id,
        );
      }
      for (const userId of holders) {
        await ledger.transfer({
          idempotencyKey: `bench-coin-${run}-${userId}`,
          kind: 'deposit',
          cryptoCode: 'BTC',
          reference: { type: 'deposit', id: `bench-${run}-${userId}` },
          legs: [
            { account: { userId: null, kind: 'world' }, amount: -1_000_000n - BigInt(userId) },
            { account: { userId, kind: 'available' }, amount: 1_000_000n + BigInt(userId) },
          ],
        });
      }
      const published = await runAdminCommand({ db, config }, ['reserves:publish']);
      if (published.exitCode !== 0) throw new Error(`reserves:publish failed: ${published.output}`);
      member.cookie = trader.cookie;
      staff.cookie = admin.cookie;
    },
    requests: [
      { title: 'trivial, logged in (session lookup)', path: '/bench/trivial', headers: member },
      { title: 'proof of reserves, visitor', path: '/rest/v2/wallet/proof-of-reserves', headers: browser },
      { title: 'my inclusion proof, member', path: '/rest/v2/wallet/proof-of-reserves/me', headers: member },
      { title: 'my deposits, member', path: '/rest/v2/wallet/deposits', headers: member },
      { title: 'console: withdrawals to approve, admin', path: '/rest/v1/admin/withdrawals', headers: staff },
      { title: 'console: payouts, admin', path: '/rest/v1/admin/payouts', headers: staff },
      { title: 'console: custody, admin', path: '/rest/v1/admin/custody', headers: staff },
      { title: 'console: chain reversals, admin', path: '/rest/v1/admin/chain/reversals', headers: staff },
    ],
  };
}
