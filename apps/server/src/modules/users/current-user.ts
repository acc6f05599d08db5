import type { CurrentUser } from '@app/contract';
import { presentCurrentUser, type CurrentUserFacts } from './presenter.js';
import type { UserRow } from './repository.js';

export type CurrentUserReaders = {
  /**
   * Whether the user has a running trade. Passed in by the app (the trades module answers it) so the
   * users module never imports trades, which already depends on users.
   */
  hasActiveTrades(userId: number): Promise<boolean>;
  /** What the user asks a two-factor code for (the two-factor module answers it). */
  twoFactorFlags(userId: number): Promise<{ login: boolean; release: boolean; sendout: boolean }>;
  /** The user's KYC level, what is left of it, what it blocks, what they have proven (the kyc module). */
  kyc(userId: number, currencyCode: string): Promise<CurrentUserFacts['kyc']>;
  /** The company the account belongs to (the corporate module), null for a personal account. */
  corporate(userId: number): Promise<CurrentUserFacts['corporate']>;
  /** Whether the user holds an active API key (the api-keys module). */
  hasApiKey(userId: number): Promise<boolean>;
};

/**
 * Presents the logged-in user with the facts other modules own. Every place that answers the current
 * user (HTML shell, initial state, current_user, login, register) goes through this one function, so
 * none of them can forget a fact.
 */
export function createCurrentUserPresenter(readers: CurrentUserReaders) {
  return async function present(user: UserRow): Promise<CurrentUser> {
    const [hasActiveTrades, twoFactor, kyc, corporate, hasApiKey] = await Promise.all([
      readers.hasActiveTrades(user.id),
      readers.twoFactorFlags(user.id),
      readers.kyc(user.id, user.currencyCode),
      readers.corporate(user.id),
      readers.hasApiKey(user.id),
    ]);
    return presentCurrentUser(user, { hasActiveTrades, twoFactor, kyc, corporate, hasApiKey });
  };
}

export type CurrentUserPresenter = ReturnType<typeof createCurrentUserPresenter>;
