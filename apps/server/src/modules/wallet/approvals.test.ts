import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminWithdrawalQueueSchema,
  adminWithdrawalSchema,
  auditLogPageSchema,
  withdrawalSchema,
  type AdminWithdrawal,
  type Withdrawal,
} from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { TEST_NETWORK_ADDRESSES } from '../../../test/addresses.js';
import { kycLevelsEnv } from '../../../test/kyc-levels.js';
import { tradeScenario, type Party } from '../../../test/trade-scenario.js';
import { checkLedger } from '../ledger/index.js';
import { runSeeds } from '../../seeds/index.js';

type Response = Awaited<ReturnType<TestClient['get']>>;

/**
 * The four-eyes queue of large withdrawals (decision 0058) through the real HTTP stack and database: what
 * waits, two different staff members release it, nobody approves their own or twice, a rejection returns
 * exactly the amount and fee, and outsiders never see the queue.
 */
describe('withdrawal approvals', () => {
  let t: TestApp;
  let s: ReturnType<typeof tradeScenario>;
  let superA: Party;
  let superB: Party;
  let adminC: Party;
  let moderator: Party;

  const ok = (response: Response, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json().data;
  };
  const codeOf = (response: Response) => (response.json().errors?.[0] as { code: string } | undefined)?.code;
  const withdraw = (party: Party, amount: string) =>
    party.c.post('/rest/v2/wallet/withdraw', {
      crypto_currency_code: 'BTC',
      amount,
      address: TEST_NETWORK_ADDRESSES.BTC,
    });
  const balanceOf = async (party: Party) => {
    const rows = ok(await party.c.get('/rest/v2/wallet/balances')) as {
      cryptoCurrencyCode: string;
      balance: string;
    }[];
    return rows.find((b) => b.cryptoCurrencyCode === 'BTC')!.balance;
  };
  const myWithdrawal = async (party: Party, id: string): Promise<Withdrawal> => {
    const list = withdrawalSchema.array().parse(ok(await party.c.get('/rest/v2/wallet/withdrawals')));
    return list.find((w) => w.id === id)!;
  };
  const queue = async (staff: Party) =>
    adminWithdrawalQueueSchema.parse(ok(await staff.c.get('/rest/v1/admin/withdrawals')));
  const approve = (staff: Party, id: string) => staff.c.post(`/rest/v1/admin/withdrawals/${id}/approve`);
  const reject = (staff: Party, id: string, reason: unknown) =>
    staff.c.post(`/rest/v1/admin/withdrawals/${id}/reject`, { reason });
  /** A funded user with one large (queued) withdrawal of 0.5 BTC. */
  async function queued(prefix = 'wauser') {
    const user = await s.party(prefix);
    await s.fund(user.name, '1');
    const created = withdrawalSchema.parse(ok(await withdraw(user, '0.5'), 201));
    return { user, created };
  }

  beforeAll(async () => {
    t = await createTestApp({
      ...kycLevelsEnv({ withdrawalUsd: null }),
      WALLET_NETWORK_FEES: 'BTC:0.0001',
      WITHDRAW_APPROVAL_USD: '1000',
    });
    await runSeeds(t.database.db, { demoData: false });
    s = tradeScenario(t);
    superA = await s.staffMember('wa_super_a', 'supermod');
    superB = await s.staffMember('wa_super_b', 'supermod');
    adminC = await s.staffMember('wa_admin_c', 'admin');
    moderator = await s.staffMember('wa_mod', 'moderator');
  }, 120_000);
  afterAll(async () => {
    const report = await checkLedger(t.database.db);
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
    await t?.close();
  });

  it('should queue a withdrawal above the threshold, and send a small one and internal transfers at once', async () => {
    const { user, created } = await queued();
    expect(created).toMatchObject({
      status: 'awaiting_approval',
      approvalCount: 0,
      requiredApprovals: 2,
      rejectionReason: null,
      txid: null,
    });
    // Taken from the available balance at once, amount and fee.
    expect(await balanceOf(user)).toBe('0.49990000');
    const small = withdrawalSchema.parse(ok(await withdraw(user, '0.00001'), 201));
    expect(small).toMatchObject({ status: 'pending', requiredApprovals: 0 });
    const friend = await s.party('wafriend');
    const internal = withdrawalSchema.parse(
      ok(
        await user.c.post('/rest/v2/wallet/withdraw', {
          crypto_currency_code: 'BTC',
          amount: '0.3',
          username: friend.name,
        }),
        201,
      ),
    );
    expect(internal).toMatchObject({ status: 'completed', requiredApprovals: 0 });

    const list = await queue(superA);
    const item = list.items.find((i) => i.id === created.id)!;
    expect(item).toMatchObject({
      username: user.name,
      cryptoCurrencyCode: 'BTC',
      amount: '0.50000000',
      networkFee: '0.00010000',
      address: TEST_NETWORK_ADDRESSES.BTC,
      status: 'awaiting_approval',
      approvals: [],
      requiredApprovals: 2,
      approvedByMe: false,
      mine: false,
    });
    expect(Number(item.amountUsd)).toBeGreaterThan(1000);
    expect(item.ageSeconds).toBeGreaterThanOrEqual(0);
    expect(list.items.some((i) => i.id === small.id)).toBe(false);
  });

  it('should keep a waiting withdrawal away from the simulated chain until two staff members approve it', async () => {
    const { user, created } = await queued();
    for (let i = 0; i < 3; i += 1) await t.app.wallet.mineBlock({ force: true });
    expect((await myWithdrawal(user, created.id)).status).toBe('awaiting_approval');

    const first = adminWithdrawalSchema.parse(ok(await approve(superA, created.id)));
    expect(first).toMatchObject({ status: 'awaiting_approval', approvedByMe: true });
    expect(first.approvals).toEqual([{ staff: superA.name, at: expect.any(String) }]);
    expect(await myWithdrawal(user, created.id)).toMatchObject({
      status: 'awaiting_approval',
      approvalCount: 1,
    });
    await t.app.wallet.mineBlock({ force: true });
    expect((await myWithdrawal(user, created.id)).status).toBe('awaiting_approval');

    // The same member twice: refused, nothing changes.
    const twice = await approve(superA, created.id);
    expect(twice.statusCode).toBe(409);
    expect(codeOf(twice)).toBe('WITHDRAWAL_ALREADY_APPROVED');

    const second = adminWithdrawalSchema.parse(ok(await approve(adminC, created.id)));
    expect(second.status).toBe('pending');
    expect(second.approvals.map((a) => a.staff)).toEqual([superA.name, adminC.name]);
    expect((await queue(superB)).items.some((i) => i.id === created.id)).toBe(false);

    const late = await approve(superB, created.id);
    expect(late.statusCode).toBe(409);
    expect(codeOf(late)).toBe('WITHDRAWAL_NOT_AWAITING_APPROVAL');
    const lateReject = await reject(superB, created.id, 'Too late');
    expect(codeOf(lateReject)).toBe('WITHDRAWAL_NOT_AWAITING_APPROVAL');

    // Now the chain takes it: broadcast in one block, completed in the next.
    await t.app.wallet.mineBlock({ force: true });
    expect((await myWithdrawal(user, created.id)).txid).not.toBeNull();
    await t.app.wallet.mineBlock({ force: true });
    expect((await myWithdrawal(user, created.id)).status).toBe('completed');

    const audit = auditLogPageSchema.parse(
      ok(await adminC.c.get(`/rest/v1/admin/audit-log?targetType=withdrawal&targetId=${created.id}`)),
    );
    expect(audit.items.map((a) => [a.action, a.actor])).toEqual([
      ['withdrawal.approve', adminC.name],
      ['withdrawal.approve', superA.name],
    ]);
    expect(audit.items[0]!.after).toMatchObject({ status: 'pending', approvals: 2 });
  });

  it('should refuse a staff member their own withdrawal, and let the others release it', async () => {
    await s.fund(superB.name, '1');
    const created = withdrawalSchema.parse(ok(await withdraw(superB, '0.5'), 201));
    expect(created.status).toBe('awaiting_approval');
    const item = (await queue(superB)).items.find((i) => i.id === created.id)!;
    expect(item.mine).toBe(true);
    for (const answer of [await approve(superB, created.id), await reject(superB, created.id, 'Mine')]) {
      expect(answer.statusCode).toBe(409);
      expect(codeOf(answer)).toBe('WITHDRAWAL_OWN');
    }
    ok(await approve(superA, created.id));
    expect(adminWithdrawalSchema.parse(ok(await approve(adminC, created.id))).status).toBe('pending');
  });

  it('should return exactly the amount and fee on a rejection, with the reason shown to the user', async () => {
    const { user, created } = await queued();
    expect(await balanceOf(user)).toBe('0.49990000');
    ok(await approve(superA, created.id));
    const rejected: AdminWithdrawal = adminWithdrawalSchema.parse(
      ok(await reject(superB, created.id, '  The address belongs to a sanctioned service.  ')),
    );
    expect(rejected).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The address belongs to a sanctioned service.',
    });
    expect(await balanceOf(user)).toBe('1.00000000');
    expect(await myWithdrawal(user, created.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The address belongs to a sanctioned service.',
    });
    // A second rejection or approval finds it decided: the ledger moved once.
    const again = await reject(adminC, created.id, 'Again');
    expect(codeOf(again)).toBe('WITHDRAWAL_NOT_AWAITING_APPROVAL');
    expect(codeOf(await approve(adminC, created.id))).toBe('WITHDRAWAL_NOT_AWAITING_APPROVAL');
    expect(await balanceOf(user)).toBe('1.00000000');
    const history = ok(await user.c.get('/rest/v2/wallet/transactions?kind=withdrawal_refund')) as {
      items: { amount: string; reference: { id: string } }[];
    };
    expect(history.items).toEqual([
      expect.objectContaining({ amount: '0.50010000', reference: { type: 'withdrawal', id: created.id } }),
    ]);
    const audit = auditLogPageSchema.parse(
      ok(await adminC.c.get(`/rest/v1/admin/audit-log?targetType=withdrawal&targetId=${created.id}`)),
    );
    expect(audit.items[0]).toMatchObject({
      action: 'withdrawal.reject',
      actor: superB.name,
      reason: 'The address belongs to a sanctioned service.',
    });
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });

  it('should hide the queue from visitors and users, and refuse moderators', async () => {
    const { user, created } = await queued();
    const visitor = t.client();
    for (const client of [visitor, user.c]) {
      expect((await client.get('/rest/v1/admin/withdrawals')).statusCode).toBe(404);
      expect((await client.post(`/rest/v1/admin/withdrawals/${created.id}/approve`)).statusCode).toBe(404);
      expect(
        (await client.post(`/rest/v1/admin/withdrawals/${created.id}/reject`, { reason: 'x' })).statusCode,
      ).toBe(404);
    }
    const modAnswer = await moderator.c.get('/rest/v1/admin/withdrawals');
    expect(modAnswer.statusCode).toBe(403);
    expect(codeOf(modAnswer)).toBe('FORBIDDEN_ROLE');
    expect(codeOf(await approve(moderator, created.id))).toBe('FORBIDDEN_ROLE');
    expect((await myWithdrawal(user, created.id)).status).toBe('awaiting_approval');
  });

  it('should refuse writes without the CSRF token, and bad input with field details', async () => {
    const { created } = await queued();
    const noCsrf = await superA.c.post(
      `/rest/v1/admin/withdrawals/${created.id}/approve`,
      {},
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect(codeOf(noCsrf)).toBe('CSRF_TOKEN_MISMATCH');
    const noCsrfReject = await superA.c.post(
      `/rest/v1/admin/withdrawals/${created.id}/reject`,
      { reason: 'x' },
      { csrf: false },
    );
    expect(noCsrfReject.statusCode).toBe(403);

    for (const reason of [undefined, '', '   ', 'x'.repeat(2_001), 'x'.repeat(100_000), 'a\u0000b', 42]) {
      const bad = await reject(superA, created.id, reason);
      expect(bad.statusCode, bad.body).toBe(422);
      expect(codeOf(bad)).toBe('ERROR_INPUT_VALIDATION');
      expect((bad.json().errors[0].details as { field: string }[]).map((d) => d.field)).toEqual(['reason']);
    }
    const unknown = await approve(superA, 'no-such-withdrawal');
    expect(unknown.statusCode).toBe(404);
    const badId = await approve(superA, 'bad%20id');
    expect(badId.statusCode).toBe(422);
    const badLimit = await superA.c.get('/rest/v1/admin/withdrawals?limit=0');
    expect(badLimit.statusCode).toBe(422);
    // Nothing of that touched it.
    const item = (await queue(superA)).items.find((i) => i.id === created.id)!;
    expect(item.approvals).toEqual([]);
  });

  it('should answer a replayed request as it was created: waiting, no approvals', async () => {
    const user = await s.party('wareplay');
    await s.fund(user.name, '1');
    const headers = { 'idempotency-key': 'approval-replay-1' };
    const body = { crypto_currency_code: 'BTC', amount: '0.5', address: TEST_NETWORK_ADDRESSES.BTC };
    const first = ok(await user.c.post('/rest/v2/wallet/withdraw', body, { headers }), 201);
    ok(await approve(superA, first.id));
    ok(await approve(superB, first.id));
    const replay = ok(await user.c.post('/rest/v2/wallet/withdraw', body, { headers }), 201);
    expect(replay).toEqual(first);
    expect(replay.status).toBe('awaiting_approval');
    expect((await myWithdrawal(user, first.id)).status).toBe('pending');
  });
});

/** A rejected withdrawal's money came back: it no longer counts against the level's send-out limit (0037). */
describe('withdrawal approvals and the send-out limit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      // 0.5 BTC is worth about 47,500 USD on the simulated market: one fits under the limit, two do not.
      ...kycLevelsEnv({ withdrawalUsd: 60_000, withdrawalDays: 1 }),
      WALLET_NETWORK_FEES: 'BTC:0.0001',
      WITHDRAW_APPROVAL_USD: '1000',
    });
    await runSeeds(t.database.db, { demoData: false });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('should count a waiting withdrawal, and stop counting it once rejected', async () => {
    const s = tradeScenario(t);
    const user = await s.party('walimit');
    await s.fund(user.name, '2');
    const staffA = await s.staffMember('wl_super_a', 'supermod');
    const body = { crypto_currency_code: 'BTC', amount: '0.5', address: TEST_NETWORK_ADDRESSES.BTC };
    const first = await user.c.post('/rest/v2/wallet/withdraw', body);
    expect(first.statusCode, first.body).toBe(201);
    const over = await user.c.post('/rest/v2/wallet/withdraw', body);
    expect(over.statusCode).toBe(422);
    expect(over.json().errors[0].details[0]).toMatchObject({ field: 'amount', code: 'WITHDRAWAL_LIMIT' });
    const rejected = await staffA.c.post(`/rest/v1/admin/withdrawals/${first.json().data.id}/reject`, {
      reason: 'Unknown destination',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const again = await user.c.post('/rest/v2/wallet/withdraw', body);
    expect(again.statusCode, again.body).toBe(201);
  });
});
