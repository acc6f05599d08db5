/**
 * The wallet (`walletIndex` route): its page loads lazily from the router. Other features import from
 * here only: the logged-in home shows the balances with the wallet's own amounts (masked while balances
 * are hidden).
 */
export { useWalletCoins, type WalletCoin } from './hooks/use-wallet-coins';
export { CryptoAmount, FiatAmount } from './components/amount';
export { totalFiatValue } from './components/balances-section';
