/**
 * The refusals a higher verification level lifts (decision 0037): an action the level blocks, the wallet
 * closed below a level, and the trade and send-out limits. A message with one of these offers the way to
 * the verification page.
 */
const KYC_REFUSALS: ReadonlySet<string> = new Set([
  'KYC_ACTION_BLOCKED',
  'ID_REQUIRED',
  'KycTradeLimit',
  'max_per_trade_limit',
  'reached_daily_compliance_limit',
  'max_2_active_trades_id_not_verified',
  'WITHDRAWAL_LIMIT',
]);

export const isKycRefusal = (code: string): boolean => KYC_REFUSALS.has(code);
