import type { CurrentUser } from '@app/contract';
import { presentCurrentUser, type CurrentUserFacts } from './presenter.js';
import type { UserRow } from './repository.js';

export type CurrentUserReaders = {
  /**
   * The user's trading in one statement: a running trade, the lifetime numbers, their offers. Passed in
   * by the app (the trades module answers it) so the users module never imports trades, which already
   * depends on users.
   */
  trading(userId: number): Promise<CurrentUserFacts['trading']>;
  /** What the user asks a two-factor code for (the two-factor module answers it). */
  twoFactorFlags(userId: number): Promise<{ login: boolean; release: boolean; sendout: boolean }>;
  /**
   * The user's KYC level, what is left of it, what it blocks, what they have proven and the name their ID
   * proved (the kyc module).
   */
  kyc(userId: number, currencyCode: string): Promise<CurrentUserFacts['kyc']>;
  /** The company the account belongs to (the corporate module), null for a personal account. */
  corporate(userId: number): Promise<CurrentUserFacts['corporate']>;
  /** Whether the user holds an active API key (the api-keys module). */
  hasApiKey(userId: number): Promise<boolean>;
  /** The reference data (in memory): countries and currencies. */
  catalogue(): Promise<CurrentUserFacts['catalogue']>;
};

/**
 * Presents the logged-in user with the facts other modules own. Every place that answers the current
 * user (HTML shell, initial state, current_user, login, register) goes through this one function, so
 * none of them can forget a fact. Five statements, run side by side; the catalogue is in memory.
 */
export function createCurrentUserPresenter(readers: CurrentUserReaders) {
  return async function present(user: UserRow): Promise<CurrentUser> {
    const [trading, twoFactor, kyc, corporate, hasApiKey, catalogue] = await Promise.all([
      readers.trading(user.id),
      readers.twoFactorFlags(user.id),
      readers.kyc(user.id, user.currencyCode),
      readers.corporate(user.id),
      readers.hasApiKey(user.id),
      readers.catalogue(),
    ]);
    return presentCurrentUser(user, { trading, twoFactor, kyc, corporate, hasApiKey, catalogue });
  };
}

export type CurrentUserPresenter = ReturnType<typeof createCurrentUserPresenter>;
