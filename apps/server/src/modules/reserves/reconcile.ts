import { formatBaseUnits } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { balancesByKind } from '../ledger/index.js';
import { custodyInFlight, type CustodyView } from '../wallet/index.js';
import { custodyKindOf, readHoldings, type DecimalsOf, type PlaceTotals } from './custody.js';

export type Difference = { amount: bigint; explanation: string };

export type CoinReconciliation = {
  cryptoCode: string;
  decimals: number;
  custody: 'chain' | 'simulated' | 'none';
  /** On chain, by place (all CustodyViews). */
  onChain: PlaceTotals & { total: bigint };
  /** The ledger: what it says the platform holds (minus `world`) and of whose it is. */
  ledger: {
    users: bigint;
    deficits: bigint;
    fees: bigint;
    outgoing: bigint;
    networkCosts: bigint;
    /** The operator's own coins in custody (`custody:book --as float`). */
    operator: bigint;
    custody: bigint;
  };
  /** onChain.total − ledger.custody, then each part explained; `unexplained` is what is left. */
  difference: bigint;
  explained: Difference[];
  unexplained: bigint;
  /** Why this coin could not be compared (simulated, no custody view, the chain did not answer). */
  note: string | null;
};

export type Reconciliation = { coins: CoinReconciliation[]; problems: string[]; ok: boolean };

/**
 * `npm run admin -- chain:reconcile` (issue 27): per coin, what every CustodyView holds on chain against
 * what the ledger says the platform holds in custody (the negative of `world`: user balances, fees, the
 * `outgoing` of withdrawals not settled, minus deficits and network costs). The difference is explained
 * by what is in flight: deposits seen on chain but not credited yet (on chain, not in the ledger),
 * withdrawals broadcast but not settled (gone from the chain, still in `outgoing`); a remainder is
 * unexplained and fails the command. The simulated chain has no chain to compare with and says so.
 */
export async function reconcile(input: {
  db: Db;
  views: readonly CustodyView[];
  decimalsOf: DecimalsOf;
}): Promise<Reconciliation> {
  const { db, views, decimalsOf } = input;
  // Ledger first, chain second: a deposit credited in between shows as "not credited" at worst.
  const kinds = await balancesByKind(db);
  const inFlight = new Map((await custodyInFlight(db)).map((f) => [f.cryptoCode, f]));
  const { totals, problems, failed } = await readHoldings(views);
  const coins = [...new Set([...kinds.map((k) => k.cryptoCode), ...views.flatMap((v) => v.coins)])].sort();
  const report: CoinReconciliation[] = [];
  for (const coin of coins) {
    const kind = (name: string) =>
      kinds.filter((k) => k.cryptoCode === coin && k.kind === name).reduce((s, k) => s + k.total, 0n);
    const users = kind('available') + kind('escrow') + kind('bond') + kind('held');
    const ledger = {
      users,
      deficits: kind('deficit'),
      fees: kind('fees'),
      outgoing: kind('outgoing'),
      networkCosts: kind('network_costs'),
      operator: kind('operator'),
      custody: -kind('world'),
    };
    const places = totals.get(coin) ?? { hot: 0n, deposit: 0n, cold: 0n, sweeping: 0n };
    const onChain = {
      ...places,
      total: places.hot + places.deposit + places.cold + places.sweeping,
    };
    const custody = custodyKindOf(views, coin);
    const view = views.find((v) => v.coins.includes(coin));
    const base = {
      cryptoCode: coin,
      decimals: await decimalsOf(coin).catch(() => 0),
      custody,
      onChain,
      ledger,
    };
    if (custody !== 'chain' || (view && failed.has(view))) {
      report.push({
        ...base,
        difference: 0n,
        explained: [],
        unexplained: 0n,
        note:
          custody === 'simulated'
            ? 'simulated chain: there is no chain to compare with (demo money)'
            : custody === 'none'
              ? 'no custody view covers this coin: nothing to compare with'
              : 'the chain did not answer: not compared',
      });
      continue;
    }
    const difference = onChain.total - ledger.custody;
    const flight = inFlight.get(coin);
    const explained: Difference[] = [];
    if (flight && flight.pendingDeposits > 0n) {
      explained.push({
        amount: flight.pendingDeposits,
        explanation: 'deposits seen on chain, not credited yet (waiting for confirmations)',
      });
    }
    if (flight && flight.broadcastWithdrawals > 0n) {
      explained.push({
        amount: -flight.broadcastWithdrawals,
        explanation: 'withdrawals broadcast, not settled in the ledger yet (amount and fee charged)',
      });
    }
    let unexplained = difference - explained.reduce((s, d) => s + d.amount, 0n);
    // A broadcast batch's real chain fee differs from what its withdrawals were charged: a small
    // remainder of the broadcast side's sign is the network's cost, booked when the batch settles.
    if (unexplained !== 0n && flight && flight.broadcastWithdrawals > 0n) {
      const bound = flight.broadcastWithdrawals / 10n;
      if (unexplained >= -bound && unexplained <= bound) {
        explained.push({
          amount: unexplained,
          explanation: 'network costs of broadcast withdrawals, booked when they settle',
        });
        unexplained = 0n;
      }
    }
    report.push({ ...base, difference, explained, unexplained, note: null });
  }
  return { coins: report, problems, ok: report.every((c) => c.unexplained === 0n) && problems.length === 0 };
}

/** The command's text: one block per coin, every figure in the coin's units. */
export function formatReconciliation(r: Reconciliation): string {
  const lines: string[] = [];
  for (const c of r.coins) {
    const f = (v: bigint) => `${formatBaseUnits(v, c.decimals)} ${c.cryptoCode}`;
    lines.push(`${c.cryptoCode}:`);
    if (c.note) lines.push(`  ${c.note}`);
    lines.push(
      `  ledger custody ${f(c.ledger.custody)} = users ${f(c.ledger.users)} + fees ${f(c.ledger.fees)} + outgoing ${f(c.ledger.outgoing)} + deficits ${f(c.ledger.deficits)} + network costs ${f(c.ledger.networkCosts)} + operator float ${f(c.ledger.operator)}`,
    );
    if (c.custody !== 'chain' || c.note) continue;
    lines.push(
      `  on chain ${f(c.onChain.total)} = hot ${f(c.onChain.hot)} + deposit ${f(c.onChain.deposit)} + cold ${f(c.onChain.cold)} + sweeping ${f(c.onChain.sweeping)}`,
    );
    lines.push(`  difference ${f(c.difference)}`);
    for (const d of c.explained) lines.push(`    ${f(d.amount)}: ${d.explanation}`);
    lines.push(c.unexplained === 0n ? '  ok' : `  UNEXPLAINED ${f(c.unexplained)}`);
  }
  for (const p of r.problems) lines.push(`problem: ${p}`);
  lines.push(r.ok ? 'reconciliation: ok' : 'reconciliation: FAILED (unexplained differences above)');
  return lines.join('\n');
}
