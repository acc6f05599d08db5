import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { usersRepository } from '../users/repository.js';
import { checkLedger } from './check.js';
import { createLedger, type Ledger } from './service.js';

/**
 * Model-based test (fast-check): random sequences of deposits, transfers, escrow locks, releases,
 * refunds and withdrawals run against the real ledger and a plain in-memory model. After every command
 * the balances must match the model and ledger:check must pass (I1-I5). A failure prints its seed.
 */
type Model = {
  available: bigint[];
  escrow: Map<string, { seller: number; buyer: number; amount: bigint; fee: bigint }>;
  fees: bigint;
};
type Real = { ledger: Ledger; users: number[]; run: number; t: TestApp };

const CODE = 'BTC';
let keySeq = 0;
const nextKey = (name: string) => `${name}:${++keySeq}`;

async function assertMatches(model: Model, real: Real) {
  for (const [index, userId] of real.users.entries()) {
    const balance = (await real.ledger.balancesOf(userId)).get(CODE);
    expect(balance?.available ?? 0n).toBe(model.available[index]);
    const escrow = [...model.escrow.values()]
      .filter((e) => e.seller === index)
      .reduce((s, e) => s + e.amount + e.fee, 0n);
    expect(balance?.escrow ?? 0n).toBe(escrow);
  }
  const report = await checkLedger(real.t.database.db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
}

class Deposit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly user: number,
    readonly amount: bigint,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const key = nextKey('dep');
    await real.ledger.transfer({
      idempotencyKey: key,
      kind: 'deposit',
      cryptoCode: CODE,
      reference: { type: 'deposit', id: key },
      legs: [
        { account: { userId: null, kind: 'world' }, amount: -this.amount },
        { account: { userId: real.users[this.user]!, kind: 'available' }, amount: this.amount },
      ],
    });
    model.available[this.user]! += this.amount;
    await assertMatches(model, real);
  }
  toString = () => `deposit(${this.user}, ${this.amount})`;
}

class Transfer implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly from: number,
    readonly to: number,
    readonly amount: bigint,
  ) {}
  check = () => this.from !== this.to;
  async run(model: Model, real: Real) {
    const key = nextKey('xfer');
    const attempt = real.ledger.transfer({
      idempotencyKey: key,
      kind: 'internal_transfer',
      cryptoCode: CODE,
      reference: { type: 'transfer', id: key },
      legs: [
        { account: { userId: real.users[this.from]!, kind: 'available' }, amount: -this.amount },
        { account: { userId: real.users[this.to]!, kind: 'available' }, amount: this.amount },
      ],
    });
    if (model.available[this.from]! >= this.amount) {
      await attempt;
      model.available[this.from]! -= this.amount;
      model.available[this.to]! += this.amount;
    } else {
      await expect(attempt).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    }
    await assertMatches(model, real);
  }
  toString = () => `transfer(${this.from} -> ${this.to}, ${this.amount})`;
}

class Withdraw implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly user: number,
    readonly amount: bigint,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const key = nextKey('wd');
    const attempt = real.ledger.transfer({
      idempotencyKey: key,
      kind: 'withdrawal',
      cryptoCode: CODE,
      reference: { type: 'withdrawal', id: key },
      legs: [
        { account: { userId: real.users[this.user]!, kind: 'available' }, amount: -this.amount },
        { account: { userId: null, kind: 'world' }, amount: this.amount },
      ],
    });
    if (model.available[this.user]! >= this.amount) {
      await attempt;
      model.available[this.user]! -= this.amount;
    } else {
      await expect(attempt).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    }
    await assertMatches(model, real);
  }
  toString = () => `withdraw(${this.user}, ${this.amount})`;
}

class Lock implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly seller: number,
    readonly buyer: number,
    readonly amount: bigint,
    readonly fee: bigint,
  ) {}
  check = () => this.seller !== this.buyer;
  async run(model: Model, real: Real) {
    const tradeId = nextKey(`run${real.run}-trade`);
    const attempt = real.ledger.lockEscrow({
      tradeId,
      cryptoCode: CODE,
      sellerId: real.users[this.seller]!,
      buyerId: real.users[this.buyer]!,
      amount: this.amount,
      fee: this.fee,
    });
    if (model.available[this.seller]! >= this.amount + this.fee) {
      await attempt;
      model.available[this.seller]! -= this.amount + this.fee;
      model.escrow.set(tradeId, {
        seller: this.seller,
        buyer: this.buyer,
        amount: this.amount,
        fee: this.fee,
      });
    } else {
      await expect(attempt).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    }
    await assertMatches(model, real);
  }
  toString = () => `lock(${this.seller} -> ${this.buyer}, ${this.amount} + ${this.fee})`;
}

class Settle implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly release: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.escrow.size > 0;
  async run(model: Model, real: Real) {
    const ids = [...model.escrow.keys()];
    const tradeId = ids[this.pick % ids.length]!;
    const e = model.escrow.get(tradeId)!;
    const trade = {
      tradeId,
      cryptoCode: CODE,
      sellerId: real.users[e.seller]!,
      buyerId: real.users[e.buyer]!,
      amount: e.amount,
      fee: e.fee,
    };
    if (this.release) {
      await real.ledger.releaseEscrow(trade);
      model.available[e.buyer]! += e.amount;
      model.fees += e.fee;
    } else {
      await real.ledger.refundEscrow(trade);
      model.available[e.seller]! += e.amount + e.fee;
    }
    model.escrow.delete(tradeId);
    // Settling again never moves money a second time: the same way replays, the other way is refused.
    const same = this.release ? real.ledger.releaseEscrow(trade) : real.ledger.refundEscrow(trade);
    expect((await same).replayed).toBe(true);
    const other = this.release ? real.ledger.refundEscrow(trade) : real.ledger.releaseEscrow(trade);
    await expect(other).rejects.toMatchObject({ status: 409 });
    await assertMatches(model, real);
  }
  toString = () => `${this.release ? 'release' : 'refund'}(#${this.pick})`;
}

describe('ledger model-based properties', () => {
  let t: TestApp;
  let run = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('should keep every invariant through random sequences of movements', async () => {
    const user = fc.integer({ min: 0, max: 2 });
    const amount = fc.bigInt({ min: 1n, max: 5_000n });
    const commands = [
      fc.tuple(user, amount).map(([u, a]) => new Deposit(u, a)),
      fc.tuple(user, user, amount).map(([f, to, a]) => new Transfer(f, to, a)),
      fc.tuple(user, amount).map(([u, a]) => new Withdraw(u, a)),
      fc
        .tuple(user, user, amount, fc.bigInt({ min: 0n, max: 50n }))
        .map(([s, b, a, f]) => new Lock(s, b, a, f)),
      fc.tuple(fc.nat(), fc.boolean()).map(([p, r]) => new Settle(p, r)),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        run += 1;
        const users: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          const row = await usersRepository.insert(t.database.db, {
            username: `prop_${run}_${i}`,
            email: `prop_${run}_${i}@example.com`,
            passwordHash: 'not-a-login',
          });
          users.push(row.id);
        }
        const model: Model = { available: [0n, 0n, 0n], escrow: new Map(), fees: 0n };
        await fc.asyncModelRun(
          () => ({ model, real: { ledger: createLedger(t.database.db), users, run, t } }),
          cmds,
        );
      }),
      { numRuns: 30, verbose: 1 },
    );
  }, 120_000);
});
