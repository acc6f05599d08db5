import { eq } from 'drizzle-orm';
import type { Config } from '../platform/config.js';
import type { Db } from '../platform/db/client.js';
import { appliedSeeds } from '../platform/db/schema.js';
import { hashPassword } from '../platform/auth/passwords.js';
import { users } from '../platform/db/schema.js';
import { DEMO_LOGINS } from './demo-users.js';
import { catalogueSeed } from '../modules/catalogue/index.js';
import { ratesSeed } from '../modules/rates/index.js';
import { seedOffers } from '../modules/offers/seed.js';

export type { Seed } from '../platform/db/seed.js';
import type { Seed } from '../platform/db/seed.js';

const demoUsers: Seed = {
  name: 'demo-users-v1',
  demo: true,
  async run(db) {
    const rows = await Promise.all(
      DEMO_LOGINS.map(async (login) => ({
        username: login.username,
        email: login.email,
        role: login.role,
        passwordHash: await hashPassword(login.password),
        isDemoAccount: true,
        isEmailVerified: true,
      })),
    );
    await db.insert(users).values(rows).onConflictDoNothing();
  },
};

/**
 * The demo market: 300 traders and 2,400 active offers (funded and bonded through the ledger). Bond
 * amounts and groups are the defaults (demo data is for a first look, not for a configured deployment).
 */
const demoOffers: Seed = {
  name: 'demo-offers-v1',
  demo: true,
  async run(db) {
    await seedOffers(db, {
      users: 300,
      offers: 2_400,
      prefix: 'trader',
      bond: { amounts: {}, paymentGroups: ['gift-cards', 'online-transfers'] },
    });
  },
};

/** Seeds in the order they run. Later issues append reference data here. */
export const SEEDS: Seed[] = [catalogueSeed, ratesSeed, demoUsers, demoOffers];

/** Runs each pending seed once, in a transaction with its `applied_seeds` row. */
export async function runSeeds(
  db: Db,
  config: Pick<Config, 'demoData'>,
  seeds: Seed[] = SEEDS,
): Promise<string[]> {
  const ran: string[] = [];
  for (const seed of seeds) {
    if (seed.demo && !config.demoData) continue;
    const [done] = await db.select().from(appliedSeeds).where(eq(appliedSeeds.name, seed.name));
    if (done) continue;
    await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(appliedSeeds)
        .values({ name: seed.name })
        .onConflictDoNothing()
        .returning({ name: appliedSeeds.name });
      if (claimed.length === 0) return; // another instance got there first
      await seed.run(tx as unknown as Db);
    });
    ran.push(seed.name);
  }
  return ran;
}
