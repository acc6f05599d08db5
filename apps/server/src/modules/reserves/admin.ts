import { AdminCommandFailed, type AdminCommand } from '../../platform/admin/index.js';
import { createCatalogueService } from '../catalogue/index.js';
import { custodyViewsFromConfig } from '../wallet/index.js';
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
};
