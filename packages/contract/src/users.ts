import { z } from 'zod';

export const userRoles = ['user', 'moderator', 'admin'] as const;
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

/**
 * Account states (spec: banned, suspended, on hold, frozen, restricted). `active` is the normal state.
 * What each state forbids is decided in one place on the server (`platform/auth/account-policy.ts`).
 */
export const accountStates = ['active', 'banned', 'suspended', 'on_hold', 'frozen', 'restricted'] as const;
export const accountStateSchema = z.enum(accountStates);
export type AccountState = z.infer<typeof accountStateSchema>;

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
  kycLevelCheck: z.object({ level: z.number(), unusedTradingVolumeInFiatCurrency: z.string() }),
  basicVerification: z.boolean(),
  blockedKycActions: z.array(z.string()),
  fullNameVisibilityType: z.string(),
  accountCorporateNames: z.array(z.string()),
  role: userRoleSchema,
  accountState: accountStateSchema,
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
