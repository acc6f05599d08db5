import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../../test/db.js';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers.js';
import { ScriptedBitcoinAdapter } from '../../../../test/scripted-chain.js';
import { REAL_CUSTODY_VIEWS } from './custody-from-config.js';
import { REAL_CHAIN_ADAPTERS } from './networks.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Deposit address indexes under concurrency (decision 0055): gap-free per network, one per user, never
 * one index for two users, through the whole HTTP stack on a real PostgreSQL server.
 */
describe.skipIf(!onPostgres())('deposit address indexes at once (PostgreSQL)', () => {
  let t: TestApp;
  const clients: TestClient[] = [];
  beforeAll(async () => {
    REAL_CHAIN_ADAPTERS.BTC = {
      esplora: (config) => new ScriptedBitcoinAdapter(config.wallet.confirmations),
    };
    // The stand-in has no chain to hold coins on: no custody view for BTC.
    REAL_CUSTODY_VIEWS.BTC = {};
    t = await createTestApp({ CHAIN_BTC: 'esplora' });
    for (let i = 0; i < 16; i += 1) {
      const client = t.client();
      await client.register(`ix_user${i}`);
      clients.push(client);
    }
  });
  afterAll(async () => {
    delete REAL_CHAIN_ADAPTERS.BTC;
    delete REAL_CUSTODY_VIEWS.BTC;
    await t?.close();
  });

  const addressOf = async (client: TestClient, code: string) => {
    const response = await client.get(`/rest/v2/wallet/deposit-address?crypto_currency_code=${code}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.address as string;
  };

  it('should give one address to one user asking ten times at once', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => addressOf(clients[0]!, 'BTC')));
    expect(new Set(answers).size).toBe(1);
    // ETH, USDT and USDC asked at once: one EVM index.
    await Promise.all(['ETH', 'USDT', 'USDC', 'ETH', 'USDT'].map((code) => addressOf(clients[0]!, code)));
    const indexes = rowsOf<{ network: string; n: string }>(
      await t.database.db.execute(
        sql`SELECT network, count(*)::text AS n FROM deposit_address_indexes GROUP BY network ORDER BY network`,
      ),
    );
    expect(indexes).toEqual([
      { network: 'BTC', n: '1' },
      { network: 'EVM', n: '1' },
    ]);
  });

  it('should give sixteen users asking at once sixteen different, gap-free indexes and addresses', async () => {
    const answers = await Promise.all(
      clients.flatMap((client) => [
        addressOf(client, 'BTC'),
        addressOf(client, 'BTC'),
        addressOf(client, 'USDC'),
      ]),
    );
    const btc = answers.filter((_, i) => i % 3 !== 2);
    expect(new Set(btc).size).toBe(16);
    const rows = rowsOf<{ network: string; derivation_index: number; user_id: number }>(
      await t.database.db.execute(
        sql`SELECT network, derivation_index, user_id FROM deposit_address_indexes ORDER BY network, derivation_index`,
      ),
    );
    for (const network of ['BTC', 'EVM']) {
      const mine = rows.filter((r) => r.network === network);
      expect(mine.map((r) => Number(r.derivation_index))).toEqual(Array.from({ length: 16 }, (_, i) => i));
      expect(new Set(mine.map((r) => r.user_id)).size).toBe(16);
    }
    // Each BTC address is the one derived from its owner's index.
    const addressRows = rowsOf<{ address: string; derivation_index: number; user_id: number }>(
      await t.database.db.execute(
        sql`SELECT address, derivation_index, user_id FROM deposit_addresses WHERE crypto_code = 'BTC'`,
      ),
    );
    for (const row of addressRows) {
      expect(row.address).toBe(`bcrt1qscripted${String(row.derivation_index).padStart(6, '0')}`);
    }
  });
});
