import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withdrawalSchema } from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { onPostgres } from '../../../test/db.js';
import { TEST_NETWORK_ADDRESSES } from '../../../test/addresses.js';
import { kycLevelsEnv } from '../../../test/kyc-levels.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';
import { checkLedger } from '../ledger/index.js';
import { runSeeds } from '../../seeds/index.js';

type Response = Awaited<ReturnType<TestClient['get']>>;

/**
 * The four-eyes queue under concurrency (decision 0058); only a real PostgreSQL server runs these at the
 * same time. The withdrawal's row lock decides: exactly one second approval, exactly one of approve and
 * reject, and one approval however often it is sent.
 */
describe.skipIf(!onPostgres())('withdrawal approvals under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  const staff: Party[] = [];

  const codeOf = (response: Response) => (response.json().errors?.[0] as { code: string } | undefined)?.code;
  const approve = (member: Party, id: string) => member.c.post(`/rest/v1/admin/withdrawals/${id}/approve`);
  const reject = (member: Party, id: string) =>
    member.c.post(`/rest/v1/admin/withdrawals/${id}/reject`, { reason: 'Suspicious destination' });
  const rowOf = async (id: string) => {
    const result = (await t.database.db.execute(sql`
      select w.status,
        (select count(*)::int from withdrawal_approvals a where a.withdrawal_id = w.id) as approvals,
        (select count(*)::int from ledger_transactions l where l.idempotency_key = ${`withdrawal:${id}:reject`})
          as refunds
      from withdrawals w where w.public_id = ${id}`)) as unknown as {
      rows: { status: string; approvals: number; refunds: number }[];
    };
    return result.rows[0]!;
  };
  async function queued() {
    const user = await s.party('warace');
    await s.fund(user.name, '1');
    const response = await user.c.post('/rest/v2/wallet/withdraw', {
      crypto_currency_code: 'BTC',
      amount: '0.5',
      address: TEST_NETWORK_ADDRESSES.BTC,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = withdrawalSchema.parse(response.json().data);
    expect(created.status).toBe('awaiting_approval');
    return { user, id: created.id };
  }
  const availableOf = async (user: Party) => {
    const rows = (await user.c.get('/rest/v2/wallet/balances')).json().data as {
      cryptoCurrencyCode: string;
      balance: string;
    }[];
    return rows.find((b) => b.cryptoCurrencyCode === 'BTC')!.balance;
  };

  beforeAll(async () => {
    t = await createTestApp({
      ...kycLevelsEnv({ withdrawalUsd: null }),
      WALLET_NETWORK_FEES: 'BTC:0.0001',
      WITHDRAW_APPROVAL_USD: '1000',
    });
    await runSeeds(t.database.db, { demoData: false });
    s = tradeScenario(t);
    for (const [name, role] of [
      ['wr_super_a', 'supermod'],
      ['wr_super_b', 'supermod'],
      ['wr_admin_c', 'admin'],
    ] as const) {
      staff.push(await s.staffMember(name, role));
    }
  }, 120_000);
  afterAll(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
    await t?.close();
  });

  it('should let two staff members approving at once both count, and move it to pending once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { id } = await queued();
      const answers = await Promise.all([approve(staff[0]!, id), approve(staff[1]!, id)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const statuses = answers.map((a) => a.json().data.status as string).sort();
      // One became the first approval, the other the second that released it.
      expect(statuses).toEqual(['awaiting_approval', 'pending']);
      expect(await rowOf(id)).toMatchObject({ status: 'pending', approvals: 2 });
    }
  });

  it('should let exactly one of an approval and a rejection at once win, and move the ledger once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { user, id } = await queued();
      // One approval already given: the racing approval would be the releasing second one.
      expect((await approve(staff[2]!, id)).statusCode).toBe(200);
      const [approved, rejected] = await Promise.all([approve(staff[0]!, id), reject(staff[1]!, id)]);
      const winners = [approved, rejected].filter((a) => a.statusCode === 200);
      expect(winners).toHaveLength(1);
      const loser = [approved, rejected].find((a) => a.statusCode !== 200)!;
      expect(loser.statusCode).toBe(409);
      expect(codeOf(loser)).toBe('WITHDRAWAL_NOT_AWAITING_APPROVAL');
      const row = await rowOf(id);
      if (approved.statusCode === 200) {
        expect(row).toMatchObject({ status: 'pending', refunds: 0 });
        expect(await availableOf(user)).toBe('0.49990000');
      } else {
        expect(row).toMatchObject({ status: 'rejected', refunds: 1 });
        expect(await availableOf(user)).toBe('1.00000000');
      }
    }
  });

  it('should record one approval when the same one is sent 20 times at once', async () => {
    const { id } = await queued();
    const answers = await Promise.all(Array.from({ length: 20 }, () => approve(staff[0]!, id)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(new Set(answers.filter((a) => a.statusCode === 409).map(codeOf))).toEqual(
      new Set(['WITHDRAWAL_ALREADY_APPROVED']),
    );
    expect(await rowOf(id)).toMatchObject({ status: 'awaiting_approval', approvals: 1 });
  });

  it('should reject once when the same rejection is sent 20 times at once', async () => {
    const { user, id } = await queued();
    const answers = await Promise.all(Array.from({ length: 20 }, () => reject(staff[1]!, id)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'rejected', refunds: 1 });
    expect(await availableOf(user)).toBe('1.00000000');
  });
});
