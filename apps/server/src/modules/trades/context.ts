import type { FeedbackCounts } from '@app/contract';
import type { Config } from '../../platform/config.js';
import type { Db, Tx } from '../../platform/db/client.js';
import type { EventBus } from '../../platform/events/bus.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { Ledger } from '../ledger/index.js';
import type { OffersService } from '../offers/index.js';
import type { RatesService } from '../rates/index.js';
import type { WalletService } from '../wallet/index.js';

export type TradesServiceOptions = {
  db: Db;
  ledger: Ledger;
  catalogue: CatalogueService;
  rates: RatesService;
  wallet: Pick<WalletService, 'holdBond'>;
  offers: Pick<OffersService, 'isBondInsufficient' | 'bondGroupIds'>;
  events: EventBus;
  /**
   * The parties' feedback counts for the trade view, from the feedback module (which depends on trades,
   * so it is passed in rather than imported).
   */
  feedbackCounts: (userIds: readonly number[]) => Promise<Map<number, FeedbackCounts>>;
  /**
   * Chains the trade's new messages into its tamper-evident record inside the same transaction (the
   * trade-records module, which depends on trades, so it is passed in; decision 0018). `digests` gives
   * the SHA-256 of an attachment's file by attachment id.
   */
  recordMessages: (tx: Tx, tradeId: number, digests?: ReadonlyMap<number, string>) => Promise<void>;
  config: Pick<Config, 'trades' | 'features'>;
  now?: () => Date;
};

/** What every part of the trades service shares: its collaborators, its limits and its clock. */
export type TradesContext = Omit<TradesServiceOptions, 'config' | 'now'> & {
  limits: Config['trades'];
  features: Config['features'];
  now: () => Date;
};

export const tradesContext = (options: TradesServiceOptions): TradesContext => ({
  ...options,
  limits: options.config.trades,
  features: options.config.features,
  now: options.now ?? (() => new Date()),
});
