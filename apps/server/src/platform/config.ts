import path from 'node:path';
import { z } from 'zod';
import { booleanString, coinMap, ConfigError, list } from './config-values.js';
import { chainConfigOf, chainEnvShape, type ChainSettings } from './config-chain.js';

export { ConfigError } from './config-values.js';
export type { BitcoinCoinSettings, EvmChainConfig } from './config-chain.js';
import { featureFlags, type FeatureFlag, type Features } from '@app/contract';

/**
 * Every setting the server reads, from the environment only (secrets never live in the repository).
 * The README's configuration table lists the same variables; keep the two in step.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  APP_ENV: z.enum(['local', 'staging', 'production', 'testing', 'automation', 'demo']).default('local'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // A log line per request: `auto` is on in production (log shippers) and at debug/trace, off otherwise.
  REQUEST_LOGS: z.enum(['auto', 'true', 'false']).default('auto'),
  // Unset: on outside production, off in production (decision 0015).
  DEMO_DATA: booleanString.optional(),
  FEATURES: z.string().default(''),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(24),
  SESSION_READ_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(2_000),
  USER_READS_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  TRUST_PROXY: booleanString.default(false),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_THROTTLE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  MAINTENANCE_MESSAGE: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  RATES_PROVIDER: z.enum(['simulated', 'http']).default('simulated'),
  RATES_HTTP_URL: z.string().url().optional(),
  RATES_TICK_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  WALLET_CONFIRMATIONS: z.string().default(''),
  WALLET_NETWORK_FEES: z.string().default(''),
  CHAIN_BLOCK_SECONDS: z.coerce.number().int().min(1).max(3_600).default(20),
  WALLET_BLOCKED_COUNTRIES: z.string().default(''),
  COMPLIANCE_GRAY_COUNTRIES: z.string().default(''),
  COMPLIANCE_BLOCKED_COUNTRIES: z.string().default(''),
  WITHDRAW_MIN_ACCOUNT_AGE_HOURS: z.coerce.number().min(0).default(0),
  WITHDRAW_REQUIRE_VERIFIED_EMAIL: booleanString.default(true),
  ...chainEnvShape,
  // External withdrawals worth more USD than this wait for two staff approvals (decision 0058); unset: none.
  WITHDRAW_APPROVAL_USD: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'a USD amount such as 10000 or 2500.50')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  BOND_AMOUNTS: z.string().default(''),
  BOND_PAYMENT_GROUPS: z.string().default('gift-cards,online-transfers'),
  BOND_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  OFFER_MARGIN_MIN: z.coerce.number().min(-99).max(0).default(-50),
  OFFER_MARGIN_MAX: z.coerce.number().min(0).max(10_000).default(200),
  OFFER_MAX_LIMIT_USD: z.coerce.number().int().min(1).default(100_000),
  OFFER_SEARCH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  TRADE_FEE_PERCENT: z.coerce.number().min(0).max(10).default(1),
  KYC_LEVELS_FILE: z.string().optional(),
  KYC_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  KYC_ATTEMPT_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  KYC_REQUEST_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  KYC_DOCUMENT_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(1_825),
  KYC_DOCUMENT_MAX_MB: z.coerce.number().int().min(1).max(50).default(10),
  KYC_PROVIDER: z.enum(['manual', 'sumsub']).default('manual'),
  KYC_PROVIDER_URL: z.string().url().default('https://api.sumsub.com'),
  KYC_PROVIDER_APP_TOKEN: z.string().optional(),
  KYC_PROVIDER_SECRET_KEY: z.string().optional(),
  KYC_PROVIDER_WEBHOOK_SECRET: z.string().optional(),
  KYC_PROVIDER_LEVEL: z.string().min(1).max(100).default('basic-kyc-level'),
  TRADE_DISPUTE_AFTER_PAID_MINUTES: z.coerce.number().int().min(0).max(10_080).default(30),
  // The same wait in seconds, replacing the minutes when set: the browser tests wait a few seconds.
  TRADE_DISPUTE_AFTER_PAID_SECONDS: z.coerce.number().int().min(0).max(604_800).optional(),
  TRADE_SELLER_CANCEL_MINUTES: z.coerce.number().int().min(1).max(1_440).default(5),
  TRADE_CHAT_GRACE_HOURS: z.coerce.number().int().min(0).max(8_760).default(24),
  TRADE_APPEAL_WINDOW_HOURS: z.coerce.number().int().min(1).max(8_760).default(72),
  TRADE_EXPIRY_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3_600).default(15),
  ATTACHMENT_MAX_SIZE_MB: z.coerce.number().int().min(1).max(100).default(10),
  ATTACHMENT_MAX_PER_TRADE: z.coerce.number().int().min(1).max(100).default(10),
  ATTACHMENT_PDF_MAX_PAGES: z.coerce.number().int().min(1).max(500).default(20),
  EVENT_BUS: z.enum(['auto', 'memory', 'pg']).default('auto'),
  WS_ALLOWED_ORIGINS: z.string().default(''),
  REPORTS_MAX_PER_DAY: z.coerce.number().int().min(1).max(1_000).default(10),
  // Request rate limits (platform/rate-limit, decision 0015); 0 switches one off.
  RATE_LIMIT_REGISTER_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(10),
  RATE_LIMIT_CHAT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(60),
  RATE_LIMIT_CHAT_PER_TRADE_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(20),
  RATE_LIMIT_UPLOADS_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(30),
  RATE_LIMIT_SEARCH_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(120),
  RATE_LIMIT_PASSWORD_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(10),
  RATE_LIMIT_CODES_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(30),
  RATE_LIMIT_API_KEY_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(120),
  RATE_LIMIT_WEBHOOK_CALLS_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(30),
  // Webhooks (modules/webhooks; decision 0043).
  WEBHOOK_ALLOWED_PRIVATE_HOSTS: z.string().default(''),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(30).default(10),
  WEBHOOK_POLL_SECONDS: z.coerce.number().int().min(1).max(3_600).default(5),
  // Mail and SMS (platform/mail; decision 0025). Unset: every message is kept in the outbox only.
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().optional(),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  OUTBOX_POLL_SECONDS: z.coerce.number().int().min(1).max(3_600).default(5),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
});

export type Config = ChainSettings & {
  nodeEnv: 'development' | 'production' | 'test';
  appEnv: 'local' | 'staging' | 'production' | 'testing' | 'automation' | 'demo';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /** Fastify's "incoming request" / "request completed" lines (REQUEST_LOGS, resolved). */
  requestLogs: boolean;
  /** NODE_ENV or APP_ENV is `production`: no demo data, and a start on demo accounts is refused. */
  production: boolean;
  demoData: boolean;
  features: Features;
  session: {
    idleMs: number;
    absoluteMs: number;
    cookieSecure: 'auto' | boolean;
    /** How long read requests may use a session row already read (0: every request reads it). */
    readCacheMs: number;
    /**
     * How long a user's own everyday reads (current user, running trades, history) are kept at most
     * (issue 28): every change announced drops them sooner. 0: computed on every request.
     */
    userReadsMs: number;
  };
  trustProxy: boolean;
  loginThrottle: { maxPerAccount: number; maxPerIp: number; windowMs: number };
  maintenanceMessage: string | null;
  webDistDir: string;
  /** Market rates: where they come from and how often they move (modules/rates). */
  rates: { provider: 'simulated' | 'http'; httpUrl: string | undefined; tickSeconds: number };
  /** Wallet, simulated chain and bonds (modules/wallet; docs/decisions/0007-wallet-and-bonds.md). */
  wallet: {
    /** Per-coin overrides of confirmations and network fees (decimal strings); defaults live in the module. */
    confirmations: Record<string, number>;
    networkFees: Record<string, string>;
    blockSeconds: number;
    blockedCountries: string[];
    minAccountAgeHours: number;
    /** Crypto leaves the platform only from accounts with a verified e-mail (decision 0026). */
    requireVerifiedEmail: boolean;
    /**
     * External withdrawals worth more than this many USD (a decimal string) wait for two staff approvals
     * (decision 0058); null: no approval queue.
     */
    approvalUsd: string | null;
    bond: { amounts: Record<string, string>; paymentGroups: string[]; holdDays: number };
  };
  /** Offer editor bounds and who may create offers (modules/offers; docs/decisions/0008-offers.md). */
  offers: {
    /** Margin bounds in percent; a fixed price must lie within the same bounds around the market. */
    marginMin: number;
    marginMax: number;
    /** The largest limit (range max, predefined amount) an offer may have, in USD. */
    maxLimitUsd: number;
    /**
     * How long marketplace pages, offer pages and viewer facts are shared before they are built again
     * (decision 0031): the staleness bound of every change made elsewhere. 0: everything is computed.
     */
    searchCacheMs: number;
  };
  /**
   * The operator's compliance lists (decision 0039), ISO 3166-1 alpha-2 codes of where a trader says they
   * live: gray-listed jurisdictions (their offers carry the sanctions-list warning) and blocked ones (no
   * trading, no offers, no send-outs; their offers leave the marketplace).
   */
  compliance: { grayCountries: string[]; blockedCountries: string[] };
  /**
   * KYC levels (modules/kyc; decision 0037): the operator's levels table, a JSON file, or the built-in
   * one. What each level requires and allows, the trading and withdrawal limits among it.
   */
  kyc: {
    levelsFile: string | null;
    /** Requests a trader may start per type within `attemptWindowDays` (`left-attempt`). */
    maxAttempts: number;
    attemptWindowDays: number;
    /** Days a started request waits for its documents before it expires. */
    requestTtlDays: number;
    /** Days documents are kept after their request was decided, before an erasure the trader asked for. */
    documentRetentionDays: number;
    documentMaxBytes: number;
    /**
     * An external identity service deciding ID verifications instead of staff (modules/kyc-provider,
     * decision 0041); null: the manual review, the default.
     */
    provider: {
      name: 'sumsub';
      baseUrl: string;
      appToken: string;
      secretKey: string;
      webhookSecret: string;
      levelName: string;
    } | null;
  };
  /** Trade rules and limits (modules/trades; docs/decisions/0009-trades.md). */
  trades: {
    /** Escrow fee in percent of the crypto amount, paid by the offer owner. */
    feePercent: number;
    /** Seconds after "paid" before either party may open a dispute (the rule uses this one). */
    disputeAfterPaidSeconds: number;
    /** The same wait in whole minutes, rounded up, as the content pages say it. */
    disputeAfterPaidMinutes: number;
    /** Minutes a vendor-buyer has to open a new trade before the seller may cancel it. */
    sellerCancelMinutes: number;
    /** Hours the chat stays open after a trade ends. */
    chatGraceHours: number;
    /** Hours after a dispute decision during which the losing party may appeal (flag `disputeAppeal`). */
    appealWindowHours: number;
    /** How often the expiry job looks for unpaid trades past their window. */
    expirySweepSeconds: number;
  };
  /** Real time (platform/events, modules/realtime; docs/decisions/0011-realtime.md). */
  realtime: {
    /** In-process bus (one instance) or PostgreSQL LISTEN/NOTIFY (several instances on one database). */
    bus: 'memory' | 'pg';
    /** Origins allowed to open the WebSocket besides the page's own (e.g. a dev server on another port). */
    allowedOrigins: string[];
  };
  /**
   * Request rate limits kept in PostgreSQL (platform/rate-limit; decision 0015). 0 switches one off.
   */
  rateLimits: {
    /** Registration attempts per client address (IPv6: per /64) and hour. */
    registerPerHour: number;
    /** Chat messages per user and minute, all trades together. */
    chatPerMinute: number;
    /** Chat messages per user and minute in one trade. */
    chatPerTradePerMinute: number;
    /** Attachment uploads per user and hour. */
    uploadsPerHour: number;
    /** Marketplace searches per minute, per user (signed in) or per client address (anonymous). */
    searchesPerMinute: number;
    /** Password changes per user, and forgotten-password requests per client address, per hour. */
    passwordPerHour: number;
    /** Two-factor codes one user may enter per hour (right or wrong). */
    codesPerHour: number;
    /** Calls per API key and minute (decision 0042). */
    apiKeyPerMinute: number;
    /** Webhook checks (save, verify) and "send again", per user: each is a call out to another server. */
    webhookCallsPerHour: number;
  };
  /** Offer reports (modules/reports; docs/decisions/0008-offers.md, "Web: offer page, report, profile"). */
  reports: {
    /** Reports one user may send in 24 hours. */
    maxPerDay: number;
  };
  /**
   * Outgoing mail and SMS (platform/mail; decision 0025): every message is written to the outbox table
   * and, when a transport is configured, delivered from there by a durable worker with retries.
   */
  /** Webhooks (modules/webhooks; decision 0043). */
  webhooks: {
    /** Hosts that may be private or plain http: the operator's internal receivers, the tests'. */
    allowedPrivateHosts: string[];
    timeoutMs: number;
    pollSeconds: number;
  };
  mail: {
    /** The address links in mails point to (no trailing slash). */
    publicUrl: string;
    /** SMTP transport URL (nodemailer); null: mails are kept in the outbox for staff to read. */
    smtpUrl: string | null;
    from: string;
    /** HTTP SMS/voice provider (POST JSON, bearer token); null: SMS are kept in the outbox. */
    smsHttp: { url: string; token: string | null } | null;
    pollSeconds: number;
    maxAttempts: number;
  };
  /** Trade chat attachments (modules/attachments; docs/decisions/0010-feedback-and-attachments.md). */
  attachments: {
    /** Largest file accepted, in bytes. */
    maxFileBytes: number;
    /** Files each party may upload into one trade. */
    maxFilesPerParty: number;
    /** Most pages a PDF may have. */
    pdfMaxPages: number;
  };
};

/** A list of ISO 3166-1 alpha-2 country codes (`KP,IR`); anything else stops the start with the name. */
function isoList(value: string, name: string): string[] {
  const codes = list(value).map((code) => code.toUpperCase());
  const bad = codes.find((code) => !/^[A-Z]{2}$/.test(code));
  if (bad !== undefined) {
    throw new ConfigError(`Invalid configuration:\n  ${name}: "${bad}" is not a two-letter country code`);
  }
  return codes;
}

/** The external identity service, when KYC_PROVIDER names one: its three secrets are then required. */
function kycProviderOf(e: z.infer<typeof envSchema>): Config['kyc']['provider'] {
  if (e.KYC_PROVIDER === 'manual') return null;
  const missing = (
    ['KYC_PROVIDER_APP_TOKEN', 'KYC_PROVIDER_SECRET_KEY', 'KYC_PROVIDER_WEBHOOK_SECRET'] as const
  ).filter((name) => !e[name]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: required when KYC_PROVIDER=sumsub`).join('\n')}`,
    );
  }
  return {
    name: e.KYC_PROVIDER,
    baseUrl: e.KYC_PROVIDER_URL.replace(/\/+$/, ''),
    appToken: e.KYC_PROVIDER_APP_TOKEN!,
    secretKey: e.KYC_PROVIDER_SECRET_KEY!,
    webhookSecret: e.KYC_PROVIDER_WEBHOOK_SECRET!,
    levelName: e.KYC_PROVIDER_LEVEL,
  };
}

/** Parses the environment; an invalid value stops the process with the variable's name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", so `DATABASE_URL=` falls back to the embedded database.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const enabled = new Set(
    e.FEATURES.split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
  const unknown = [...enabled].filter((name) => !(featureFlags as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new ConfigError(`Unknown feature flag(s) in FEATURES: ${unknown.join(', ')}`);
  }
  if (e.EVENT_BUS === 'pg' && !e.DATABASE_URL) {
    // PGlite lives in one process: there is no other instance to notify.
    throw new ConfigError('Invalid configuration:\n  EVENT_BUS: pg needs DATABASE_URL (PostgreSQL)');
  }
  const production = e.NODE_ENV === 'production' || e.APP_ENV === 'production';
  if (production && e.DEMO_DATA === true) {
    // The demo accounts share a password printed in the README: they must never exist in production.
    throw new ConfigError(
      'Invalid configuration:\n  DEMO_DATA: must be false in production (NODE_ENV or APP_ENV is production); ' +
        'the demo accounts have a published password. Create the first administrator with ' +
        '`npm run admin -- user:create --role admin` instead.',
    );
  }
  if (e.RATES_PROVIDER === 'http' && !e.RATES_HTTP_URL) {
    throw new ConfigError('Invalid configuration:\n  RATES_HTTP_URL: required when RATES_PROVIDER=http');
  }
  const features = Object.fromEntries(featureFlags.map((flag) => [flag, enabled.has(flag)])) as Record<
    FeatureFlag,
    boolean
  >;
  return {
    nodeEnv: e.NODE_ENV,
    appEnv: e.APP_ENV,
    host: e.HOST,
    port: e.PORT,
    // Relative to where the operator ran npm (INIT_CWD), not to the workspace npm switched into.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    requestLogs:
      e.REQUEST_LOGS === 'auto'
        ? production || e.LOG_LEVEL === 'debug' || e.LOG_LEVEL === 'trace'
        : e.REQUEST_LOGS === 'true',
    production,
    demoData: e.DEMO_DATA ?? !production,
    features,
    session: {
      idleMs: e.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
      cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true',
      readCacheMs: e.SESSION_READ_CACHE_MS,
      userReadsMs: e.USER_READS_CACHE_MS,
    },
    trustProxy: e.TRUST_PROXY,
    loginThrottle: {
      maxPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowMs: e.LOGIN_THROTTLE_WINDOW_MINUTES * 60_000,
    },
    maintenanceMessage: e.MAINTENANCE_MESSAGE ?? null,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? new URL('../../../web/dist', import.meta.url).pathname),
    rates: { provider: e.RATES_PROVIDER, httpUrl: e.RATES_HTTP_URL, tickSeconds: e.RATES_TICK_SECONDS },
    wallet: {
      confirmations: Object.fromEntries(
        Object.entries(coinMap(e.WALLET_CONFIRMATIONS, 'WALLET_CONFIRMATIONS', /^\d{1,3}$/)).map(([k, v]) => [
          k,
          Number(v),
        ]),
      ),
      networkFees: coinMap(e.WALLET_NETWORK_FEES, 'WALLET_NETWORK_FEES', /^\d+(\.\d+)?$/),
      blockSeconds: e.CHAIN_BLOCK_SECONDS,
      blockedCountries: list(e.WALLET_BLOCKED_COUNTRIES).map((iso) => iso.toUpperCase()),
      minAccountAgeHours: e.WITHDRAW_MIN_ACCOUNT_AGE_HOURS,
      requireVerifiedEmail: e.WITHDRAW_REQUIRE_VERIFIED_EMAIL,
      approvalUsd: e.WITHDRAW_APPROVAL_USD ?? null,
      bond: {
        amounts: coinMap(e.BOND_AMOUNTS, 'BOND_AMOUNTS', /^\d+(\.\d+)?$/),
        paymentGroups: list(e.BOND_PAYMENT_GROUPS),
        holdDays: e.BOND_HOLD_DAYS,
      },
    },
    ...chainConfigOf(e),
    offers: {
      marginMin: e.OFFER_MARGIN_MIN,
      marginMax: e.OFFER_MARGIN_MAX,
      maxLimitUsd: e.OFFER_MAX_LIMIT_USD,
      searchCacheMs: e.OFFER_SEARCH_CACHE_MS,
    },
    compliance: {
      grayCountries: isoList(e.COMPLIANCE_GRAY_COUNTRIES, 'COMPLIANCE_GRAY_COUNTRIES'),
      blockedCountries: isoList(e.COMPLIANCE_BLOCKED_COUNTRIES, 'COMPLIANCE_BLOCKED_COUNTRIES'),
    },
    kyc: {
      levelsFile: e.KYC_LEVELS_FILE ?? null,
      maxAttempts: e.KYC_MAX_ATTEMPTS,
      attemptWindowDays: e.KYC_ATTEMPT_WINDOW_DAYS,
      requestTtlDays: e.KYC_REQUEST_TTL_DAYS,
      documentRetentionDays: e.KYC_DOCUMENT_RETENTION_DAYS,
      documentMaxBytes: e.KYC_DOCUMENT_MAX_MB * 1_048_576,
      provider: kycProviderOf(e),
    },
    trades: {
      feePercent: e.TRADE_FEE_PERCENT,
      disputeAfterPaidSeconds: e.TRADE_DISPUTE_AFTER_PAID_SECONDS ?? e.TRADE_DISPUTE_AFTER_PAID_MINUTES * 60,
      disputeAfterPaidMinutes:
        e.TRADE_DISPUTE_AFTER_PAID_SECONDS === undefined
          ? e.TRADE_DISPUTE_AFTER_PAID_MINUTES
          : Math.ceil(e.TRADE_DISPUTE_AFTER_PAID_SECONDS / 60),
      sellerCancelMinutes: e.TRADE_SELLER_CANCEL_MINUTES,
      chatGraceHours: e.TRADE_CHAT_GRACE_HOURS,
      appealWindowHours: e.TRADE_APPEAL_WINDOW_HOURS,
      expirySweepSeconds: e.TRADE_EXPIRY_SWEEP_SECONDS,
    },
    realtime: {
      bus: e.EVENT_BUS === 'auto' ? (e.DATABASE_URL ? 'pg' : 'memory') : e.EVENT_BUS,
      allowedOrigins: list(e.WS_ALLOWED_ORIGINS).map((origin) => origin.replace(/\/+$/, '').toLowerCase()),
    },
    reports: { maxPerDay: e.REPORTS_MAX_PER_DAY },
    rateLimits: {
      registerPerHour: e.RATE_LIMIT_REGISTER_PER_HOUR,
      chatPerMinute: e.RATE_LIMIT_CHAT_PER_MINUTE,
      chatPerTradePerMinute: e.RATE_LIMIT_CHAT_PER_TRADE_PER_MINUTE,
      uploadsPerHour: e.RATE_LIMIT_UPLOADS_PER_HOUR,
      searchesPerMinute: e.RATE_LIMIT_SEARCH_PER_MINUTE,
      passwordPerHour: e.RATE_LIMIT_PASSWORD_PER_HOUR,
      codesPerHour: e.RATE_LIMIT_CODES_PER_HOUR,
      apiKeyPerMinute: e.RATE_LIMIT_API_KEY_PER_MINUTE,
      webhookCallsPerHour: e.RATE_LIMIT_WEBHOOK_CALLS_PER_HOUR,
    },
    webhooks: {
      allowedPrivateHosts: list(e.WEBHOOK_ALLOWED_PRIVATE_HOSTS).map((host) => host.toLowerCase()),
      timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1_000,
      pollSeconds: e.WEBHOOK_POLL_SECONDS,
    },
    mail: {
      publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`).replace(
        /\/+$/,
        '',
      ),
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? 'P2P Market <no-reply@localhost>',
      smsHttp: e.SMS_HTTP_URL ? { url: e.SMS_HTTP_URL, token: e.SMS_HTTP_TOKEN ?? null } : null,
      pollSeconds: e.OUTBOX_POLL_SECONDS,
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
    },
    attachments: {
      maxFileBytes: e.ATTACHMENT_MAX_SIZE_MB * 1_048_576,
      maxFilesPerParty: e.ATTACHMENT_MAX_PER_TRADE,
      pdfMaxPages: e.ATTACHMENT_PDF_MAX_PAGES,
    },
  };
}
