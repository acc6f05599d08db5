import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authThrottle } from '../db/schema.js';
import { tooManyAttempts } from '../http/errors.js';

export type LoginThrottleOptions = { maxPerAccount: number; maxPerIp: number; windowMs: number };

/**
 * Failed-login throttling per account and per IP (ASVS 6.3.1), kept in PostgreSQL so every instance
 * shares the counts. Past the limit a key is blocked for a growing time rather than locked for good,
 * so nobody can lock a victim out for ever by guessing (ASVS 6.1.1): the account key doubles its wait
 * from 30 s up to the window with each further failure, the IP key waits out the window.
 * The account key is the login text as typed (lowercased), whether or not such an account exists, so
 * the answers do not reveal which accounts exist.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly options: LoginThrottleOptions,
    private readonly now: () => Date = () => new Date(),
  ) {}

  static keys(login: string, ip: string) {
    return { account: `account:${login.trim().toLowerCase()}`, ip: `ip:${ip}` };
  }

  /** Throws 429 with Retry-After when either key is blocked. */
  async assertNotBlocked(login: string, ip: string): Promise<void> {
    const { account, ip: ipKey } = LoginThrottle.keys(login, ip);
    const rows = await this.db
      .select({ blockedUntil: authThrottle.blockedUntil })
      .from(authThrottle)
      .where(inArray(authThrottle.key, [account, ipKey]));
    const at = this.now().getTime();
    const waits = rows
      .map((row) => (row.blockedUntil ? row.blockedUntil.getTime() - at : 0))
      .filter((ms) => ms > 0);
    if (waits.length > 0) throw tooManyAttempts(Math.max(...waits) / 1000);
  }

  async recordFailure(login: string, ip: string): Promise<void> {
    const { account, ip: ipKey } = LoginThrottle.keys(login, ip);
    await this.bump(account, this.options.maxPerAccount, (over) =>
      Math.min(30_000 * 2 ** over, this.options.windowMs),
    );
    await this.bump(ipKey, this.options.maxPerIp, () => this.options.windowMs);
  }

  async recordSuccess(login: string): Promise<void> {
    await this.db.delete(authThrottle).where(eq(authThrottle.key, LoginThrottle.keys(login, '').account));
  }

  private async bump(key: string, max: number, blockMs: (over: number) => number) {
    const now = this.now();
    const windowStart = new Date(now.getTime() - this.options.windowMs);
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
      const until = new Date(now.getTime() + blockMs(row.failures - max));
      await this.db.update(authThrottle).set({ blockedUntil: until }).where(eq(authThrottle.key, key));
    }
  }
}
