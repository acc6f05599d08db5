import type { Config } from '../../platform/config.js';
import type { Db, Tx } from '../../platform/db/client.js';
import type { EventBus } from '../../platform/events/bus.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { Ledger } from '../ledger/index.js';
import type { OffersService } from '../offers/index.js';
import type { RatesService } from '../rates/index.js';
import type { WalletService } from '../wallet/index.js';
import type { MessageRow, TradeRow } from './repository.js';

/** What a transaction just wrote to a trade's chat, as the trades module has it in hand. */
export type LiveMessages = {
  trade: TradeRow;
  /** The new messages, oldest first, each with its author's name (null for system messages). */
  messages: (MessageRow & { authorUsername: string | null })[];
  /** The parties' names when at hand (the opening entry names them; saves a query). */
  parties?: { buyer: string; seller: string };
  /** Attachment id -> SHA-256 of the file's bytes (the upload knows it). */
  digests?: ReadonlyMap<number, string>;
};

export type TradesServiceOptions = {
  db: Db;
  ledger: Ledger;
  catalogue: CatalogueService;
  rates: RatesService;
  wallet: Pick<WalletService, 'holdBond'>;
  offers: Pick<OffersService, 'isBondInsufficient' | 'bondGroupIds'>;
  events: EventBus;
  /**
   * Writes messages into the trades' tamper-evident records inside the caller's transaction (the
   * trade-records module, which depends on trades, so it is passed in; decision 0018): it locks the
   * trades' chains, runs `insert` (which inserts the messages and returns them, each trade once), and
   * chains what it returns. `opens`: the trades were created by this transaction (their opening
   * message), so there is no chain to lock yet. `heads`: the caller already locked the chains in this
   * transaction with `trade_record_lock_heads` and read these heads with the locks (a chat batch).
   */
  recordMessages: (
    tx: Tx,
    tradeIds: readonly number[],
    insert: () => Promise<readonly LiveMessages[]>,
    options?: { opens?: boolean; heads?: ReadonlyMap<number, { seq: number; hash: string }> },
  ) => Promise<void>;
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
