import type { WalletBalance } from '@app/contract';
import { useMemo } from 'react';
import { useBalances } from '../api/get-balances';
import { useCryptoCurrencies } from '../api/get-crypto-currencies';

/** A wallet line with the coin's name (from the crypto currency list; the code when that list failed). */
export type WalletCoin = WalletBalance & { name: string };

/**
 * The user's coins in the server's order, named. Balances are what the page needs; names are a nicety,
 * so a failed name list does not fail the page.
 */
export function useWalletCoins() {
  const balances = useBalances();
  const currencies = useCryptoCurrencies();
  const coins = useMemo<WalletCoin[] | undefined>(() => {
    if (!balances.data) return undefined;
    const names = new Map((currencies.data ?? []).map((coin) => [coin.code, coin.fullName]));
    return balances.data.map((line) => ({
      ...line,
      name: names.get(line.cryptoCurrencyCode) ?? line.cryptoCurrencyCode,
    }));
  }, [balances.data, currencies.data]);
  return { coins, balances };
}
