import type { AdminCustody } from '@app/contract';
import { parseAmount } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { coinsInLedger } from '../ledger/index.js';
import {
  custodyInFlight,
  isSimulatedCustody,
  type CustodyPlace,
  type CustodyView,
  type Holding,
} from '../wallet/index.js';

export type DecimalsOf = (cryptoCode: string) => Promise<number>;
export type PlaceTotals = Record<CustodyPlace, bigint>;
const EMPTY: PlaceTotals = { hot: 0n, deposit: 0n, cold: 0n, sweeping: 0n };

/** Reads every view's holdings now; a view that fails is named in `problems`, never fatal. */
export async function readHoldings(views: readonly CustodyView[]) {
  const holdings: Holding[] = [];
  const problems: string[] = [];
  const failed = new Set<CustodyView>();
  for (const view of views) {
    if (isSimulatedCustody(view)) continue;
    try {
      holdings.push(...(await view.holdings()));
    } catch (error) {
      failed.add(view);
      problems.push(`${view.network}: holdings could not be read (${(error as Error).message})`);
    }
  }
  const totals = new Map<string, PlaceTotals>();
  for (const h of holdings) {
    const t = totals.get(h.coin) ?? { ...EMPTY };
    t[h.place] += h.amount;
    totals.set(h.coin, t);
  }
  return { totals, problems, failed };
}

export const custodyKindOf = (
  views: readonly CustodyView[],
  coin: string,
): 'chain' | 'simulated' | 'none' => {
  const view = views.find((v) => v.coins.includes(coin));
  return view ? (isSimulatedCustody(view) ? 'simulated' : 'chain') : 'none';
};

/**
 * The console's hot and cold balances and what must be refilled (issue 27): per coin the holdings of
 * every CustodyView by place, the external withdrawals not sent yet, the operator's float
 * (HOT_WALLET_TARGET), and refill = max(0, waiting + target − hot).
 */
export async function custodyOverview(input: {
  db: Db;
  views: readonly CustodyView[];
  decimalsOf: DecimalsOf;
  hotWalletTargets: Record<string, string>;
}): Promise<AdminCustody> {
  const { db, views, decimalsOf, hotWalletTargets } = input;
  const { totals, problems } = await readHoldings(views);
  const inFlight = new Map((await custodyInFlight(db)).map((f) => [f.cryptoCode, f]));
  const coins = new Set<string>([
    ...views.flatMap((v) => v.coins),
    ...(await coinsInLedger(db)),
    ...Object.keys(hotWalletTargets),
  ]);
  const rows = [];
  for (const coin of [...coins].sort()) {
    const decimals = await decimalsOf(coin).catch(() => null);
    if (decimals === null) continue;
    const places = totals.get(coin) ?? EMPTY;
    const waiting = inFlight.get(coin)?.waitingWithdrawals ?? 0n;
    const parsed = hotWalletTargets[coin] ? parseAmount(hotWalletTargets[coin], decimals) : null;
    const target = parsed?.ok ? parsed.units : 0n;
    const refill = waiting + target - places.hot;
    rows.push({
      cryptoCurrencyCode: coin,
      decimals,
      custody: custodyKindOf(views, coin),
      hot: places.hot.toString(),
      deposit: places.deposit.toString(),
      cold: places.cold.toString(),
      sweeping: places.sweeping.toString(),
      waitingWithdrawals: waiting.toString(),
      target: target.toString(),
      refill: (refill > 0n ? refill : 0n).toString(),
    });
  }
  return { coins: rows, problems };
}
