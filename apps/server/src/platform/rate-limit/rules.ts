import type { Config } from '../config.js';
import { clientAddressSubject } from './client-address.js';
import type { RateLimiter, RateRule } from './limiter.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const wait = (seconds: number) =>
  seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;

/** The limits the routes apply, with their values from the configuration (README, RATE_LIMIT_*). */
export function rateRules(limits: Config['rateLimits']) {
  return {
    register: {
      name: 'register',
      limit: limits.registerPerHour,
      windowMs: HOUR,
      message: (s) => `Too many sign-ups from your network. Please try again in ${wait(s)}.`,
    },
    chat: {
      name: 'chat',
      limit: limits.chatPerMinute,
      windowMs: MINUTE,
      message: (s) => `You are sending messages too fast. Please try again in ${wait(s)}.`,
    },
    chatInTrade: {
      name: 'chat-trade',
      limit: limits.chatPerTradePerMinute,
      windowMs: MINUTE,
      message: (s) => `You are sending messages in this trade too fast. Please try again in ${wait(s)}.`,
    },
    upload: {
      name: 'upload',
      limit: limits.uploadsPerHour,
      windowMs: HOUR,
      message: (s) => `You have uploaded too many files. Please try again in ${wait(s)}.`,
    },
    password: {
      name: 'password',
      limit: limits.passwordPerHour,
      windowMs: HOUR,
      message: (s) => `Too many password attempts. Please try again in ${wait(s)}.`,
    },
    codes: {
      name: 'codes',
      limit: limits.codesPerHour,
      windowMs: HOUR,
      message: (s) => `Too many codes entered. Please try again in ${wait(s)}.`,
    },
    search: {
      name: 'search',
      limit: limits.searchesPerMinute,
      windowMs: MINUTE,
      message: (s) => `Too many searches. Please try again in ${wait(s)}.`,
    },
    apiKey: {
      name: 'api-key',
      limit: limits.apiKeyPerMinute,
      windowMs: MINUTE,
      message: (s) => `Too many calls with this API key. Please try again in ${wait(s)}.`,
    },
    webhookCalls: {
      name: 'webhook-calls',
      limit: limits.webhookCallsPerHour,
      windowMs: HOUR,
      message: (s) => `Too many webhook checks and resends. Please try again in ${wait(s)}.`,
    },
  } satisfies Record<string, RateRule>;
}

/**
 * What each route counts, and as whom: a signed-in user by account (wherever they connect from), an
 * anonymous client by address (IPv6 by /64). Each call throws 429 RATE_LIMITED with Retry-After.
 */
export function createRateLimits(limiter: RateLimiter, limits: Config['rateLimits']) {
  const rules = rateRules(limits);
  return {
    /** Every registration attempt that passed validation, per client address. */
    registration: (ip: string) => limiter.hit(rules.register, clientAddressSubject(ip)),
    /** A chat message: per user across trades first, then per user in this trade. */
    async chatMessage(userId: number, tradeHash: string) {
      await limiter.hit(rules.chat, `user:${userId}`);
      await limiter.hit(rules.chatInTrade, `user:${userId}:trade:${tradeHash}`);
    },
    /** An attachment upload a party of the trade is about to send. */
    upload: (userId: number) => limiter.hit(rules.upload, `user:${userId}`),
    /** A password change (per user: guesses at the current password) or a reset request (per address). */
    passwordChange: (userId: number) => limiter.hit(rules.password, `user:${userId}`),
    passwordForgot: (ip: string) => limiter.hit(rules.password, clientAddressSubject(ip)),
    /** A two-factor code entered (login, release, send-out, settings), per user. */
    secondFactor: (userId: number) => limiter.hit(rules.codes, `user:${userId}`),
    /** Every call made with an API key, per key (decision 0042). */
    apiKey: (keyId: number) => limiter.hit(rules.apiKey, `api-key:${keyId}`),
    /** A webhook check (save, verify) or "send again": each calls another server (decision 0043). */
    webhookCall: (userId: number) => limiter.hit(rules.webhookCalls, `user:${userId}`),
    /** A marketplace search (answered from the shared anonymous cache or not). */
    search: (viewer: { userId: number | undefined; ip: string }) =>
      limiter.hit(
        rules.search,
        viewer.userId === undefined ? clientAddressSubject(viewer.ip) : `user:${viewer.userId}`,
      ),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
