import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../../test/db.js';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers.js';
import { runAdminCommand } from '../../../cli/commands.js';
import { runSeeds } from '../../../seeds/index.js';
import { chainDeposits, depositAddresses } from '../tables.js';
import { SimulatedChain } from './adapter.js';
import { addressFormat, isValidAddress } from './addresses.js';
import { convertSimulatedAddressesToTestForm } from './test-form-addresses.js';

/**
 * A data folder from before decision 0047: the simulated chain handed out mainnet-format addresses. The
 * start-up step gives each its test-network form over the same key, in the address table and in the
 * deposits made to it, once; Ethereum's (no test form) and coins on another chain stay as they are.
 */
describe('simulated deposit addresses from an earlier version', () => {
  let t: TestApp;
  let alice: TestClient;
  let aliceId: number;
  const old = {
    BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    LTC: addressFormat('LTC', 'mainnet').generate(),
    XMR: '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A',
    ETH: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  };
  const admin = (...argv: string[]) => runAdminCommand({ db: t.database.db, config: t.config }, argv);
  const stored = async (code: string) =>
    (
      await t.database.db
        .select({ address: depositAddresses.address })
        .from(depositAddresses)
        .where(and(eq(depositAddresses.userId, aliceId), eq(depositAddresses.cryptoCode, code)))
    )[0]?.address;

  beforeAll(async () => {
    t = await createTestApp();
    await runSeeds(t.database.db, { demoData: false });
    alice = t.client();
    aliceId = (await alice.register('old_addresses')).id;
    // What the earlier version left: mainnet-looking addresses, and a BTC deposit made to one.
    await t.database.db
      .insert(depositAddresses)
      .values(Object.entries(old).map(([cryptoCode, address]) => ({ userId: aliceId, cryptoCode, address })));
    expect(
      (await admin('wallet:deposit', '--user', 'old_addresses', '--crypto', 'BTC', '--amount', '0.2'))
        .exitCode,
    ).toBe(0);
    const [deposit] = await t.database.db
      .select()
      .from(chainDeposits)
      .where(eq(chainDeposits.userId, aliceId));
    expect(deposit!.address).toBe(old.BTC);
  });
  afterAll(async () => {
    await t.close();
  });

  it('should leave the coins of another chain alone', async () => {
    // As if LTC, XMR and ETH ran on a real chain: only BTC is the simulated chain's to convert.
    expect(await convertSimulatedAddressesToTestForm(t.database.db, { simulatedCoins: ['BTC', 'ETH'] })).toBe(
      1,
    );
    expect(await stored('LTC')).toBe(old.LTC);
    expect(await stored('XMR')).toBe(old.XMR);
    expect(await stored('BTC')).toBe('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080');
  });

  it('should give every simulated address its test form over the same key, deposits included, once', async () => {
    const chain = new SimulatedChain();
    expect(await convertSimulatedAddressesToTestForm(t.database.db, chain)).toBe(2);
    expect(await stored('BTC')).toBe('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080');
    expect(await stored('LTC')).toMatch(/^rltc1q/);
    expect(await stored('LTC')).toBe(`rltc1${(await stored('LTC'))!.slice(5)}`);
    expect(isValidAddress('LTC', (await stored('LTC'))!, 'test')).toBe(true);
    // The same Monero keys (blocks 1 to 7 of its base58 hold key bytes only) under stagenet's prefix.
    const xmr = (await stored('XMR'))!;
    expect(xmr).toMatch(/^5/);
    expect(isValidAddress('XMR', xmr, 'test')).toBe(true);
    expect(xmr.slice(11, 88)).toBe(old.XMR.slice(11, 88));
    expect(await stored('ETH')).toBe(old.ETH);
    const [deposit] = await t.database.db
      .select()
      .from(chainDeposits)
      .where(eq(chainDeposits.userId, aliceId));
    expect(deposit!.address).toBe('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080');

    // Idempotent: the next start finds nothing to do.
    expect(await convertSimulatedAddressesToTestForm(t.database.db, chain)).toBe(0);
    // The wallet answers the converted address, and the balance is untouched.
    const answer = (await alice.get('/rest/v2/wallet/deposit-address?crypto_currency_code=BTC')).json().data;
    expect(answer).toMatchObject({
      address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
      simulated: true,
    });
    const balances = (await alice.get('/rest/v2/wallet/balances')).json().data as {
      cryptoCurrencyCode: string;
      balance: string;
    }[];
    expect(balances.find((b) => b.cryptoCurrencyCode === 'BTC')!.balance).toBe('0.20000000');
  });

  it('should give an address with no test counterpart a new test address', async () => {
    // A legacy P2PKH address: the simulated chain never made one, but a hand-edited row could hold it.
    const bob = t.client();
    const bobId = (await bob.register('legacy_address')).id;
    await t.database.db
      .insert(depositAddresses)
      .values({ userId: bobId, cryptoCode: 'BTC', address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa' });
    expect(await convertSimulatedAddressesToTestForm(t.database.db, new SimulatedChain())).toBe(1);
    const answer = (await bob.get('/rest/v2/wallet/deposit-address?crypto_currency_code=BTC')).json().data;
    expect(answer.address).toMatch(/^bcrt1q/);
    expect(isValidAddress('BTC', answer.address, 'test')).toBe(true);
  });

  it.skipIf(!onPostgres())(
    'should move each row once when two instances start at the same moment',
    async () => {
      const rows: { userId: number; cryptoCode: string; address: string }[] = [];
      for (let i = 0; i < 4; i += 1) {
        const { id } = await t.client().register(`race_addresses_${i}`);
        rows.push(
          { userId: id, cryptoCode: 'BTC', address: addressFormat('BTC', 'mainnet').generate() },
          { userId: id, cryptoCode: 'XMR', address: addressFormat('XMR', 'mainnet').generate() },
        );
        // No counterpart: each instance would draw its own new address; only one may land.
        if (i === 0) {
          rows.push({ userId: id, cryptoCode: 'LTC', address: 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9' });
        }
      }
      await t.database.db.insert(depositAddresses).values(rows);
      const chain = new SimulatedChain();
      const [a, b] = await Promise.all([
        convertSimulatedAddressesToTestForm(t.database.db, chain),
        convertSimulatedAddressesToTestForm(t.database.db, chain),
      ]);
      expect(a + b).toBe(rows.length);
      const stored = await t.database.db
        .select({ cryptoCode: depositAddresses.cryptoCode, address: depositAddresses.address })
        .from(depositAddresses);
      for (const row of stored) {
        expect(isValidAddress(row.cryptoCode, row.address, 'test'), row.address).toBe(true);
      }
    },
  );
});
