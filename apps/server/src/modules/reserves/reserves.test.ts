import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCustodySchema,
  myProofOfReservesSchema,
  proofOfReservesSchema,
  type MyProofOfReserves,
  type ProofOfReserves,
} from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { kycLevelsEnv } from '../../../test/kyc-levels.js';
import { runSeeds } from '../../seeds/index.js';
import { runAdminCommand } from '../../cli/commands.js';
import { checkLedger } from '../ledger/index.js';
import type { CustodyView, Holding, OwnershipProof } from '../wallet/index.js';
import { custodyOverview } from './custody.js';
import { publishReserves } from './publish.js';
import { formatReconciliation, reconcile } from './reconcile.js';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../../../../../scripts/verify-reserves-proof.mjs', import.meta.url));

/**
 * A stand-in for a real network's custody (an EXTERNAL system: the chain): holdings and signatures as
 * given. The real ones (Bitcoin, EVM) are tested against their nodes; here only what reserves does with
 * what a chain says is under test.
 */
function standIn(
  coins: string[],
  holdings: Holding[],
  proofs: (message: string) => OwnershipProof[] = () => [],
) {
  return {
    network: 'BTC',
    coins,
    holdings: () => Promise.resolve(holdings),
    proveOwnership: (message: string) => Promise.resolve(proofs(message)),
  } satisfies CustodyView;
}

describe('proof of reserves and reconciliation', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  let staff: TestClient;
  const admin = (...argv: string[]) => runAdminCommand({ db: t.database.db, config: t.config }, argv);
  const decimalsOf = (code: string) => t.app.wallet.decimalsOf(code);
  const publicView = async (client: TestClient, query = '') => {
    const response = await client.get(`/rest/v2/wallet/proof-of-reserves${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return proofOfReservesSchema.parse(response.json().data) as ProofOfReserves;
  };
  const mine = async (client: TestClient, query = '') => {
    const response = await client.get(`/rest/v2/wallet/proof-of-reserves/me${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return myProofOfReservesSchema.parse(response.json().data) as MyProofOfReserves;
  };
  async function verifyWithScript(proofs: unknown, ...args: string[]) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'por-'));
    const file = path.join(dir, 'my-proof.json');
    fs.writeFileSync(file, JSON.stringify(proofs));
    try {
      return { code: 0, ...(await run(process.execPath, [SCRIPT, file, ...args])) };
    } catch (error) {
      return error as { code: number; stdout: string };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  beforeAll(async () => {
    t = await createTestApp({
      ...kycLevelsEnv({ withdrawalUsd: null }),
      WALLET_NETWORK_FEES: 'BTC:0.0001',
      HOT_WALLET_TARGET: 'BTC:0.5',
    });
    await runSeeds(t.database.db, { demoData: false });
    alice = t.client();
    bob = t.client();
    carol = t.client();
    await alice.register('por_alice');
    await bob.register('por_bob');
    await carol.register('por_carol');
    const created = await admin(
      'user:create',
      ...['--username', 'por_staff', '--email', 'por_staff@example.com', '--password', 'Str0ng-pass!'],
      ...['--role', 'admin'],
    );
    expect(created.exitCode, created.output).toBe(0);
    staff = t.client();
    expect((await staff.login('por_staff')).statusCode).toBe(200);
  });
  afterAll(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
    await t.close();
  });

  it('should show an empty state before the first publication, to anyone', async () => {
    expect(await publicView(t.client())).toEqual({ snapshot: null, history: [] });
    expect(await mine(alice)).toEqual({ snapshotId: null, takenAt: null, proofs: [] });
    expect((await t.client().get('/rest/v2/wallet/proof-of-reserves/me')).statusCode).toBe(401);
  });

  it('should publish every user balance per coin, and prove each user their own leaf', async () => {
    for (const [user, amount] of [
      ['por_alice', '1'],
      ['por_bob', '0.25'],
    ] as const) {
      expect(
        (await admin('wallet:deposit', '--user', user, '--crypto', 'BTC', '--amount', amount)).exitCode,
      ).toBe(0);
    }
    // Bob sends some to Alice (instant, no fee), and some out (pending: in `outgoing`, not his any more).
    const sent = await bob.post('/rest/v2/wallet/withdraw', {
      crypto_currency_code: 'BTC',
      amount: '0.05',
      username: 'por_alice',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const out = await bob.post('/rest/v2/wallet/withdraw', {
      crypto_currency_code: 'BTC',
      amount: '0.1',
      address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
    });
    expect(out.statusCode, out.body).toBe(201);

    const published = await admin('reserves:publish');
    expect(published.exitCode, published.output).toBe(0);
    expect(published.output).toMatch(/published proof-of-reserves snapshot #\d+: BTC \(2 leaves\)/);

    const view = await publicView(t.client());
    expect(view.snapshot).not.toBeNull();
    const btc = view.snapshot!.coins.find((c) => c.cryptoCurrencyCode === 'BTC')!;
    // Alice 1.05, Bob 0.25 − 0.05 − 0.1 − 0.0001 fee = 0.0999: 1.1499 BTC owed to users.
    expect(btc).toMatchObject({
      liabilities: '114990000',
      leafCount: 2,
      owedCount: 0,
      owed: '0',
      custody: 'simulated',
      reserves: '0',
      covered: null,
      decimals: 8,
    });
    expect(view.snapshot!.addresses).toEqual([]);
    expect(view.snapshot!.message).toContain(`BTC:${btc.rootHash}`);
    expect(view.history.map((h) => h.id)).toEqual([view.snapshot!.id]);

    const a = await mine(alice);
    expect(a.snapshotId).toBe(view.snapshot!.id);
    expect(a.proofs).toHaveLength(1);
    expect(a.proofs[0]).toMatchObject({
      account: 'por_alice',
      balance: '105000000',
      cryptoCurrencyCode: 'BTC',
    });
    expect(a.proofs[0]!.root).toEqual({ hash: btc.rootHash, sum: btc.liabilities });

    // The documented script, as a user would run it, against the published root.
    const ok = await verifyWithScript({ data: a }, '--root', btc.rootHash);
    expect(ok.code, ok.stdout).toBe(0);
    expect(ok.stdout).toContain('OK BTC');
    const tampered = { ...a, proofs: [{ ...a.proofs[0]!, balance: '105000001', leafHash: undefined }] };
    expect((await verifyWithScript({ data: tampered }, '--root', btc.rootHash)).code).toBe(1);
  });

  it('should show each user only their own leaf', async () => {
    const b = await mine(bob);
    expect(b.proofs.map((p) => p.account)).toEqual(['por_bob']);
    expect(b.proofs[0]!.balance).toBe('9990000');
    // Carol had no balance at all: no leaf, and nobody else's.
    expect((await mine(carol)).proofs).toEqual([]);
    // The published data names nobody.
    const body = JSON.stringify(await publicView(t.client()));
    expect(body).not.toContain('por_alice');
    expect(body).not.toContain('105000000');
  });

  it('should keep old snapshots and answer a chosen one', async () => {
    const first = (await publicView(t.client())).snapshot!;
    expect(
      (await admin('wallet:deposit', '--user', 'por_carol', '--crypto', 'BTC', '--amount', '0.01')).exitCode,
    ).toBe(0);
    expect((await admin('reserves:publish')).exitCode).toBe(0);
    const latest = await publicView(t.client());
    expect(latest.snapshot!.id).toBeGreaterThan(first.id);
    expect(latest.history.map((h) => h.id)).toEqual([latest.snapshot!.id, first.id]);
    expect(latest.snapshot!.coins[0]!.liabilities).toBe('115990000');
    const old = await publicView(t.client(), `?snapshot=${first.id}`);
    expect(old.snapshot!.coins[0]!.rootHash).toBe(first.coins[0]!.rootHash);
    expect((await mine(carol, `?snapshot=${first.id}`)).proofs).toEqual([]);
    expect((await mine(carol)).proofs.map((p) => p.balance)).toEqual(['1000000']);
    // Every leaf of the new tree has a fresh salt.
    const [a1, a2] = [await mine(alice, `?snapshot=${first.id}`), await mine(alice)];
    expect(a1.proofs[0]!.salt).not.toBe(a2.proofs[0]!.salt);
    expect((await t.client().get('/rest/v2/wallet/proof-of-reserves?snapshot=abc')).statusCode).toBe(422);
    expect((await publicView(t.client(), '?snapshot=999999')).snapshot).toBeNull();
  });

  it('should refuse malformed snapshot ids with a field error, never a 5xx, and answer snake case', async () => {
    const huge = '9'.repeat(100_000);
    for (const bad of ['-1', '0', '1.5', '%00', 'a%00b', '99999999999999999999', huge]) {
      for (const path of ['/rest/v2/wallet/proof-of-reserves', '/rest/v2/wallet/proof-of-reserves/me']) {
        const response = await alice.get(`${path}?snapshot=${bad}`);
        expect(
          response.statusCode,
          `${path} ${bad.slice(0, 20)}: ${response.body.slice(0, 200)}`,
        ).toBeLessThan(500);
        expect([404, 414, 422, 431]).toContain(response.statusCode);
      }
    }
    const snake = await alice.get('/rest/v2/wallet/proof-of-reserves/me?case=snake');
    expect(snake.statusCode).toBe(200);
    expect(Object.keys(snake.json().data)).toContain('snapshot_id');
    // Twenty members at once read their own proofs, each exactly theirs.
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => mine([alice, bob][i % 2]!)));
    expect(answers.map((a) => a.proofs[0]?.account)).toEqual(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 'por_alice' : 'por_bob')),
    );
  });

  it('should list a real network’s addresses with their signatures and whether they cover the liabilities', async () => {
    const hot = 'bcrt1qhotwallet';
    const view = standIn(
      ['BTC'],
      [{ coin: 'BTC', place: 'hot', address: hot, amount: 200_000_000n }],
      (message) => [
        { coin: 'BTC', address: hot, message, signature: 'AkcwRAIg-signature', scheme: 'bip322' },
      ],
    );
    const result = await publishReserves(t.database.db, [view]);
    expect(result.published).toBe(true);
    const published = (await publicView(t.client())).snapshot!;
    expect(published.coins[0]).toMatchObject({ custody: 'chain', reserves: '200000000', covered: true });
    expect(published.addresses).toEqual([
      {
        network: 'BTC',
        cryptoCurrencyCode: 'BTC',
        place: 'hot',
        address: hot,
        amount: '200000000',
        scheme: 'bip322',
        message: published.message,
        signature: 'AkcwRAIg-signature',
      },
    ]);
    expect(published.message).toMatch(/^p2p-marketplace proof of reserves #\d+ \d{4}-.+Z BTC:[0-9a-f]{64}$/);

    const short = standIn(['BTC'], [{ coin: 'BTC', place: 'cold', address: 'bcrt1qcold', amount: 1n }]);
    await publishReserves(t.database.db, [short]);
    expect((await publicView(t.client())).snapshot!.coins[0]).toMatchObject({
      covered: false,
      reserves: '1',
    });

    const broken = { ...short, holdings: () => Promise.reject(new Error('node down')) };
    await publishReserves(t.database.db, [broken]);
    expect((await publicView(t.client())).snapshot!.problems).toEqual([
      'BTC: holdings could not be read (node down)',
    ]);
  });

  describe('chain:reconcile', () => {
    it('should say the simulated chain has nothing to compare with', async () => {
      const result = await admin('chain:reconcile');
      expect(result.exitCode, result.output).toBe(0);
      expect(result.output).toContain('simulated chain: there is no chain to compare with');
      expect(result.output).toContain('reconciliation: ok');
    });

    it('should match holdings equal to the ledger custody and explain what is in flight', async () => {
      const base = await reconcile({ db: t.database.db, views: [standIn(['BTC'], [])], decimalsOf });
      const btc = base.coins.find((c) => c.cryptoCode === 'BTC')!;
      // Users 1.1599, Bob's send-out waiting in `outgoing` 0.1001 (not broadcast: still on chain).
      expect(btc.ledger).toMatchObject({ users: 115_990_000n, outgoing: 10_010_000n, custody: 126_000_000n });
      const exact = standIn(
        ['BTC'],
        [
          { coin: 'BTC', place: 'hot', address: 'h', amount: 26_000_000n },
          { coin: 'BTC', place: 'cold', address: 'c', amount: 100_000_000n },
        ],
      );
      const matched = await reconcile({ db: t.database.db, views: [exact], decimalsOf });
      expect(matched.ok).toBe(true);
      expect(matched.coins.find((c) => c.cryptoCode === 'BTC')).toMatchObject({
        difference: 0n,
        unexplained: 0n,
      });

      // A deposit seen on chain, not credited yet: on chain, not in the ledger; explained.
      expect(
        (
          await admin(
            'wallet:deposit',
            '--user',
            'por_bob',
            '--crypto',
            'BTC',
            '--amount',
            '0.3',
            '--pending',
          )
        ).exitCode,
      ).toBe(0);
      const withPending = standIn(
        ['BTC'],
        [
          { coin: 'BTC', place: 'hot', address: 'h', amount: 26_000_000n },
          { coin: 'BTC', place: 'cold', address: 'c', amount: 100_000_000n },
          { coin: 'BTC', place: 'deposit', address: 'd', amount: 30_000_000n },
        ],
      );
      const explained = await reconcile({ db: t.database.db, views: [withPending], decimalsOf });
      expect(explained.ok).toBe(true);
      const line = explained.coins.find((c) => c.cryptoCode === 'BTC')!;
      expect(line.difference).toBe(30_000_000n);
      expect(line.explained).toEqual([
        { amount: 30_000_000n, explanation: expect.stringContaining('not credited') },
      ]);
    });

    it("should count the operator's own coins and the fees paid by hand, booked once by custody:book", async () => {
      const btcOf = async (views: CustodyView[]) =>
        (await reconcile({ db: t.database.db, views, decimalsOf })).coins.find(
          (c) => c.cryptoCode === 'BTC',
        )!;
      const before = (await btcOf([standIn(['BTC'], [])])).ledger;
      const float = ['--crypto', 'BTC', '--txid', 'ab'.repeat(32), '--note', 'refill the hot wallet'];
      const booked = await admin('custody:book', '--as', 'float', '--amount', '0.05', ...float);
      expect(booked.exitCode, booked.output).toBe(0);
      expect(booked.output).toContain('booked operator float');
      const again = await admin('custody:book', '--as', 'float', '--amount', '0.05', ...float);
      expect(again.output).toContain('already booked');
      const fee = ['--crypto', 'BTC', '--txid', 'cd'.repeat(32), '--note', 'cold to hot by hand'];
      expect((await admin('custody:book', '--as', 'cost', '--amount', '0.0001', ...fee)).exitCode).toBe(0);

      const after = (await btcOf([standIn(['BTC'], [])])).ledger;
      expect(after.operator).toBe(before.operator + 5_000_000n);
      expect(after.networkCosts).toBe(before.networkCosts - 10_000n);
      expect(after.custody).toBe(before.custody + 5_000_000n - 10_000n);
      // The chain holds the float and lacks the fee: reconciled, with the pending deposit still explained.
      const chain = standIn(
        ['BTC'],
        [
          { coin: 'BTC', place: 'hot', address: 'h', amount: after.custody },
          { coin: 'BTC', place: 'deposit', address: 'd', amount: 30_000_000n },
        ],
      );
      const report = await reconcile({ db: t.database.db, views: [chain], decimalsOf });
      expect(report.ok, formatReconciliation(report)).toBe(true);
      expect(formatReconciliation(report)).toContain('operator float 0.05000000 BTC');

      // Refused, and nothing booked: more float out than in, a negative cost, malformed input.
      const refusals = [
        ['--as', 'float', '--amount', '-1', ...float.slice(0, 2), '--txid', 'ef'.repeat(32), '--note', 'x'],
        ['--as', 'cost', '--amount', '-0.1', ...fee],
        ['--as', 'gift', '--amount', '1', ...fee],
        ['--as', 'float', '--amount', '1', '--crypto', 'BTC', '--txid', 'nope', '--note', 'x'],
        ['--as', 'float', '--amount', '1e3', ...float],
        ['--as', 'float', '--amount', '1', '--crypto', 'DOGE', '--txid', 'ef'.repeat(32), '--note', 'x'],
        [
          '--as',
          'float',
          '--amount',
          '1',
          '--crypto',
          'BTC',
          '--txid',
          'ef'.repeat(32),
          '--note',
          'a\u0000b',
        ],
        [
          '--as',
          'float',
          '--amount',
          '1',
          '--crypto',
          'BTC',
          '--txid',
          'ef'.repeat(32),
          '--note',
          'x'.repeat(501),
        ],
      ];
      for (const argv of refusals) {
        const refused = await admin('custody:book', ...argv);
        expect(refused.exitCode, `${argv.join(' ').slice(0, 80)}: ${refused.output}`).not.toBe(0);
      }
      expect((await btcOf([standIn(['BTC'], [])])).ledger).toEqual(after);
    });

    it('should report an unexplained difference and fail', async () => {
      const missing = standIn(['BTC'], [{ coin: 'BTC', place: 'hot', address: 'h', amount: 1_000n }]);
      const report = await reconcile({ db: t.database.db, views: [missing], decimalsOf });
      expect(report.ok).toBe(false);
      const btc = report.coins.find((c) => c.cryptoCode === 'BTC')!;
      // The pending deposit (0.3) is still explained; the rest (custody with the float, less the fee) is not.
      expect(btc.unexplained).toBe(1_000n - (126_000_000n + 5_000_000n - 10_000n) - 30_000_000n);
    });
  });

  describe('the console’s hot and cold balances', () => {
    it('should show the custody per coin to staff with the permission only', async () => {
      expect((await alice.get('/rest/v1/admin/custody')).statusCode).toBe(404);
      const response = await staff.get('/rest/v1/admin/custody');
      expect(response.statusCode, response.body).toBe(200);
      const data = adminCustodySchema.parse(response.json().data);
      // Simulated: nothing on any chain; the hot wallet "needs" the waiting send-out plus the float.
      expect(data.coins.find((c) => c.cryptoCurrencyCode === 'BTC')).toMatchObject({
        custody: 'simulated',
        hot: '0',
        waitingWithdrawals: '10010000',
        target: '50000000',
        refill: '60010000',
      });
    });

    it('should compute what must be refilled from a network’s hot and cold holdings', async () => {
      const view = standIn(
        ['BTC'],
        [
          { coin: 'BTC', place: 'hot', address: 'h', amount: 20_000_000n },
          { coin: 'BTC', place: 'cold', address: 'c1', amount: 70_000_000n },
          { coin: 'BTC', place: 'cold', address: 'c2', amount: 30_000_000n },
        ],
      );
      const overview = await custodyOverview({
        db: t.database.db,
        views: [view],
        decimalsOf,
        hotWalletTargets: { BTC: '0.5' },
      });
      expect(overview.coins.find((c) => c.cryptoCurrencyCode === 'BTC')).toMatchObject({
        custody: 'chain',
        hot: '20000000',
        cold: '100000000',
        refill: '40010000',
      });
      const full = await custodyOverview({
        db: t.database.db,
        views: [standIn(['BTC'], [{ coin: 'BTC', place: 'hot', address: 'h', amount: 90_000_000n }])],
        decimalsOf,
        hotWalletTargets: { BTC: '0.5' },
      });
      expect(full.coins.find((c) => c.cryptoCurrencyCode === 'BTC')!.refill).toBe('0');
    });
  });
});
