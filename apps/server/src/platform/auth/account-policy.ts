import { isAllowed, type AccountAction, type AccountState } from '@app/contract';
import { AppError } from '../http/errors.js';

/**
 * The one rule for account states is the contract's table (`packages/contract/src/account-policy.ts`,
 * decisions 0002 and 0019): every guard here asks it, and the web's account banners explain it.
 */
export { isAllowed, isLockedOut, type AccountAction } from '@app/contract';

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
