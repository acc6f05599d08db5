import {
  accountNoticeCodeSchema,
  displayedName,
  formatBaseUnits,
  fullNameVisibilityTypes,
  isStaffRole,
  verifiedFullName,
  type AccountNoticeCode,
  type CurrentUser,
  type FullNameVisibility,
  type Locale,
} from '@app/contract';
import { localizedName, type CatalogueData } from '../catalogue/index.js';
import type { UserRow } from './repository.js';

/** What other modules know about the user that the current user's shape carries. */
export type CurrentUserFacts = {
  /**
   * The user's trading (the trades module, one statement): a trade holding escrow runs (the web starts
   * the active-trade polling on page load), the lifetime numbers and their offers.
   */
  trading: {
    hasActiveTrades: boolean;
    completedTrades: number;
    successfulTrades: number;
    /** Satoshis of the completed BTC trades. */
    btcTraded: bigint;
    activeOffers: number;
    offers: number;
  };
  /** The spec's `twoFactor (login, release, sendout)`: what asks for a code. */
  twoFactor: { login: boolean; release: boolean; sendout: boolean };
  /** The company the account belongs to (decision 0040), null for a personal account. */
  corporate: CurrentUser['corporateAccount'];
  /** The user holds an active API key (decision 0042): `isApiKeyConnected`. */
  hasApiKey: boolean;
  /** The KYC level and what the user has proven (decision 0037), and the name their ID proved (0050). */
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
  > & { name: { firstName: string | null; middleName: string | null; lastName: string | null } };
  /** The reference data in memory: the user's country and currencies. */
  catalogue: Pick<CatalogueData, 'countries' | 'currencyByCode'>;
};

const visibilityOf = (value: string): FullNameVisibility =>
  (fullNameVisibilityTypes as readonly string[]).includes(value) ? (value as FullNameVisibility) : 'nobody';

/**
 * Row -> the spec's "Current user", every field from the data (decision 0050). Only the owner ever
 * receives this shape: it holds the e-mail, the verified name and the account flags.
 */
export function presentCurrentUser(user: UserRow, facts: CurrentUserFacts): CurrentUser {
  const state = user.accountState;
  const { trading, kyc, corporate, catalogue } = facts;
  const country = user.countryIso ? catalogue.countries.find((c) => c.iso === user.countryIso) : undefined;
  const countryName = country ? localizedName(country.names, user.locale as Locale) : null;
  const company = corporate?.status === 'application_approved' ? corporate : null;
  const phoneVerified = user.phoneVerifiedAt !== null;
  return {
    id: user.id,
    externalId: user.externalId,
    username: user.username,
    email: user.email,
    phone: phoneVerified ? user.phone : null,
    avatarUrl: avatarUrlOf(user),
    userFullName: verifiedFullName(kyc.name),
    firstName: kyc.name.firstName,
    lastName: kyc.name.lastName,
    displayedFullName: displayedName({
      visibility: user.fullNameVisibility,
      display: user.fullNameDisplay,
      ...kyc.name,
      legalName: company?.legalName ?? null,
      businessName: company?.businessName ?? null,
    }),
    location: countryName?.localized ?? null,
    country: country && countryName ? { iso: country.iso, code: country.iso3, name: countryName } : null,
    currency: user.currencyCode,
    currencyId: catalogue.currencyByCode.get(user.currencyCode)?.id ?? null,
    locationCurrency: country?.currencyCode ?? null,
    locale: user.locale,
    urlLocale: user.locale === 'en' ? '' : user.locale,
    timezone: user.timezone,
    // Features this product does not have: null, never an invented value (decision 0050).
    referralCode: null,
    feeDiscount: null,
    completedTrades: trading.completedTrades,
    successfulTrades: trading.successfulTrades,
    totalTradedBtc: formatBaseUnits(trading.btcTraded, 8),
    activeOffersCount: trading.activeOffers,
    merchantBalance: null,
    twoFactor: facts.twoFactor,
    vendorLanguages: null,
    completedTourGuides: null,
    kycLevelCheck: kyc.kycLevelCheck,
    kycIdRequired: kyc.kycIdRequired,
    basicVerification: user.isEmailVerified && phoneVerified,
    blockedKycActions: kyc.blockedKycActions,
    fullNameVisibilityType: visibilityOf(user.fullNameVisibility),
    accountCorporateNames: corporate ? [corporate.legalName, corporate.businessName].filter(Boolean) : [],
    corporateAccount: corporate,
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
    isVendor: trading.activeOffers > 0,
    isDemoAccount: user.isDemoAccount,
    isCorporateAccount: corporate !== null,
    isIdVerified: kyc.isIdVerified,
    isPhoneVerified: phoneVerified,
    isEmailVerified: user.isEmailVerified,
    isAddressVerified: kyc.isAddressVerified,
    isVideoVerifiedPending: kyc.isVideoVerifiedPending,
    isVideoVerifiedApproved: kyc.isVideoVerifiedApproved,
    isVideoVerifiedRejected: kyc.isVideoVerifiedRejected,
    isVideoVerifiedAllowed: kyc.isVideoVerifiedAllowed,
    isVideoVerifiedForced: kyc.isVideoVerifiedForced,
    isCompanyVerified: kyc.isCompanyVerified,
    // Any staff role: the console and the moderator's views (decision 0019).
    isModerator: isStaffRole(user.role),
    isAdmin: user.role === 'admin',
    hasOffers: trading.offers > 0,
    hasActiveTrades: trading.hasActiveTrades,
    // The browser keeps this choice (spec section 4: local storage); the server never sees it.
    isBalanceHidden: null,
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
