import type { WalletBalance } from '@app/contract';
import type { WithdrawConditions } from '../api/get-withdraw-conditions';
import { jsonResponse, type FakeHandler } from '@/testing/fake-fetch';

/** A wallet line as the server sends it; override what the test cares about. */
export function buildBalance(overrides: Partial<WalletBalance> = {}): WalletBalance {
  return {
    cryptoCurrencyCode: 'BTC',
    balance: '0.00000000',
    incomingAmount: '0.00000000',
    escrowAmount: '0.00000000',
    bondAmount: '0.00000000',
    heldAmount: '0.00000000',
    held: [],
    fiatRate: '95000.00000000',
    fiatCurrencyCode: 'USD',
    fiatPrecision: 2,
    decimals: 8,
    ...overrides,
  };
}

export function buildConditions(overrides: Partial<WithdrawConditions> = {}): WithdrawConditions {
  return {
    cryptoCurrencyCode: 'BTC',
    withdraw_enabled: true,
    no_security_deposit: false,
    have_active_trades: false,
    need_to_wait_time_title: null,
    blockReason: null,
    emailVerificationRequired: false,
    networkFee: '0.00005000',
    maxAmount: '0.49995000',
    decimals: 8,
    network: 'Bitcoin',
    // A real chain unless a test says otherwise; the demo network's screens have tests of their own.
    simulated: false,
    ...overrides,
  };
}

const crypto = (id: number, code: string, fullName: string, decimals: number) => ({
  id,
  code,
  urlParam: fullName.toLowerCase(),
  fullName,
  shortName: fullName,
  icon: code.toLowerCase(),
  formattingDecimalsCount: Math.min(decimals, 8),
  decimals,
  isStablecoin: code === 'USDT',
  isBlocked: false,
  rate: '1',
});

export const cryptoCurrenciesBody = {
  data: {
    cryptoCurrencies: [
      crypto(8, 'BTC', 'Bitcoin', 8),
      crypto(6, 'USDT', 'Tether USD', 6),
      crypto(9, 'ETH', 'Ethereum', 18),
    ],
    metadata: {},
  },
};

/**
 * Answers for every GET the wallet page makes, with BTC 0.5 (plus 0.01 incoming), ETH a hair over 1 and
 * USDT without a rate. Tests add or replace handlers (the withdraw call, a failing one).
 */
export function walletRoutes(
  overrides: Record<string, FakeHandler> = {},
  balances: WalletBalance[] = [
    buildBalance({
      balance: '0.50000000',
      incomingAmount: '0.01000000',
      fiatRate: '95000.12345678',
    }),
    buildBalance({
      cryptoCurrencyCode: 'USDT',
      balance: '25.000000',
      incomingAmount: '0.000000',
      escrowAmount: '0.000000',
      bondAmount: '0.000000',
      fiatRate: null,
      decimals: 6,
    }),
    buildBalance({
      cryptoCurrencyCode: 'ETH',
      balance: '1.000000000000000001',
      incomingAmount: '0',
      escrowAmount: '0.250000000000000000',
      bondAmount: '0.050000000000000000',
      fiatRate: '3400.00000000',
      decimals: 18,
    }),
  ],
): Record<string, FakeHandler> {
  return {
    'GET /rest/v2/wallet/balances': () => jsonResponse(200, { data: balances }),
    'GET /rest/v2/wallet/crypto-currencies': () => jsonResponse(200, cryptoCurrenciesBody),
    'GET /rest/v2/wallet/deposit-address': () =>
      jsonResponse(200, {
        data: {
          cryptoCurrencyCode: 'BTC',
          address: 'bc1qtestaddress0000000000000000000000000',
          network: 'Bitcoin',
          requiredConfirmations: 2,
          simulated: false,
        },
      }),
    'GET /rest/v2/wallet/deposits': () => jsonResponse(200, { data: [] }),
    'GET /rest/v2/wallet/withdraw-conditions': () => jsonResponse(200, { data: buildConditions() }),
    'GET /rest/v2/wallet/transactions': () => jsonResponse(200, { data: { items: [], nextCursor: null } }),
    'GET /rest/v2/wallet/withdrawals': () => jsonResponse(200, { data: [] }),
    ...overrides,
  };
}
