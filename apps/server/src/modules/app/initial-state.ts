import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, type AvailableNamedRoute, type CurrentUser, type InitialState } from '@app/contract';
import type { Config } from '../../platform/config.js';

/**
 * Paths of the named routes that have pages; the client adds the locale prefix itself. The spec's other
 * named routes (`plannedNamedRoutes`) are left out until their pages exist, so the client hides links
 * to them instead of leading to "Page not found" (docs/decisions/0016-content-pages.md).
 */
export const NAMED_ROUTES: Record<AvailableNamedRoute, string> = {
  'home.main': '/',
  register: '/register',
  login: '/login',
  logout: '/logout',
  walletIndex: '/wallet',
  calculator: '/calculator/btc-to-usd',
  about: '/about',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  fees: '/fees',
  myOffers: '/offer-manager',
  tradeHistory: '/trade-history',
  marketplace: '/trading/buy-bitcoin/any',
  // The wallet's send tab: a link opens the page on it (`?tab=send`).
  walletSend: '/wallet?tab=send',
  verification: '/account/verification',
  verifyEmail: '/account/verify-email',
  userSettings: '/user/settings',
  userSecurity: '/user/security',
  paymentAccounts: '/user/payment-accounts',
  apiKeys: '/user/api-keys',
  webhooks: '/user/webhooks',
  contacts: '/contacts',
  favorites: '/favorites',
};

/** The product's name in the shell, the initial state and the content pages' `{{appName}}`. */
export const APP_NAME = 'P2P Market';

export const SUPPORTED_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
];

export function createInitialStateBuilder(
  config: Config,
  /** The current user as presented (kept per user: modules/app/user-reads.ts). */
  readCurrentUser: (userId: number) => Promise<CurrentUser>,
  /** The wallet's chain adapter (decision 0047): which coins run on the simulated chain. */
  chain: { simulatedCoins: readonly string[] },
) {
  const chainState = {
    simulated: chain.simulatedCoins.length > 0,
    simulatedCoins: [...chain.simulatedCoins],
  };
  return async function buildInitialState(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<InitialState> {
    // A page view writes no session row: anonymous visitors get a stateless token (decision 0001).
    const csrfToken = request.server.sessions.csrfToken(request, reply);
    const currentUser = request.user ? await readCurrentUser(request.user.id) : null;
    return {
      app: {
        name: APP_NAME,
        environment: config.appEnv,
        supportedLanguages: SUPPORTED_LANGUAGES,
        defaultLanguage: DEFAULT_LOCALE,
        defaultCountry: 'WORLDWIDE',
        defaultCurrency: 'USD',
        isMobileApp: false,
        maintenance: {
          enabled: config.maintenanceMessage !== null,
          message: config.maintenanceMessage,
          endsAt: null,
        },
      },
      chain: chainState,
      currentUser,
      features: config.features,
      session: { csrfToken },
      routes: NAMED_ROUTES,
    };
  };
}

export type InitialStateBuilder = ReturnType<typeof createInitialStateBuilder>;
