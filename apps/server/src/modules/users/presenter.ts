import {
  accountNoticeCodeSchema,
  isStaffRole,
  type AccountNoticeCode,
  type CurrentUser,
} from '@app/contract';
import type { UserRow } from './repository.js';

/** What other modules know about the user that the current user's shape carries. */
export type CurrentUserFacts = {
  /** A trade holding escrow runs: the web starts the active-trade polling on page load. */
  hasActiveTrades: boolean;
  /** The spec's `twoFactor (login, release, sendout)`: what asks for a code. */
  twoFactor: { login: boolean; release: boolean; sendout: boolean };
  /** The company the account belongs to (decision 0040), null for a personal account. */
  corporate: CurrentUser['corporateAccount'];
  /** The user holds an active API key (decision 0042): `isApiKeyConnected`. */
  hasApiKey: boolean;
  /** The KYC level and what the user has proven (decision 0037). */
  kyc: Pick<
    CurrentUser,
    | 'kycLevelCheck'
    | 'kycIdRequired'
    | 'blockedKycActions'
    | 'isIdVerified'
    | 'isAddressVerified'
    | 'isVideoVerifiedPending'
    | 'isVideoVerifiedApproved'
    | 'isVideoVerifiedRejected'
    | 'isVideoVerifiedAllowed'
    | 'isVideoVerifiedForced'
    | 'isCompanyVerified'
  >;
};

/**
 * Row -> the spec's "Current user". Only the owner ever receives this shape: it holds the e-mail and
 * account flags. Features that arrive in later issues (KYC, offers, wallet) fill their fields.
 */
export function presentCurrentUser(user: UserRow, facts: CurrentUserFacts): CurrentUser {
  const state = user.accountState;
  return {
    id: user.id,
    externalId: user.externalId,
    username: user.username,
    email: user.email,
    phone: user.phoneVerifiedAt ? user.phone : null,
    avatarUrl: avatarUrlOf(user),
    userFullName: null,
    firstName: null,
    lastName: null,
    location: null,
    country: null,
    currency: user.currencyCode,
    currencyId: 144,
    locationCurrency: null,
    locale: user.locale,
    urlLocale: user.locale === 'en' ? '' : user.locale,
    timezone: user.timezone,
    referralCode: user.externalId.slice(0, 8),
    feeDiscount: 0,
    completedTrades: 0,
    successfulTrades: 0,
    totalTradedBtc: '0',
    activeOffersCount: 0,
    merchantBalance: '0',
    twoFactor: facts.twoFactor,
    vendorLanguages: [],
    completedTourGuides: [],
    kycLevelCheck: facts.kyc.kycLevelCheck,
    kycIdRequired: facts.kyc.kycIdRequired,
    basicVerification: false,
    blockedKycActions: facts.kyc.blockedKycActions,
    fullNameVisibilityType: 'nobody',
    accountCorporateNames: facts.corporate
      ? [facts.corporate.legalName, facts.corporate.businessName].filter(Boolean)
      : [],
    corporateAccount: facts.corporate,
    role: user.role,
    accountState: state,
    accountNotice: accountNoticeOf(user.accountNotice),
    isLogged: true,
    isBanned: state === 'banned',
    isSuspended: state === 'suspended',
    isOnHold: state === 'on_hold',
    isFrozen: state === 'frozen',
    isRestricted: state === 'restricted',
    isCompromised: state === 'compromised',
    isMerchant: false,
    isVendor: false,
    isDemoAccount: user.isDemoAccount,
    isCorporateAccount: facts.corporate !== null,
    isIdVerified: facts.kyc.isIdVerified,
    isPhoneVerified: user.phoneVerifiedAt !== null,
    isEmailVerified: user.isEmailVerified,
    isAddressVerified: facts.kyc.isAddressVerified,
    isVideoVerifiedPending: facts.kyc.isVideoVerifiedPending,
    isVideoVerifiedApproved: facts.kyc.isVideoVerifiedApproved,
    isVideoVerifiedRejected: facts.kyc.isVideoVerifiedRejected,
    isVideoVerifiedAllowed: facts.kyc.isVideoVerifiedAllowed,
    isVideoVerifiedForced: facts.kyc.isVideoVerifiedForced,
    isCompanyVerified: facts.kyc.isCompanyVerified,
    // Any staff role: the console and the moderator's views (decision 0019).
    isModerator: isStaffRole(user.role),
    isAdmin: user.role === 'admin',
    hasOffers: false,
    hasActiveTrades: facts.hasActiveTrades,
    isBalanceHidden: false,
    isApiKeyConnected: facts.hasApiKey,
    hasActiveMobileApp: false,
    createdAt: user.createdAt.toISOString(),
  };
}

/** The stored notice, read through the contract (the column's CHECK allows 0-2 or null). */
function accountNoticeOf(value: number | null): AccountNoticeCode | null {
  const parsed = accountNoticeCodeSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Where a user's avatar is served, or null without one. The file's key ends the address (`?v=`), so a
 * new picture gets a new address and browsers may cache each for long.
 */
export const avatarUrlOf = (user: Pick<UserRow, 'username' | 'avatarKey'>): string | null =>
  user.avatarKey
    ? `/rest/v1/users/${encodeURIComponent(user.username)}/avatar?v=${user.avatarKey.slice(-8)}`
    : null;
