/**
 * Where the coins the platform holds are on chain (issue 27): what reconciliation compares with the
 * ledger (`npm run admin -- chain:reconcile`), what the console shows as hot and cold, and what proof of
 * reserves publishes with a signed message per address. Each real network implements it; the simulated
 * chain has nothing on any chain and says so.
 */

/** hot: the hot wallet; deposit: user deposit addresses not swept yet; cold: the operator's cold side
 * (on Bitcoin and Litecoin the descriptor's addresses keep what the hot wallet does not need); sweeping:
 * on its way from deposit addresses to the hot wallet. */
export type CustodyPlace = 'hot' | 'deposit' | 'cold' | 'sweeping';

export type Holding = {
  coin: string;
  place: CustodyPlace;
  /** The address holding it; for `deposit` and `cold` one row per address with a balance. */
  address: string;
  /** Base units. */
  amount: bigint;
};

/** A message signed with the key of an address, proving whoever runs the platform controls it. */
export type OwnershipProof = {
  coin: string;
  address: string;
  message: string;
  signature: string;
  /** How to verify it: BIP-322 (Bitcoin, Litecoin) or EIP-191 (Ethereum's personal_sign). */
  scheme: 'bip322' | 'eip191';
};

export interface CustodyView {
  /** The network: 'BTC', 'LTC' or 'EVM'. */
  readonly network: string;
  readonly coins: readonly string[];
  /** Every place a coin of this network sits, read from the chain now. */
  holdings(): Promise<Holding[]>;
  /**
   * Signs `message` with the key of each address the platform can sign for (the hot wallet; cold and
   * deposit addresses whose keys the server never holds are proved by the operator offline and listed
   * as unsigned by whoever calls this).
   */
  proveOwnership(message: string): Promise<OwnershipProof[]>;
}
