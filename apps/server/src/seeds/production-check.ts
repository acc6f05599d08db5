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
