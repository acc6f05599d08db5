import type { AccountState } from '@app/contract';
import { AppError } from '../http/errors.js';

/** What a user may try to do; each guard in the app asks this one table. */
export type AccountAction =
  | 'login'
  | 'start_trade'
  | 'create_offer'
  | 'activate_offer'
  | 'withdraw'
  | 'deposit'
  | 'chat'
  | 'change_settings';

const ALL: readonly AccountAction[] = [
  'login',
  'start_trade',
  'create_offer',
  'activate_offer',
  'withdraw',
  'deposit',
  'chat',
  'change_settings',
];

/**
 * The one rule for account states (decision: docs/decisions/0002-account-states.md).
 * - banned: nothing, not even login; every session is revoked.
 * - suspended: temporarily locked out: nothing, not even login.
 * - on_hold: compliance review: may log in, read, chat and deposit; no new trades, offers or withdrawals.
 * - frozen: funds frozen: may log in and chat; no trades, offers, withdrawals or deposits.
 * - restricted: may log in, finish running trades and withdraw; no new trades or offers.
 * - compromised: taken over, or feared so: nothing, not even login, until staff restore it after the
 *   owner proved who they are (sessions revoked, so a thief's session ends too). Decision 0019.
 * - compliance_hold: under compliance (AML) review: may log in, read and chat (to finish running
 *   trades); no new trades or offers, no deposits or withdrawals, no changes to the account's details.
 */
const FORBIDDEN: Record<AccountState, ReadonlySet<AccountAction>> = {
  active: new Set(),
  banned: new Set(ALL),
  suspended: new Set(ALL),
  on_hold: new Set(['start_trade', 'create_offer', 'activate_offer', 'withdraw']),
  frozen: new Set(['start_trade', 'create_offer', 'activate_offer', 'withdraw', 'deposit']),
  restricted: new Set(['start_trade', 'create_offer', 'activate_offer']),
  compromised: new Set(ALL),
  compliance_hold: new Set([
    'start_trade',
    'create_offer',
    'activate_offer',
    'withdraw',
    'deposit',
    'change_settings',
  ]),
};

export const isAllowed = (state: AccountState, action: AccountAction): boolean =>
  !FORBIDDEN[state].has(action);

/** States whose holder has no business holding a session at all. */
export const isLockedOut = (state: AccountState): boolean => !isAllowed(state, 'login');

export function assertAllowed(state: AccountState, action: AccountAction): void {
  if (isAllowed(state, action)) return;
  if (state === 'banned') throw new AppError(403, 'ACCOUNT_BANNED', 'This account has been banned.');
  if (state === 'suspended') {
    throw new AppError(403, 'ACCOUNT_SUSPENDED', 'This account is suspended. Please contact support.');
  }
  if (state === 'compromised') {
    throw new AppError(
      403,
      'ACCOUNT_COMPROMISED',
      'This account was locked to protect it. Please contact support to prove it is yours.',
    );
  }
  throw new AppError(
    403,
    'ACCOUNT_STATE_FORBIDS_ACTION',
    `Your account is ${state.replaceAll('_', ' ')}: this action is not available. Please contact support.`,
  );
}
