import { eq, sql } from 'drizzle-orm';
import type { Config } from '../platform/config.js';
import type { Db } from '../platform/db/client.js';
import { users } from '../platform/db/schema.js';
import { isLockedOut } from '../platform/auth/account-policy.js';

export class DemoDataInProductionError extends Error {}

/** The operator's way to the first administrator, printed when a production server has none. */
export const FIRST_ADMIN_HINT =
  'No administrator yet: create one with npm run admin -- user:create --username U --email E --password P --role admin';

/**
 * A production start without a mail server works (decision 0025: mail waits in the outbox), so nothing
 * fails that would tell the operator that nobody receives their codes: the start says so, loudly.
 */
export const NO_MAIL_SERVER_WARNING =
  'SMTP_URL is not set: no e-mail is sent. E-mail verification codes (needed to trade), security codes, ' +
  'password resets and notices wait in the outbox, where only an admin reads them (/admin/outbox). ' +
  'Set SMTP_URL for real use';
export const NO_SMS_PROVIDER_WARNING =
  'SMS_HTTP_URL is not set: no SMS is sent. Phone verification codes wait in the outbox (/admin/outbox). ' +
  'Set SMS_HTTP_URL and SMS_HTTP_TOKEN for phone verification';

/** What a production start warns about in its configuration (nothing outside production). */
export function productionStartWarnings(config: Pick<Config, 'production' | 'mail'>): string[] {
  if (!config.production) return [];
  const warnings: string[] = [];
  if (!config.mail.smtpUrl) warnings.push(NO_MAIL_SERVER_WARNING);
  if (!config.mail.smsHttp) warnings.push(NO_SMS_PROVIDER_WARNING);
  return warnings;
}

/**
 * Refuses a production start on a database that holds demo accounts (seeded earlier outside
 * production, or by the benchmark seed): their password is published, so any of them, `root` first,
 * would be a working login for anyone. Nothing is deleted here; the operator starts production on a
 * fresh database (docs/decisions/0015-rate-limits-and-production-safety.md).
 * Answers whether the operator still has to create the first administrator.
 */
export async function checkProductionDatabase(
  db: Db,
  config: Pick<Config, 'production'>,
): Promise<{ needsFirstAdmin: boolean }> {
  if (!config.production) return { needsFirstAdmin: false };
  const [demo] = await db
    .select({
      count: sql<number>`count(*)::int`,
      sample: sql<string[]>`(array_agg(${users.username} ORDER BY ${users.id}))[1:3]`,
    })
    .from(users)
    .where(eq(users.isDemoAccount, true));
  if (demo && demo.count > 0) {
    throw new DemoDataInProductionError(
      `Refusing to start in production: this database holds ${demo.count} demo account(s) ` +
        `(${demo.sample.join(', ')}${demo.count > 3 ? ', ...' : ''}) whose password is published. ` +
        'Demo data is for trying the product; start production on a new DATA_DIR or an empty ' +
        'PostgreSQL database.',
    );
  }
  const admins = await db.select({ state: users.accountState }).from(users).where(eq(users.role, 'admin'));
  return { needsFirstAdmin: !admins.some((admin) => !isLockedOut(admin.state)) };
}
