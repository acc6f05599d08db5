import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, type InitialState, type NamedRoute } from '@app/contract';
import type { Config } from '../../platform/config.js';
import type { CurrentUserPresenter, UsersService } from '../users/index.js';

/** Paths of the named routes the client links to; the client adds the locale prefix itself. */
export const NAMED_ROUTES: Record<NamedRoute, string> = {
  'home.main': '/',
  register: '/register',
  login: '/login',
  logout: '/logout',
  walletIndex: '/wallet',
  walletOnramp: '/wallet/onramp',
  walletSend: '/wallet/send',
  convert: '/convert',
  calculator: '/calculator/btc-to-usd',
  virtualCard: '/virtual-card',
  virtualCardLanding: '/virtual-card/landing',
  mobileTopUp: '/mobile-top-up',
  buyCryptoInstantlyLanding: '/buy-crypto-instantly',
  spotTrading: '/spot-trading/terminal',
  spotTradingLanding: '/spot-trading',
  statisticDashboard: '/statistics',
  academy: '/academy',
  partnerProgramLanding: '/partner-program',
  otcDeskLanding: '/otc-desk',
  giftCardsLanding: '/gift-cards',
  giftCardStore: '/gift-card-store',
  iosApp: '/apps/ios',
  androidApp: '/apps/android',
  about: '/about',
  blog: '/blog',
  statusPage: '/status',
  help: '/help',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  verification: '/account/verification',
  userSettings: '/user/settings',
  myOffers: '/offer-manager',
  tradeHistory: '/trade-history',
  marketplace: '/trading/buy-bitcoin/any',
};

export const SUPPORTED_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
];

export function createInitialStateBuilder(
  config: Config,
  users: UsersService,
  presentUser: CurrentUserPresenter,
) {
  return async function buildInitialState(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<InitialState> {
    // A page view writes no session row: anonymous visitors get a stateless token (decision 0001).
    const csrfToken = request.server.sessions.csrfToken(request, reply);
    const currentUser = request.user ? await presentUser(await users.getById(request.user.id)) : null;
    return {
      app: {
        name: 'P2P Market',
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
      currentUser,
      features: config.features,
      session: { csrfToken },
      routes: NAMED_ROUTES,
    };
  };
}

export type InitialStateBuilder = ReturnType<typeof createInitialStateBuilder>;
