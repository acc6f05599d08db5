import { z } from 'zod';
import { currentUserSchema } from './users.js';

/**
 * Feature flags the spec names. All are off unless the operator lists them in `FEATURES`.
 */
export const featureFlags = [
  'offRamp',
  'onRamp',
  'lightning',
  'virtualCard',
  'bids',
  'disputeAppeal',
  'feeDiscount',
  'partnerProgram',
  'messenger',
  'giftCards',
  'spotTrading',
  'mobileTopUp',
  'assetOffersLevel1',
] as const;
export const featureFlagSchema = z.enum(featureFlags);
export type FeatureFlag = z.infer<typeof featureFlagSchema>;
export const featuresSchema = z.record(featureFlagSchema, z.boolean());
export type Features = z.infer<typeof featuresSchema>;

/**
 * Named routes the client builds links from (spec: "Named server routes ... come from a server-provided
 * routes object"). Values are paths without the locale prefix; the client adds it.
 */
export const namedRoutes = [
  'home.main',
  'register',
  'login',
  'logout',
  'walletIndex',
  'walletOnramp',
  'walletSend',
  'convert',
  'calculator',
  'virtualCard',
  'virtualCardLanding',
  'mobileTopUp',
  'buyCryptoInstantlyLanding',
  'spotTrading',
  'spotTradingLanding',
  'statisticDashboard',
  'academy',
  'partnerProgramLanding',
  'otcDeskLanding',
  'giftCardsLanding',
  'giftCardStore',
  'iosApp',
  'androidApp',
  'about',
  'blog',
  'statusPage',
  'help',
  'privacyPolicy',
  'termsOfService',
  'verification',
  'userSettings',
  'myOffers',
  'tradeHistory',
  'marketplace',
] as const;
export type NamedRoute = (typeof namedRoutes)[number];
export const routesSchema = z.record(z.enum(namedRoutes), z.string());

export const maintenanceSchema = z.object({
  enabled: z.boolean(),
  message: z.string().nullable(),
  endsAt: z.string().nullable(),
});

export const appInfoSchema = z.object({
  name: z.string(),
  environment: z.enum(['local', 'staging', 'production', 'testing', 'automation', 'demo']),
  supportedLanguages: z.array(z.object({ code: z.string(), name: z.string() })),
  defaultLanguage: z.string(),
  defaultCountry: z.string(),
  defaultCurrency: z.string(),
  isMobileApp: z.boolean(),
  maintenance: maintenanceSchema,
});

/** What the server injects into every HTML page (and serves at `GET /rest/v1/app/initial-state`). */
export const initialStateSchema = z.object({
  app: appInfoSchema,
  currentUser: currentUserSchema.nullable(),
  features: featuresSchema,
  session: z.object({ csrfToken: z.string() }),
  routes: routesSchema,
});
export type InitialState = z.infer<typeof initialStateSchema>;
