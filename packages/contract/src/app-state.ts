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
 * These have pages: the server always sends them. The spec's names come first; then the pages it names
 * without a route name (verification, settings, ...), so every page a link leads to is in the object.
 */
export const availableNamedRoutes = [
  'home.main',
  'register',
  'login',
  'logout',
  'walletIndex',
  'calculator',
  'about',
  'privacyPolicy',
  'termsOfService',
  'fees',
  'myOffers',
  'tradeHistory',
  'marketplace',
  'walletSend',
  'verification',
  'verifyEmail',
  'userSettings',
  'userSecurity',
  'paymentAccounts',
  'apiKeys',
  'webhooks',
  'contacts',
  'favorites',
] as const;
/**
 * Named routes the spec lists whose pages do not exist yet. The server leaves them out of the initial
 * state until their feature lands (the name then moves to the list above), so no link can lead to "Page
 * not found": the web reaches them only through a lookup that hides the link while the route is absent
 * (docs/decisions/0016-content-pages.md).
 */
export const plannedNamedRoutes = [
  'walletOnramp',
  'convert',
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
  'blog',
  'statusPage',
  'help',
] as const;
export const namedRoutes = [...availableNamedRoutes, ...plannedNamedRoutes] as const;
export type AvailableNamedRoute = (typeof availableNamedRoutes)[number];
export type PlannedNamedRoute = (typeof plannedNamedRoutes)[number];
export type NamedRoute = (typeof namedRoutes)[number];

const requiredRoutes = Object.fromEntries(availableNamedRoutes.map((name) => [name, z.string()])) as Record<
  AvailableNamedRoute,
  z.ZodString
>;
const optionalRoutes = Object.fromEntries(
  plannedNamedRoutes.map((name) => [name, z.string().optional()]),
) as Record<PlannedNamedRoute, z.ZodOptional<z.ZodString>>;
export const routesSchema = z.object({ ...requiredRoutes, ...optionalRoutes });

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

/**
 * Which chain the wallet runs on (decision 0047). `simulated`: at least one coin's deposits and sends go
 * to the simulated chain (demo money: its addresses belong to nobody, nothing sent to them arrives);
 * `simulatedCoins` names them (today every coin; a real chain adapter takes its coins off the list).
 */
export const chainStateSchema = z.object({
  simulated: z.boolean(),
  simulatedCoins: z.array(z.string()),
});

/** What the server injects into every HTML page (and serves at `GET /rest/v1/app/initial-state`). */
export const initialStateSchema = z.object({
  app: appInfoSchema,
  chain: chainStateSchema,
  currentUser: currentUserSchema.nullable(),
  features: featuresSchema,
  session: z.object({ csrfToken: z.string() }),
  routes: routesSchema,
});
export type InitialState = z.infer<typeof initialStateSchema>;
