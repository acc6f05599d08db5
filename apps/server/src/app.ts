import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './platform/config.js';
import type { Database } from './platform/db/client.js';
import { envelope, frameworkErrors } from './platform/http/envelope.js';
import { openApiOptions } from './platform/http/openapi-document.js';
import { recordRoutes } from './platform/http/route-access.js';
import { securityHeadersPlugin } from './platform/http/security-headers.js';
import { QuietRequestLogs } from './platform/http/request-logs.js';
import { sessionsPlugin } from './platform/auth/session.js';
import { LoginThrottle } from './platform/auth/login-throttle.js';
import { createRateLimiter, createRateLimits } from './platform/rate-limit/index.js';
import { createCurrentUserPresenter, createUsersService, usersRoutes } from './modules/users/index.js';
import { authRoutes } from './modules/auth/index.js';
import { createLedger } from './modules/ledger/index.js';
import {
  chainFromConfig,
  createWalletService,
  custodyViewsFromConfig,
  walletRepository,
  walletRoutes,
  createWithdrawalApprovals,
  withdrawalApprovalRoutes,
  payoutsAdminRoutes,
  type WalletService,
} from './modules/wallet/index.js';
import { createKycService, createKycStandings, kycRoutes, loadKycLevels } from './modules/kyc/index.js';
import { usersRepository } from './modules/users/repository.js';
import {
  APP_NAME,
  appRoutes,
  createInitialStateBuilder,
  createUserReads,
  createNotFoundHandler,
} from './modules/app/index.js';
import { catalogueRoutes, createCatalogueService } from './modules/catalogue/index.js';
import { banksRoutes } from './modules/banks/index.js';
import { createRatesProvider, createRatesService, ratesRoutes } from './modules/rates/index.js';
import { createOffersService, offersRepository, offersRoutes } from './modules/offers/index.js';
import { contactsRoutes, createContactsService } from './modules/contacts/index.js';
import { createMobileMoneyService, mobileMoneyRoutes } from './modules/mobile-money/index.js';
import { bankAccountsRoutes, createBankAccountsService } from './modules/bank-accounts/index.js';
import {
  createOfferAppealsService,
  createReportsModerationService,
  createReportsService,
  reportsRoutes,
} from './modules/reports/index.js';
import { publicProfileRoutes } from './modules/users/index.js';
import { createTradesService, tradesRepository, tradesRoutes } from './modules/trades/index.js';
import { corporateRoutes, createCorporateService } from './modules/corporate/index.js';
import { apiKeysRoutes, createApiKeyAuthenticator, createApiKeysService } from './modules/api-keys/index.js';
import {
  createWebhookDelivery,
  createWebhooksService,
  webhooksRoutes,
  type WebhookDeliveryQueue,
} from './modules/webhooks/index.js';
import { createSafeFetch } from './platform/outbound/index.js';
import { createKycProvider, kycProviderRoutes } from './modules/kyc-provider/index.js';
import { createFeedbackService, feedbackCountsOf, feedbackRoutes } from './modules/feedback/index.js';
import {
  attachmentsRoutes,
  createAttachmentsService,
  DEFAULT_MAX_IMAGE_PIXELS,
  DEFAULT_PDF_TIMEOUT_MS,
} from './modules/attachments/index.js';
import {
  createKycRequestsService,
  kycRequestsRoutes,
  type KycRequestsService,
} from './modules/kyc-requests/index.js';
import { createLocalFileStore } from './platform/files/storage.js';
import { recordLiveMessages, tradeRecordsRoutes } from './modules/trade-records/index.js';
import {
  appealsRoutes,
  createAppealsService,
  createDisputesService,
  disputesRoutes,
} from './modules/disputes/index.js';
import { chargebacksRoutes, createChargebacksService } from './modules/chargebacks/index.js';
import { createStaffService, staffRoutes } from './modules/staff/index.js';
import type { EventBus } from './platform/events/bus.js';
import { createEventBus } from './platform/events/create-bus.js';
import { createRealtimeGateway, realtimeRoutes } from './modules/realtime/index.js';
import {
  contentRoutes,
  createContentService,
  createPageFiles,
  placeholderValues,
} from './modules/content/index.js';
import { outboxRoutes } from './modules/outbox/index.js';
import { createBirthDates, createSettings, settingsRoutes } from './modules/settings/index.js';
import {
  createEmailVerification,
  createPhoneVerification,
  verificationRoutes,
} from './modules/verification/index.js';
import {
  createPendingLogins,
  createStepUp,
  createTwoFactor,
  twoFactorRoutes,
} from './modules/two-factor/index.js';
import {
  createLoginAlerts,
  createPasswords,
  createUserSessions,
  securityRoutes,
} from './modules/security/index.js';
import { createOutbox, transportsFromConfig, type Outbox } from './platform/mail/index.js';
import { reservesRoutes } from './modules/reserves/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The wallet service: `main.ts` drives the simulated chain's blocks through it. */
    wallet: WalletService;
    /** Domain events (trade status, chat messages) for the WebSocket gateway and other listeners. */
    events: EventBus;
    /** Outgoing mail and SMS; `main.ts` starts its delivery worker (decision 0025). */
    outbox: Outbox;
    /** Identity verification requests; `main.ts` runs their sweep (expiry, erasure; decision 0038). */
    kycRequests: KycRequestsService;
    /** The webhook delivery queue; `main.ts` starts its worker (decision 0043). */
    webhookDeliveries: WebhookDeliveryQueue;
  }
}

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** Pino logger options; tests pass `false` to keep output quiet. */
  logger?: boolean | object;
  /** The clock the rate limits count windows by; tests move it instead of waiting. */
  now?: () => Date;
};

/**
 * Builds the HTTP application: platform plugins first (envelope, cookies, sessions, CSRF, docs), then
 * one plugin per domain module. No listening here, so tests drive it with `app.inject`.
 */
export async function buildApp({ config, database, logger, now }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // REQUEST_LOGS: without them, a request still logs its errors (platform/http/request-logs.ts).
    ...(config.requestLogs ? {} : { logController: new QuietRequestLogs() }),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before any route: the route access table's test holds the table to what is registered (0049).
  recordRoutes(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(envelope);
  // CSP (a nonce per response), Permissions-Policy and HSTS depend on the request: security-headers.ts.
  await app.register(helmet, { contentSecurityPolicy: false, hsts: false });
  await app.register(securityHeadersPlugin, { wsAllowedOrigins: config.realtime.allowedOrigins });
  // In-process, or PostgreSQL LISTEN/NOTIFY across instances (EVENT_BUS; docs/decisions/0011-realtime.md).
  // Before sessions: an ended session is announced on it, so its sockets close on every instance.
  const events = await createEventBus(config, app.log);
  app.decorate('events', events);
  app.addHook('onClose', () => events.close());
  // Before anything subscribes to the bus: a page told of a change re-reads after its cache is dropped.
  const userReads = createUserReads(app, {
    ttlMs: config.session.userReadsMs,
    changes: database.changes,
    events,
  });

  const outbox = createOutbox({
    db: database.db,
    config,
    appName: APP_NAME,
    ...transportsFromConfig(config),
    log: app.log,
  });
  app.decorate('outbox', outbox);
  // Tests give every app its own DATA_DIR (a temp dir), so their files never meet real ones.
  const uploads = createLocalFileStore(path.join(config.dataDir, 'uploads'));
  app.addHook('onClose', () => outbox.stop());

  await app.register(cookie);
  // API keys (decision 0042): the session plugin proves them; their scopes and limits are checked with
  // the rate limits, built below, so the authenticator is read at request time.
  const apiKeys = createApiKeysService(database.db, now);
  let authenticateApiKey: ReturnType<typeof createApiKeyAuthenticator> | null = null;
  await app.register(sessionsPlugin, {
    config,
    db: database.db,
    events,
    apiKeys: (request, key) => {
      if (!authenticateApiKey) throw new Error('API keys are not ready yet');
      return authenticateApiKey(request, key);
    },
  });

  await app.register(swagger, openApiOptions({ publicUrl: config.mail.publicUrl }));
  await app.register(swaggerUi, { routePrefix: '/docs' });

  if (fs.existsSync(config.webDistDir)) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // index.html is only ever served through the shell renderer, with the state and CSRF token in it.
      allowedPath: (pathName) => pathName !== '/index.html',
      // The web build writes .br and .gz copies beside each asset (vite.config.ts): the one the browser
      // accepts is sent with `Vary: Accept-Encoding`, nothing is compressed per request.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Built assets carry a content hash in their name: cache them for good.
        if (filePath.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  // The first verification code is written with the account (decision 0026).
  const emailVerification = createEmailVerification({
    db: database.db,
    outbox,
    config,
    // Read at request time: two-factor is built with the rate limits below.
    proves: (userId, code) => twoFactor.proves(userId, code),
  });
  const users = createUsersService(database.db, { events, onRegistered: emailVerification.sendFirstCode });
  const throttle = new LoginThrottle(database.db, config.loginThrottle);
  // Request limits counted in PostgreSQL, shared by every instance (decision 0015).
  const limits = createRateLimits(createRateLimiter(database.db, now), config.rateLimits);
  authenticateApiKey = createApiKeyAuthenticator(apiKeys, (keyId) => limits.apiKey(keyId));
  // Two-factor authentication: login's second step, release and send-out codes (decision 0028).
  const twoFactor = createTwoFactor({ db: database.db, outbox, limits, appName: APP_NAME });
  const pendingLogins = createPendingLogins({ db: database.db, config });
  // Read at request time: `trades` is built further down (trades depend on users, not the reverse).
  const presentUser = createCurrentUserPresenter({
    trading: (userId) => trades.tradingFactsOf(userId),
    twoFactorFlags: (userId) => twoFactor.flags(userId),
    kyc: (userId, currencyCode) => kyc.currentUserFacts(userId, currencyCode),
    corporate: (userId) => corporate.account(userId),
    hasApiKey: (userId) => apiKeys.hasActive(userId),
    catalogue: () => catalogue.data(),
  });
  // The chain the wallet runs on (decision 0047): the initial state says which coins are simulated.
  const chain = chainFromConfig(config);
  // The current user as every page reads it: kept per user until their data changes (issue 28).
  const readCurrentUser = (userId: number) =>
    userReads.get(userId, 'current-user', async () => presentUser(await users.getById(userId)));
  const buildInitialState = createInitialStateBuilder(config, readCurrentUser, chain);

  await app.register(appRoutes, { database, buildInitialState, userReads });
  const loginAlerts = createLoginAlerts({ db: database.db, outbox });
  await app.register(authRoutes, {
    users,
    throttle,
    presentUser,
    limits,
    loginAlerts,
    secondStep: {
      async challenge(request, reply, userId) {
        const type = await twoFactor.requirement(userId, 'login');
        if (!type) return null;
        await pendingLogins.start(request, reply, userId);
        return { twoFactorRequired: true, type };
      },
    },
  });
  await app.register(twoFactorRoutes, {
    db: database.db,
    twoFactor,
    pending: pendingLogins,
    stepUp: createStepUp({ db: database.db, outbox, pending: pendingLogins }),
    presentUser,
    loginAlerts,
  });
  await app.register(usersRoutes, { readCurrentUser, userReads });

  const catalogue = createCatalogueService(database.db, {
    isCryptoEnabled: (code) => chain.supports(code),
  });
  const rates = createRatesService({
    db: database.db,
    provider: createRatesProvider(config),
    tickSeconds: config.rates.tickSeconds,
    log: app.log,
  });
  app.decorate('rates', rates);
  app.addHook('onClose', () => rates.stop());
  await app.register(catalogueRoutes, { catalogue });
  await app.register(ratesRoutes, { rates, catalogue });
  await app.register(banksRoutes);

  const ledger = createLedger(database.db);
  // The operator's KYC levels (decision 0037): what every trader may do follows from their level.
  const kycStandings = createKycStandings({ db: database.db, levels: loadKycLevels(config.kyc.levelsFile) });
  const wallet = createWalletService({
    db: database.db,
    ledger,
    catalogue,
    rates,
    kyc: kycStandings,
    chain,
    config,
    userReads,
    hooks: {
      // The bond stays while an active offer needs it (docs/decisions/0008-offers.md).
      // Information for the withdraw form: a trade locks only its escrow (decision 0007).
      hasActiveTrades: (userId) => trades.hasActiveTrades(userId),
      hasActiveBondOffers: async (userId, cryptoCode, dbOrTx = database.db) =>
        offersRepository.hasActiveInGroups(dbOrTx, userId, cryptoCode, await offers.bondGroupIds()),
      confirmSendout: (userId, code) => twoFactor.confirm(userId, 'sendout', code),
    },
  });
  app.decorate('wallet', wallet);
  await app.register(walletRoutes, { wallet, userReads });
  // Proof of reserves and the console's hot and cold balances, over every CustodyView (decision 0060).
  await app.register(reservesRoutes, {
    db: database.db,
    views: custodyViewsFromConfig(config, database.db),
    decimalsOf: (code) => wallet.decimalsOf(code),
    hotWalletTargets: config.reserves.hotWalletTargets,
    sharedForMs: config.offers.searchCacheMs,
  });

  // The four-eyes queue of withdrawals above WITHDRAW_APPROVAL_USD (decision 0058).
  await app.register(withdrawalApprovalRoutes, {
    approvals: createWithdrawalApprovals({
      db: database.db,
      ledger,
      decimalsOf: (code) => wallet.decimalsOf(code),
    }),
  });

  const offers = createOffersService({
    db: database.db,
    catalogue,
    rates,
    ledger,
    wallet,
    kyc: kycStandings,
    config,
    events,
  });
  await app.register(offersRoutes, {
    offers,
    db: database.db,
    config,
    limits,
    events,
    tradeFacts: {
      feedbackCounts: (userIds) => feedbackCountsOf(database.db, userIds),
      ownerStats: (userIds) => tradesRepository.ownerStatsOf(database.db, userIds),
      capUsed: (offerId) => tradesRepository.capUsed(database.db, offerId),
      boughtFrom: (buyerId, sellerId) => tradesRepository.hasBoughtFrom(database.db, buyerId, sellerId),
    },
  });
  await app.register(contactsRoutes, { contacts: createContactsService({ db: database.db, events }) });
  await app.register(mobileMoneyRoutes, {
    mobileMoney: createMobileMoneyService({ db: database.db, catalogue }),
  });
  await app.register(bankAccountsRoutes, {
    bankAccounts: createBankAccountsService({ db: database.db, catalogue }),
  });
  await app.register(outboxRoutes, { db: database.db, outbox });
  await app.register(verificationRoutes, {
    email: emailVerification,
    phone: createPhoneVerification({ db: database.db, outbox, catalogue }),
  });
  await app.register(settingsRoutes, {
    settings: createSettings({
      db: database.db,
      catalogue,
      store: uploads,
      events,
      guards: { hasActiveTrades: (userId) => trades.hasActiveTrades(userId) },
    }),
    birthDates: createBirthDates({ db: database.db }),
  });
  const userSessions = createUserSessions({ db: database.db, events });
  await app.register(securityRoutes, {
    sessions: userSessions,
    passwords: createPasswords({ db: database.db, outbox, config, sessions: userSessions, limits }),
  });
  await app.register(reportsRoutes, {
    reports: createReportsService({ db: database.db, config }),
    // The moderators' queue of offer reports and their actions on offers (decision 0023).
    moderation: createReportsModerationService({ db: database.db, catalogue, events }),
    // Owners' appeals against a rejection and the second moderator's decision (decision 0023).
    offerAppeals: createOfferAppealsService({ db: database.db, catalogue }),
  });
  await app.register(publicProfileRoutes, {
    db: database.db,
    catalogue,
    feedbackCounts: async (userId) =>
      (await feedbackCountsOf(database.db, [userId])).get(userId) ?? { positive: 0, negative: 0 },
    // Read at request time: the corporate module is built further down, with the verifications.
    companyName: async (userId) => (await corporate.verifiedNames([userId])).get(userId) ?? null,
    tradeStats: (userId) => tradesRepository.profileStatsOf(database.db, userId),
  });

  const trades = createTradesService({
    db: database.db,
    ledger,
    catalogue,
    rates,
    wallet,
    offers,
    events,
    kyc: kycStandings,
    recordMessages: recordLiveMessages,
    config,
  });
  app.decorate('trades', trades);
  const kyc = createKycService({
    standings: kycStandings,
    usage: {
      trades: (userId, since) => tradesRepository.takerVolumes(database.db, userId, since),
      withdrawals: (userId, since) => walletRepository.sentOutUsdSince(database.db, userId, since),
    },
    usdToFiat: async (code) => (await rates.view()).usdFiat.get(code) ?? null,
  });
  await app.register(kycRoutes, {
    kyc,
    currencyOf: async (userId) =>
      (await usersRepository.findById(database.db, userId))?.currencyCode ?? 'USD',
  });
  await app.register(tradesRoutes, {
    trades,
    db: database.db,
    limits,
    confirmRelease: (userId, code) => twoFactor.confirm(userId, 'release', code),
    userReads,
    readCurrentUser,
  });

  await app.register(feedbackRoutes, {
    feedback: createFeedbackService({ db: database.db, trades, events }),
  });
  const attachments = createAttachmentsService({
    db: database.db,
    trades,
    store: uploads,
    limits: config.attachments,
    log: app.log,
  });
  await app.register(attachmentsRoutes, { attachments, limits });
  // Identity verification (decision 0038): documents in their own private store, not the uploads.
  const kycRequests = createKycRequestsService({
    db: database.db,
    store: createLocalFileStore(path.join(config.dataDir, 'kyc-documents')),
    outbox,
    events,
    standings: kycStandings,
    catalogue,
    config,
    inspectLimits: {
      pdfMaxPages: config.attachments.pdfMaxPages,
      maxImagePixels: DEFAULT_MAX_IMAGE_PIXELS,
      pdfTimeoutMs: DEFAULT_PDF_TIMEOUT_MS,
    },
    verificationPageUrl: `${config.mail.publicUrl}/account/verification`,
  });
  app.decorate('kycRequests', kycRequests);
  await app.register(kycRequestsRoutes, {
    requests: kycRequests,
    limits,
    maxFileBytes: config.kyc.documentMaxBytes,
  });
  // An external identity service deciding ID verifications, when the operator configured one (0041).
  await app.register(kycProviderRoutes, {
    provider: createKycProvider({
      requests: kycRequests,
      config,
      verificationPageUrl: `${config.mail.publicUrl}/account/verification`,
    }),
  });
  // Corporate accounts: the company's application is its company verification (decision 0040).
  const corporate = createCorporateService({
    db: database.db,
    requests: kycRequests,
    catalogue,
    events,
    now,
  });
  await app.register(corporateRoutes, { corporate });
  await app.register(apiKeysRoutes, { apiKeys });
  // Webhooks (decision 0043): calls out only through the SSRF-safe fetch; bus events fill their queue.
  const safeFetch = createSafeFetch({
    allowedHosts: config.webhooks.allowedPrivateHosts,
    timeoutMs: config.webhooks.timeoutMs,
  });
  const webhookDeliveries = createWebhookDelivery({
    db: database.db,
    safeFetch,
    outbox,
    log: app.log,
    pollSeconds: config.webhooks.pollSeconds,
    settingsUrl: `${config.mail.publicUrl}/user/webhooks`,
  });
  app.decorate('webhookDeliveries', webhookDeliveries);
  const stopListening = webhookDeliveries.listen(events);
  app.addHook('onClose', async () => {
    stopListening();
    await webhookDeliveries.stop();
  });
  await app.register(webhooksRoutes, {
    webhooks: createWebhooksService({
      db: database.db,
      safeFetch,
      allowedHosts: config.webhooks.allowedPrivateHosts,
      knowledgeUrl: `${config.mail.publicUrl}/docs#/webhooks`,
      now,
    }),
    deliveries: webhookDeliveries,
    limits,
  });
  // Each trade's tamper-evident record (hash chain) for its parties and staff.
  await app.register(tradeRecordsRoutes, { db: database.db, store: uploads, trades });

  // Disputes for the moderators: queue, take, evidence, award (decision 0021).
  await app.register(disputesRoutes, {
    disputes: createDisputesService({
      db: database.db,
      trades,
      catalogue,
      feedbackCounts: (userIds) => feedbackCountsOf(database.db, userIds),
      chatGraceHours: config.trades.chatGraceHours,
    }),
  });
  // Appeals against dispute decisions (flag disputeAppeal; decision 0024).
  await app.register(appealsRoutes, {
    appeals: createAppealsService({ db: database.db, ledger, trades, catalogue, config }),
  });
  // Chargeback reports by sellers and their handling by staff (decision 0022).
  await app.register(chargebacksRoutes, { chargebacks: createChargebacksService({ db: database.db }) });
  // The staff console's API under /rest/v1/admin/ (users, audit log; decision 0019).
  await app.register(staffRoutes, { staff: createStaffService({ db: database.db, events }) });
  // The hot wallet's Bitcoin and Litecoin payouts, for staff (decision 0057).
  await app.register(payoutsAdminRoutes, { db: database.db, config });

  // The WebSocket gateway: pushes bus events to the users they name; typing goes to the other party.
  const realtime = createRealtimeGateway({
    db: database.db,
    bus: events,
    config,
    log: app.log,
    participantsOf: async (tradeHash, userId) => {
      const trade = await trades.participantsOf(tradeHash, userId);
      return trade ? [trade.buyerId, trade.sellerId] : null;
    },
  });
  app.decorate('realtime', realtime);
  await app.register(realtimeRoutes, { gateway: realtime, allowedOrigins: config.realtime.allowedOrigins });

  // About, terms, privacy, fees: Markdown the operator may replace in DATA_DIR/pages (decision 0016).
  const content = createContentService({
    operatorDir: path.join(config.dataDir, 'pages'),
    files: createPageFiles(app.log),
    placeholders: (locale) => placeholderValues({ appName: APP_NAME, config, wallet, catalogue }, locale),
  });
  await app.register(contentRoutes, { content });

  app.setNotFoundHandler(
    createNotFoundHandler(buildInitialState, config.webDistDir, (slug, locale) =>
      content.title(slug, locale),
    ),
  );
  return app;
}
