/** Cache keys of the wallet page; everything lives under `['wallet']`. */
export const walletKeys = {
  all: ['wallet'] as const,
  balances: () => ['wallet', 'balances'] as const,
  cryptoCurrencies: () => ['wallet', 'crypto-currencies'] as const,
  depositAddress: (code: string) => ['wallet', 'deposit-address', code] as const,
  deposits: () => ['wallet', 'deposits'] as const,
  transactions: (filters: { coin: string | null; kind: string | null }) =>
    ['wallet', 'transactions', filters] as const,
  withdrawals: () => ['wallet', 'withdrawals'] as const,
  withdrawConditions: (code: string) => ['wallet', 'withdraw-conditions', code] as const,
  bond: () => ['wallet', 'bond'] as const,
};

/** What changes when money moves (a withdrawal, a bond deposit or retrieval). */
export const moneyMovedKeys = [
  walletKeys.balances(),
  ['wallet', 'transactions'],
  walletKeys.withdrawals(),
  ['wallet', 'withdraw-conditions'],
  walletKeys.bond(),
] as const;
