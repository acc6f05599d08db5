import { z } from 'zod';
import { userRoles } from './roles.js';
import { corporateAccountSchema } from './corporate.js';
import { blockedKycActionSchema, kycLevelCheckSchema } from './kyc.js';
import { fullNameVisibilityTypes } from './full-name.js';
import { accountStates } from './account-policy.js';

export { isStaffRole, staffRoles, userRoles, type StaffRole, type UserRole } from './roles.js';
export const userRoleSchema = z.enum(userRoles);

/** What each state forbids is one table (`account-policy.ts`), enforced by the server, shown by the web. */
export const accountStateSchema = z.enum(accountStates);

/**
 * The spec's account notice codes: 0 problem with the account balance, 1 account closed, 2 a
 * notification from payment support. Staff set one on an account; the web shows it as a banner.
 */
export const accountNoticeCodes = [0, 1, 2] as const;
export const accountNoticeCodeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type AccountNoticeCode = z.infer<typeof accountNoticeCodeSchema>;

export const twoFactorTypeSchema = z.enum(['sms', 'email', 'ga', 'none']);

const countrySchema = z.object({
  iso: z.string(),
  code: z.string(),
  name: z.object({ original: z.string(), localized: z.string() }),
});

/**
 * The spec's "Current user" entity, every field from the account's data (decision 0050). Fields of
 * features this product does not have (referrals, fee discounts, a merchant balance, spoken languages,
 * guided tours, a mobile app) are null or false, never an invented number; the `isBalanceHidden` choice
 * lives in the browser (spec section 4: saved in local storage), so the server says null.
 */
export const currentUserSchema = z.object({
  id: z.number().int(),
  externalId: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** The name the user's approved ID verification proved (first, middle, last); null without one. */
  userFullName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /**
   * The name as others see it when the visibility allows: the verified name in the chosen display form
   * (settings), or the verified company's; null when the form hides it or nothing verified makes it.
   */
  displayedFullName: z.string().nullable(),
  /** Where the user trades from, as text: their country's name in their language (null: not known). */
  location: z.string().nullable(),
  country: countrySchema.nullable(),
  /** The preferred currency (settings) and its catalogue id. */
  currency: z.string(),
  currencyId: z.number().int().nullable(),
  /** The currency of the user's country (null: country not known). */
  locationCurrency: z.string().nullable(),
  locale: z.string(),
  urlLocale: z.string(),
  timezone: z.string(),
  /** No referral programme exists in this product: null. */
  referralCode: z.string().nullable(),
  /** No fee perks exist (every trade pays the configured escrow fee): null. */
  feeDiscount: z.number().nullable(),
  /** Trades that reached the buyer (released, or a dispute won by the buyer): the profile's number. */
  completedTrades: z.number().int(),
  /** Of those, the ones the seller released themselves (no moderator's decision). */
  successfulTrades: z.number().int(),
  /** BTC of the completed BTC trades, in BTC (8 decimals). */
  totalTradedBtc: z.string(),
  /** Offers switched on now. */
  activeOffersCount: z.number().int(),
  /** No merchant (payment acceptance) account exists in this product: null. */
  merchantBalance: z.string().nullable(),
  twoFactor: z.object({ login: z.boolean(), release: z.boolean(), sendout: z.boolean() }),
  /** No spoken-languages setting exists: null. */
  vendorLanguages: z.array(z.string()).nullable(),
  /** No guided tours exist (the spec's tour call is not built): null. */
  completedTourGuides: z.array(z.string()).nullable(),
  /** The level (the spec's account level number) and what is left of its trading volume (decision 0037). */
  kycLevelCheck: kycLevelCheckSchema,
  /** The level's trading volume is used up: the `kycIdRequiredBanner` invites the trader to verify. */
  kycIdRequired: z.boolean(),
  /** The basic verification: e-mail and phone number both verified. */
  basicVerification: z.boolean(),
  blockedKycActions: z.array(blockedKycActionSchema),
  /** Who sees the full name (settings). */
  fullNameVisibilityType: z.enum(fullNameVisibilityTypes),
  /** The company's names (legal entity, business name) when the account is a company's. */
  accountCorporateNames: z.array(z.string()),
  /** The company the account belongs to and its application's status (decision 0040); null: personal. */
  corporateAccount: corporateAccountSchema.nullable(),
  role: userRoleSchema,
  accountState: accountStateSchema,
  /** The account notice staff left for this user (spec codes 0-2), shown as a banner; null: none. */
  accountNotice: accountNoticeCodeSchema.nullable(),
  isLogged: z.boolean(),
  isBanned: z.boolean(),
  isSuspended: z.boolean(),
  isOnHold: z.boolean(),
  isFrozen: z.boolean(),
  isRestricted: z.boolean(),
  isCompromised: z.boolean(),
  /** No merchant product exists: always false (vendors are `isVendor`). */
  isMerchant: z.boolean(),
  /** Publishes offers: at least one offer is switched on. */
  isVendor: z.boolean(),
  isDemoAccount: z.boolean(),
  isCorporateAccount: z.boolean(),
  isIdVerified: z.boolean(),
  isPhoneVerified: z.boolean(),
  isEmailVerified: z.boolean(),
  isAddressVerified: z.boolean(),
  isVideoVerifiedPending: z.boolean(),
  isVideoVerifiedApproved: z.boolean(),
  isVideoVerifiedRejected: z.boolean(),
  isVideoVerifiedAllowed: z.boolean(),
  isVideoVerifiedForced: z.boolean(),
  isCompanyVerified: z.boolean(),
  isModerator: z.boolean(),
  isAdmin: z.boolean(),
  /** Has created offers (switched on or not). */
  hasOffers: z.boolean(),
  hasActiveTrades: z.boolean(),
  /** Kept by the browser (local storage), which the server never sees: null. */
  isBalanceHidden: z.boolean().nullable(),
  isApiKeyConnected: z.boolean(),
  /** No mobile app exists: always false. */
  hasActiveMobileApp: z.boolean(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
