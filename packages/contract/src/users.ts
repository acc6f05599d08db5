import { z } from 'zod';
import { userRoles } from './roles.js';
import { corporateAccountSchema } from './corporate.js';
import { blockedKycActionSchema, kycLevelCheckSchema } from './kyc.js';
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
 * The spec's "Current user" entity. Fields whose feature lands in a later issue carry their defaults.
 */
export const currentUserSchema = z.object({
  id: z.number().int(),
  externalId: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  userFullName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  location: z.string().nullable(),
  country: countrySchema.nullable(),
  currency: z.string(),
  currencyId: z.number().int(),
  locationCurrency: z.string().nullable(),
  locale: z.string(),
  urlLocale: z.string(),
  timezone: z.string(),
  referralCode: z.string(),
  feeDiscount: z.number(),
  completedTrades: z.number().int(),
  successfulTrades: z.number().int(),
  totalTradedBtc: z.string(),
  activeOffersCount: z.number().int(),
  merchantBalance: z.string(),
  twoFactor: z.object({ login: z.boolean(), release: z.boolean(), sendout: z.boolean() }),
  vendorLanguages: z.array(z.string()),
  completedTourGuides: z.array(z.string()),
  /** The level (the spec's account level number) and what is left of its trading volume (decision 0037). */
  kycLevelCheck: kycLevelCheckSchema,
  /** The level's trading volume is used up: the `kycIdRequiredBanner` invites the trader to verify. */
  kycIdRequired: z.boolean(),
  basicVerification: z.boolean(),
  blockedKycActions: z.array(blockedKycActionSchema),
  fullNameVisibilityType: z.string(),
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
  isMerchant: z.boolean(),
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
  hasOffers: z.boolean(),
  hasActiveTrades: z.boolean(),
  isBalanceHidden: z.boolean(),
  isApiKeyConnected: z.boolean(),
  hasActiveMobileApp: z.boolean(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
