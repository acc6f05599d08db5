/**
 * Where rates come from. A provider returns quotes ("one `base` is worth `rate` of `quote`") for the pairs
 * it knows; the service stores them, so a provider holds no state of its own and several server
 * instances can share one market.
 */

/** One quote. Crypto pairs are `<COIN>/USD`, fiat pairs `USD/<FIAT>`. */
export type RateQuote = { base: string; quote: string; rate: string };

/** The stored rate a provider may build on (the simulated market walks from it). */
export type StoredRate = { rate: string; anchor: string; updatedAt: Date };

export type SnapshotContext = {
  /** The current stored rates, keyed `BASE/QUOTE`. */
  previous: ReadonlyMap<string, StoredRate>;
  now: Date;
};

export interface RatesProvider {
  /** Shown in logs and stored on the state row. */
  readonly name: string;
  /**
   * New quotes for this tick. Pairs a provider does not return keep their previous rate. Must not touch
   * the database: it runs outside any transaction and may do network I/O.
   */
  fetchSnapshot(context: SnapshotContext): Promise<RateQuote[]>;
}

/** The map key of a pair: `BTC/USD`. */
export const pairKey = (base: string, quote: string) => `${base}/${quote}`;
