import type { Config } from '../../platform/config.js';
import type { Db, Tx } from '../../platform/db/client.js';
import type { EventBus } from '../../platform/events/bus.js';
import { createJurisdictions, type Jurisdictions } from '../compliance/index.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { KycStandings } from '../kyc/index.js';
import type { Ledger } from '../ledger/index.js';
import type { OffersService } from '../offers/index.js';
import type { RatesService } from '../rates/index.js';
import type { WalletService } from '../wallet/index.js';
import type { MessageRow, TradeRow } from './repository.js';

/** A message a transaction writes into a trade's chat, before it has its id and time. */
export type NewTradeMessage = Pick<
  MessageRow,
  'authorId' | 'kind' | 'text' | 'attachmentId' | 'systemEvent' | 'systemStatus'
> & {
  /** The author's name (null for system messages): the record names the author. */
  authorUsername: string | null;
};

/** What a transaction writes to one trade's chat. */
export type MessagesToWrite = {
  trade: TradeRow;
  /** The new messages, oldest first. */
  messages: NewTradeMessage[];
  /** The parties' names when at hand (the opening entry names them; saves a query). */
  parties?: { buyer: string; seller: string };
  /** Attachment id -> SHA-256 of the file's bytes (the upload knows it). */
  digests?: ReadonlyMap<number, string>;
};

/**
 * The trades' record chains as a transaction holds them (`trade_record_lock_chains`, migration 0027):
 * each chain's last entry (none for a trade older than the record), ids for the messages it writes,
 * drawn while the chains were held, and the transaction's time, which the messages are stamped with.
 */
export type ChainLock = {
  heads: ReadonlyMap<number, { seq: number; hash: string }>;
  messageIds: readonly number[];
  at: Date;
};

/** A written message with its author's name (null for system messages). */
export type WrittenMessage = MessageRow & { authorUsername: string | null };

export type TradesServiceOptions = {
  db: Db;
  ledger: Ledger;
  catalogue: CatalogueService;
  rates: RatesService;
  wallet: Pick<WalletService, 'holdBond'>;
  offers: Pick<OffersService, 'isBondInsufficient' | 'bondGroupIds'>;
  events: EventBus;
  /** The traders' KYC levels: a start's limits and the actions a level blocks (decision 0037). */
  kyc: KycStandings;
  /**
   * Writes messages into trades' chats and their tamper-evident records inside the caller's transaction
   * (the trade-records module, which depends on trades, so it is passed in; decisions 0018, 0020): a
   * message and its record entry go in together, so neither exists without the other. Give each trade
   * once. `lock`: the caller already holds the chains (its statement called `trade_record_lock_chains`
   * with one id per message); otherwise they are locked here. `opens`: the trades were created by this
   * transaction and these are their opening messages (nobody else can see them: nothing to lock; `lock`
   * then carries only the ids and the time). Answers the rows written, per trade, in the order given.
   */
  recordMessages: (
    tx: Tx,
    batch: readonly MessagesToWrite[],
    options?: { opens?: boolean; lock?: ChainLock },
  ) => Promise<WrittenMessage[][]>;
  config: Pick<Config, 'trades' | 'features' | 'offers' | 'compliance'>;
  now?: () => Date;
};

/** What every part of the trades service shares: its collaborators, its limits and its clock. */
export type TradesContext = Omit<TradesServiceOptions, 'config' | 'now'> & {
  limits: Config['trades'];
  features: Config['features'];
  /** How long trade views share the parties' public numbers (the marketplace's window). */
  partyFactsMs: number;
  /** The operator's blocked jurisdictions: nobody living in one trades (decision 0039). */
  jurisdictions: Jurisdictions;
  now: () => Date;
};

export const tradesContext = (options: TradesServiceOptions): TradesContext => ({
  ...options,
  limits: options.config.trades,
  features: options.config.features,
  partyFactsMs: options.config.offers.searchCacheMs,
  jurisdictions: createJurisdictions(options.config.compliance),
  now: options.now ?? (() => new Date()),
});
