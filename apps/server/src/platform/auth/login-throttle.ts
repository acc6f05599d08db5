import { and, eq, inArray, isNull, like, lt, notLike, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authThrottle } from '../db/schema.js';
import { tooManyAttempts } from '../http/errors.js';
import { knownDevicesRepository } from './known-devices.js';
import { sha256 } from './tokens.js';

export type LoginThrottleOptions = { maxPerAccount: number; maxPerIp: number; windowMs: number };

/** Who is trying to log in to what: the account the login text names (null: none), and from where. */
export type LoginSource = {
  login: string;
  accountId: number | null;
  ip: string;
  /** The browser's known-device cookie, if it sent a well-formed one. */
  deviceToken: string | null;
};

export type LoginAttempt = {
  /** Whether this browser has logged in to the account before (its own budget, no account delays). */
  knownDevice: boolean;
  /** A wrong password, or no such account. */
  failed(): Promise<void>;
  /** The right password: the account's failures are forgotten (NIST 800-63B 5.2.2). */
  succeeded(): Promise<void>;
};

/** The account-wide count of failures from unknown devices lives this long without a success. */
export const ACCOUNT_WINDOW_MS = 24 * 60 * 60_000;
/** Beyond the budget, each further failure doubles the wait of the source that made it, from this. */
const SOURCE_BLOCK_FIRST_MS = 30_000;
/** Account-wide: unknown devices wait 1 s, 2 s, 4 s ... up to a minute between attempts. */
const ACCOUNT_DELAY_FIRST_MS = 1_000;
const ACCOUNT_DELAY_MAX_MS = 60_000;
/** NIST 800-63B: no more than 100 consecutive failures at the full rate; then one try per window. */
export const ACCOUNT_CONSECUTIVE_FAILURES = 100;

/**
 * The login throttle (decision 0001, "Login throttle"; ASVS 6.3.1, 6.1.1), counted in PostgreSQL so
 * every instance shares it. Keyed on the account, not the text typed: a username and an e-mail of one
 * account share their counts; a login naming no account is keyed on the text, so the answers do not
 * reveal which accounts exist. Three counters, none of them a lockout of the owner:
 * - per source (account and client IP, or account and known device): `maxPerAccount` failures in the
 *   window, then a wait of 30 s doubling per further failure, up to the window. This throttles a
 *   guesser; a browser the owner has logged in from before has a budget of its own, so nobody else's
 *   failures touch it.
 * - per account, failures from unknown devices only: past `maxPerAccount`, unknown devices wait 1 s
 *   doubling up to a minute between attempts (a distributed guesser slows down, the owner on a new
 *   device waits seconds); past 100 consecutive failures, one attempt per window. A success resets it.
 * - per IP, unknown devices only: `maxPerIp` failures in the window (one address spraying many
 *   accounts), then the address waits out the window.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly options: LoginThrottleOptions,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Checks the counters that apply (429 with Retry-After when one is blocked) and opens an attempt. */
  async begin(source: LoginSource): Promise<LoginAttempt> {
    const now = this.now();
    const subject =
      source.accountId !== null ? `id:${source.accountId}` : `login:${source.login.trim().toLowerCase()}`;
    const knownDevice =
      source.accountId !== null &&
      source.deviceToken !== null &&
      (await knownDevicesRepository.isKnown(this.db, source.deviceToken, source.accountId, now));
    const sourceKey = knownDevice
      ? `source:${subject}|device:${sha256(source.deviceToken!)}`
      : `source:${subject}|ip:${source.ip}`;
    const accountKey = `account:${subject}`;
    const ipKey = `ip:${source.ip}`;
    await this.assertNotBlocked(knownDevice ? [sourceKey] : [sourceKey, accountKey, ipKey], now);

    const { maxPerAccount, maxPerIp, windowMs } = this.options;
    return {
      knownDevice,
      failed: async () => {
        await this.bump(sourceKey, maxPerAccount, windowMs, (over) =>
          Math.min(SOURCE_BLOCK_FIRST_MS * 2 ** over, windowMs),
        );
        if (knownDevice) return;
        await this.bump(accountKey, maxPerAccount, ACCOUNT_WINDOW_MS, (over, failures) =>
          failures >= ACCOUNT_CONSECUTIVE_FAILURES
            ? windowMs
            : Math.min(ACCOUNT_DELAY_FIRST_MS * 2 ** over, ACCOUNT_DELAY_MAX_MS),
        );
        await this.bump(ipKey, maxPerIp, windowMs, () => windowMs);
      },
      succeeded: async () => {
        await this.db.delete(authThrottle).where(inArray(authThrottle.key, [sourceKey, accountKey]));
      },
    };
  }

  private async assertNotBlocked(keys: string[], now: Date): Promise<void> {
    const rows = await this.db
      .select({ blockedUntil: authThrottle.blockedUntil })
      .from(authThrottle)
      .where(inArray(authThrottle.key, keys));
    const waits = rows
      .map((row) => (row.blockedUntil ? row.blockedUntil.getTime() - now.getTime() : 0))
      .filter((ms) => ms > 0);
    if (waits.length > 0) throw tooManyAttempts(Math.max(...waits) / 1000);
  }

  private async bump(
    key: string,
    max: number,
    windowMs: number,
    blockMs: (over: number, failures: number) => number,
  ) {
    const now = this.now();
    const windowStart = new Date(now.getTime() - windowMs);
    // One statement: a failure outside the window starts a new count, so concurrent failures cannot
    // overwrite each other's increments.
    const [row] = await this.db
      .insert(authThrottle)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`CASE WHEN ${authThrottle.windowStartedAt} < ${windowStart} THEN 1 ELSE ${authThrottle.failures} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${authThrottle.windowStartedAt} < ${windowStart} THEN ${now} ELSE ${authThrottle.windowStartedAt} END`,
        },
      })
      .returning({ failures: authThrottle.failures });
    if (row && row.failures >= max) {
      const until = new Date(now.getTime() + blockMs(row.failures - max, row.failures));
      await this.db.update(authThrottle).set({ blockedUntil: until }).where(eq(authThrottle.key, key));
    }
  }
}

/**
 * Counters nobody consults any more (their window and block both over; the account counters keep a
 * day), and known devices unused for a year. Housekeeping runs it.
 */
export async function purgeSpentLoginCounters(
  db: Db,
  options: Pick<LoginThrottleOptions, 'windowMs'>,
  now: Date,
): Promise<{ loginCounters: number; forgottenDevices: number }> {
  const notBlocked = or(isNull(authThrottle.blockedUntil), lt(authThrottle.blockedUntil, now));
  const deleted = await db
    .delete(authThrottle)
    .where(
      and(
        notBlocked,
        or(
          and(
            like(authThrottle.key, 'account:%'),
            lt(authThrottle.windowStartedAt, new Date(now.getTime() - ACCOUNT_WINDOW_MS)),
          ),
          and(
            notLike(authThrottle.key, 'account:%'),
            lt(authThrottle.windowStartedAt, new Date(now.getTime() - options.windowMs)),
          ),
        ),
      ),
    )
    .returning({ key: authThrottle.key });
  const forgottenDevices = await knownDevicesRepository.purgeForgotten(db, now);
  return { loginCounters: deleted.length, forgottenDevices };
}
