import {
  contentPageAliases,
  contentPageRoutes,
  DEFAULT_LOCALE,
  type InitialState,
  type Locale,
} from '@app/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { createLogoutAction } from '@/features/auth';
import { TradesLiveRoot } from '@/features/trades';
// The 404 and 500 pages are in the main chunk: the error boundary needs them even when chunks fail.
import { NotFoundPage } from '@/features/errors/pages/not-found-page';
import { ServerErrorPage } from '@/features/errors/pages/server-error-page';
import { prefixedLocales } from '@/shared/i18n/locale-path';
import { lazyPage } from '@/shared/lib/load-chunk';
import { LocaleLayout } from './layout/locale-layout';
import { LocalizedRedirect } from './localized-redirect';
import { RequireAuth } from './require-auth';
import { RequireStaff } from './require-staff';
import { RouteErrorBoundary } from './route-error-boundary';
import { WithCoinList } from './with-coin-list';

// One chunk per page (React.lazy through lazyPage, which adds the 120 s timeout and the
// "page reload required" handling).
// The home page's texts are common ones: a first visit paints it without waiting for the feature texts.
const HomePage = lazyPage(() => import('@/features/home/pages/home-page'), 'HomePage', {
  featureTexts: false,
});
const LoginPage = lazyPage(() => import('@/features/auth/pages/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('@/features/auth/pages/register-page'), 'RegisterPage');
const LogoutPage = lazyPage(() => import('@/features/auth/pages/logout-page'), 'LogoutPage');
const IpBlockedPage = lazyPage(() => import('@/features/errors/pages/ip-blocked-page'), 'IpBlockedPage');
const CalculatorPage = lazyPage(
  () => import('@/features/calculator/pages/calculator-page'),
  'CalculatorPage',
);
const WalletPage = lazyPage(() => import('@/features/wallet/pages/wallet-page'), 'WalletPage');
const TradingPage = lazyPage(() => import('@/features/marketplace/pages/marketplace-page'), 'TradingPage');
const GiftCardMarketPage = lazyPage(
  () => import('@/features/marketplace/pages/marketplace-page'),
  'GiftCardMarketPage',
);
const BuyLandingPage = lazyPage(
  () => import('@/features/marketplace/pages/buy-landing-page'),
  'BuyLandingPage',
);
const TradePage = lazyPage(() => import('@/features/trades/pages/trade-page'), 'TradePage');
const OfferPage = lazyPage(() => import('@/features/offer/pages/offer-page'), 'OfferPage');
const FavoritesPage = lazyPage(() => import('@/features/offer/pages/favorites-page'), 'FavoritesPage');
const ProfilePage = lazyPage(() => import('@/features/profile/pages/profile-page'), 'ProfilePage');
const TradeHistoryPage = lazyPage(
  () => import('@/features/trades/pages/trade-history-page'),
  'TradeHistoryPage',
);
const MyOffersPage = lazyPage(() => import('@/features/offer-manager/pages/my-offers-page'), 'MyOffersPage');
const OfferEditorPage = lazyPage(
  () => import('@/features/offer-manager/pages/offer-editor-page'),
  'OfferEditorPage',
);
const LiteOfferPage = lazyPage(
  () => import('@/features/offer-manager/pages/lite-offer-page'),
  'LiteOfferPage',
);
const DisputesPage = lazyPage(() => import('@/features/admin/pages/disputes-page'), 'DisputesPage');
const DisputePage = lazyPage(() => import('@/features/admin/pages/dispute-page'), 'DisputePage');
const UsersPage = lazyPage(() => import('@/features/admin/pages/users-page'), 'UsersPage');
const UserPage = lazyPage(() => import('@/features/admin/pages/user-page'), 'UserPage');
const AuditLogPage = lazyPage(() => import('@/features/admin/pages/audit-log-page'), 'AuditLogPage');
const AppealsPage = lazyPage(() => import('@/features/admin/pages/appeals-page'), 'AppealsPage');
const ReportsPage = lazyPage(() => import('@/features/admin/pages/reports-page'), 'ReportsPage');
const VerifyEmailPage = lazyPage(
  () => import('@/features/verification/pages/verify-email-page'),
  'VerifyEmailPage',
);
const IdentityVerificationPage = lazyPage(
  () => import('@/features/verification/pages/verification-page'),
  'VerificationPage',
);
const SettingsPage = lazyPage(() => import('@/features/settings/pages/settings-page'), 'SettingsPage');
const ApiKeysPage = lazyPage(() => import('@/features/api-keys/pages/api-keys-page'), 'ApiKeysPage');
const WebhooksPage = lazyPage(() => import('@/features/webhooks/pages/webhooks-page'), 'WebhooksPage');
const PaymentAccountsPage = lazyPage(
  () => import('@/features/payment-accounts/pages/payment-accounts-page'),
  'PaymentAccountsPage',
);
const ContactsPage = lazyPage(() => import('@/features/contacts/pages/contacts-page'), 'ContactsPage');
const SecurityPage = lazyPage(() => import('@/features/security/pages/security-page'), 'SecurityPage');
const ForgotPasswordPage = lazyPage(
  () => import('@/features/security/pages/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(
  () => import('@/features/security/pages/reset-password-page'),
  'ResetPasswordPage',
);
const OutboxPage = lazyPage(() => import('@/features/admin/pages/outbox-page'), 'OutboxPage');
const ChainReversalsPage = lazyPage(
  () => import('@/features/admin/pages/chain-reversals-page'),
  'ChainReversalsPage',
);
const ProofOfReservesPage = lazyPage(
  () => import('@/features/reserves/pages/proof-of-reserves-page'),
  'ProofOfReservesPage',
);
const CustodyPage = lazyPage(() => import('@/features/reserves/pages/custody-page'), 'CustodyPage');
const PayoutsPage = lazyPage(() => import('@/features/admin/pages/payouts-page'), 'PayoutsPage');
const ChargebacksPage = lazyPage(() => import('@/features/admin/pages/chargebacks-page'), 'ChargebacksPage');
const WithdrawalsPage = lazyPage(() => import('@/features/admin/pages/withdrawals-page'), 'WithdrawalsPage');
const VerificationsPage = lazyPage(
  () => import('@/features/admin/pages/verifications-page'),
  'VerificationsPage',
);
const VerificationReviewPage = lazyPage(
  () => import('@/features/admin/pages/verification-review-page'),
  'VerificationReviewPage',
);
const AboutPage = lazyPage(() => import('@/features/content/pages/content-page'), 'AboutPage');
const TermsPage = lazyPage(() => import('@/features/content/pages/content-page'), 'TermsPage');
const PrivacyPage = lazyPage(() => import('@/features/content/pages/content-page'), 'PrivacyPage');
const FeesPage = lazyPage(() => import('@/features/content/pages/content-page'), 'FeesPage');

export type AppRouteDependencies = {
  queryClient: QueryClient;
  i18n: I18n;
  /** The server's named routes: the SPA serves its pages at the same paths the server links to. */
  routes: InitialState['routes'];
};

const relative = (path: string) => path.replace(/^\/+/, '');

/**
 * The route tree, once per language: `/login` for English (the default, no prefix) and `/es/login`
 * for Spanish. Pages that need a logged-in user go under the `RequireAuth` wrapper (src/app/require-auth.tsx)
 * as they are added.
 */
export function createAppRoutes({ queryClient, i18n, routes }: AppRouteDependencies): RouteObject[] {
  const logoutAction = createLogoutAction(queryClient, () => i18n.t);

  const pages: RouteObject[] = [
    { index: true, element: <HomePage /> },
    { path: relative(routes.login), element: <LoginPage /> },
    { path: 'password/forgot', element: <ForgotPasswordPage /> },
    { path: 'password/reset', element: <ResetPasswordPage /> },
    { path: relative(routes.register), element: <RegisterPage /> },
    { path: relative(routes.logout), element: <LogoutPage />, action: logoutAction },
    { path: 'error/ip-blocked', element: <IpBlockedPage /> },
    // The named route `calculator` is /calculator/btc-to-usd; every currency has its own address.
    { path: 'calculator/:pair', element: <CalculatorPage /> },
    { path: 'calculator', element: <Navigate to="btc-to-usd" replace /> },
    // The marketplace: /trading/{buy|sell}-{crypto}/{method}, /buy/bitcoin/{method} and the gift card
    // search /{buy|sell}-giftcard[-for-{crypto}]/{method}. The last is a two-segment pattern: static routes
    // rank above it, and the page itself answers "not found" for anything that is not a gift card market.
    {
      path: 'trading/:market/:method',
      element: (
        <WithCoinList>
          <TradingPage />
        </WithCoinList>
      ),
    },
    { path: 'trading', element: <Navigate to="buy-bitcoin/any" replace /> },
    { path: 'buy/bitcoin/:slug', element: <BuyLandingPage /> },
    {
      path: ':market/:method',
      element: (
        <WithCoinList>
          <GiftCardMarketPage />
        </WithCoinList>
      ),
    },
    { element: <RequireAuth />, children: [{ path: relative(routes.walletIndex), element: <WalletPage /> }] },
    // The offer page needs a login (spec section 2), like the favourites; public profiles do not.
    {
      element: <RequireAuth />,
      children: [
        { path: 'offer/:id', element: <OfferPage /> },
        { path: relative(routes.favorites), element: <FavoritesPage /> },
      ],
    },
    { path: 'user/:username', element: <ProfilePage /> },
    // Proof of reserves (decision 0060): public; a logged-in visitor also checks their own inclusion.
    { path: 'proof-of-reserves', element: <ProofOfReservesPage /> },
    {
      element: <RequireAuth />,
      children: [
        { path: relative(routes.verifyEmail), element: <VerifyEmailPage /> },
        // The KYC levels and the identity verification steps (decisions 0037, 0038).
        { path: relative(routes.verification), element: <IdentityVerificationPage /> },
        { path: relative(routes.userSecurity), element: <SecurityPage /> },
        { path: relative(routes.userSettings), element: <SettingsPage /> },
        { path: relative(routes.paymentAccounts), element: <PaymentAccountsPage /> },
        { path: relative(routes.apiKeys), element: <ApiKeysPage /> },
        { path: relative(routes.webhooks), element: <WebhooksPage /> },
      ],
    },
    // Contacts: recent trades, trusted, blocked (`/contacts` is the first tab) and favourite offers.
    {
      element: <RequireAuth />,
      children: [
        { path: relative(routes.contacts), element: <ContactsPage /> },
        { path: `${relative(routes.contacts)}/:tab`, element: <ContactsPage /> },
      ],
    },
    {
      element: <RequireAuth />,
      children: [
        { path: 'trade/:hash', element: <TradePage /> },
        { path: relative(routes.tradeHistory), element: <TradeHistoryPage /> },
      ],
    },
    // The offer manager: my offers (named route `myOffers`) and the editor's spec routes.
    {
      element: <RequireAuth />,
      children: [
        { path: relative(routes.myOffers), element: <MyOffersPage /> },
        { path: 'offer-manager/edit', element: <OfferEditorPage /> },
        { path: 'offer-manager/edit/:id', element: <OfferEditorPage /> },
        { path: 'offer-manager/lite/edit/:id', element: <LiteOfferPage /> },
      ],
    },
    // Content pages (decision 0016) at their named routes, and the short addresses people type.
    { path: relative(routes.about), element: <AboutPage /> },
    { path: relative(routes.termsOfService), element: <TermsPage /> },
    { path: relative(routes.privacyPolicy), element: <PrivacyPage /> },
    { path: relative(routes.fees), element: <FeesPage /> },
    ...Object.entries(contentPageAliases).map(([alias, slug]) => ({
      path: alias,
      element: <LocalizedRedirect to={routes[contentPageRoutes[slug]]} />,
    })),
    // The staff console: staff only; everyone else gets the 404 page (decision 0021).
    {
      element: <RequireStaff />,
      children: [
        { path: 'admin', element: <Navigate to="disputes" replace /> },
        { path: 'admin/disputes', element: <DisputesPage /> },
        { path: 'admin/disputes/:hash', element: <DisputePage /> },
        { path: 'admin/chargebacks', element: <ChargebacksPage /> },
        { path: 'admin/withdrawals', element: <WithdrawalsPage /> },
        { path: 'admin/verifications', element: <VerificationsPage /> },
        { path: 'admin/verifications/:id', element: <VerificationReviewPage /> },
        { path: 'admin/reports', element: <ReportsPage /> },
        { path: 'admin/appeals', element: <AppealsPage /> },
        { path: 'admin/users', element: <UsersPage /> },
        { path: 'admin/users/:username', element: <UserPage /> },
        { path: 'admin/audit', element: <AuditLogPage /> },
        { path: 'admin/outbox', element: <OutboxPage /> },
        { path: 'admin/chain', element: <ChainReversalsPage /> },
        { path: 'admin/custody', element: <CustodyPage /> },
        { path: 'admin/payouts', element: <PayoutsPage /> },
      ],
    },
    { path: 'error/500', element: <ServerErrorPage /> },
    { path: '*', element: <NotFoundPage /> },
  ];

  const branch = (locale: Locale): RouteObject => ({
    path: locale === DEFAULT_LOCALE ? '/' : `/${locale}`,
    element: <LocaleLayout locale={locale} />,
    errorElement: <RouteErrorBoundary />,
    // A pathless child holds the pages so a failing page renders its error inside the layout.
    // TradesLiveRoot: the WebSocket and the trade watcher live around every page.
    children: [{ errorElement: <RouteErrorBoundary />, element: <TradesLiveRoot />, children: pages }],
  });

  return [branch(DEFAULT_LOCALE), ...prefixedLocales.map(branch)];
}

export function createAppRouter(dependencies: AppRouteDependencies) {
  return createBrowserRouter(createAppRoutes(dependencies));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
