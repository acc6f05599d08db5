import { getAddress, type Address } from 'viem';

/** The coins of the EVM chain: ETH itself and the two ERC-20 tokens (6 decimals each). */
export const EVM_COINS = ['ETH', 'USDT', 'USDC'] as const;
export type EvmCoin = (typeof EVM_COINS)[number];
export type EvmTokenCoin = Exclude<EvmCoin, 'ETH'>;
export const isEvmCoin = (coin: string): coin is EvmCoin => (EVM_COINS as readonly string[]).includes(coin);

/** The token contracts the platform accepts, by coin; the only contracts whose `Transfer` logs count. */
export type TokenContracts = Record<EvmTokenCoin, Address>;

/** The coin whose contract `address` is, or undefined for any other contract. */
export function tokenCoinOf(tokens: TokenContracts, address: string): EvmTokenCoin | undefined {
  const wanted = getAddress(address);
  return (Object.keys(tokens) as EvmTokenCoin[]).find((coin) => tokens[coin] === wanted);
}
