import { z } from 'zod';
import { lineString } from '@app/contract';
import { AdminCommandFailed, type AdminCommand } from '../../platform/admin/index.js';
import { createCatalogueService } from '../catalogue/index.js';
import { custodyViewsFromConfig } from '../wallet/index.js';
import { bookCustody } from './custody-book.js';
import { publishReserves } from './publish.js';
import { formatReconciliation, reconcile } from './reconcile.js';

/** An unexplained difference between the chain and the ledger: the report is the message (exit 1). */
export class ReconcileFailed extends AdminCommandFailed {}

const decimalsFrom = (db: Parameters<typeof createCatalogueService>[0]) => {
  const catalogue = createCatalogueService(db);
  return async (code: string) => {
    const coin = (await catalogue.data()).knownCryptoByCode.get(code);
    if (!coin) throw new Error(`unknown coin ${code}`);
    return coin.decimals;
  };
};

export const reservesAdminCommands: Record<string, AdminCommand> = {
  'reserves:publish': {
    usage: 'reserves:publish   (publishes a proof-of-reserves snapshot now)',
    options: {},
    async run({ db, config }) {
      const result = await publishReserves(db, custodyViewsFromConfig(config, db));
      if (!result.published) return `not published: ${result.reason}`;
      const coins = result.coins.map((c) => `${c.cryptoCode} (${c.leafCount} leaves)`).join(', ');
      return `published proof-of-reserves snapshot #${result.snapshotId}: ${coins || 'no balances'}`;
    },
  },
  'chain:reconcile': {
    usage:
      'chain:reconcile   (on-chain holdings against the ledger per coin; exits 1 on an unexplained difference)',
    options: {},
    async run({ db, config }) {
      const report = await reconcile({
        db,
        views: custodyViewsFromConfig(config, db),
        decimalsOf: decimalsFrom(db),
      });
      const text = formatReconciliation(report);
      if (!report.ok) throw new ReconcileFailed(text);
      return text;
    },
  },
  'custody:book': {
    usage:
      'custody:book --as float|cost --crypto ETH --amount 0.5 --txid T --note "why"   ' +
      "(books the operator's own coins put in custody (float; -0.1 takes some back) or chain fees paid moving custody by hand (cost), so chain:reconcile counts them)",
    options: {
      as: { type: 'string' },
      crypto: { type: 'string' },
      amount: { type: 'string' },
      txid: { type: 'string' },
      note: { type: 'string' },
    },
    async run({ db }, values) {
      const input = z
        .object({
          as: z.enum(['float', 'cost']),
          crypto: z.string().regex(/^[A-Z]{2,10}$/, 'a coin code such as ETH'),
          amount: z.string().min(1).max(80),
          txid: z.string().regex(/^(0x)?[0-9a-fA-F]{64}$/, 'the chain transaction id (64 hex digits)'),
          note: lineString().trim().min(1).max(500),
        })
        .parse(values);
      const decimals = await decimalsFrom(db)(input.crypto).catch(() => {
        throw new AdminCommandFailed(`--crypto: ${input.crypto} is not a coin of this marketplace`);
      });
      const booked = await bookCustody(db, {
        as: input.as,
        cryptoCode: input.crypto,
        decimals,
        amount: input.amount,
        txid: input.txid.toLowerCase(),
        note: input.note,
      });
      const what = input.as === 'float' ? 'operator float' : 'network cost';
      return booked.replayed
        ? `already booked: ${what} of ${input.crypto} for ${input.txid} (nothing changed)`
        : `booked ${what}: ${input.amount} ${input.crypto} (txid ${input.txid})`;
    },
  },
};
